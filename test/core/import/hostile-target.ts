/**
 * Runs the hostile corpus (hostile-corpus.ts) through the import as the app
 * does it: the real core on a data folder with contacts in it, each file
 * opened, planned with the mapping offered and saved, over `core.dispatch`
 * (the import worker thread included). Shared by hostile-corpus.test.ts and
 * the benchmark's `hostile` part, so both judge a file the same way.
 * No vitest here: the benchmark runs under plain tsx.
 */
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describeFileError } from '@core/import/file';
import type { Core } from '@core/kernel/core';
import { createCore, DATABASE_FILE } from '@core/kernel/create-core';
import { IMPORT_FILE_ERRORS, type ImportFileErrorCode } from '@shared/contract/import';
import type { ImportOpenedView, ImportResultView } from '@shared/dto';
import type { Result } from '@shared/app-error';
import { createRecordingHost } from '../../support/test-host';
import type { HostileCase, StoredContact } from './hostile-corpus';

/** Contacts the folder holds before any hostile file (phones no case uses). */
const SEEDED = [
  'Nome;Celular;E-mail',
  'Maria Semente;(21) 99876-0001;maria@exemplo.com.br',
  'José Semente;(21) 99876-0002;',
  'Ana Semente;(21) 99876-0003;',
];

export interface HostileTarget {
  core: Core;
  /** Every row of the contacts table, every column, as one string (compared before and after). */
  dump(): string;
  close(): Promise<void>;
}

export async function openHostileTarget(dataDir: string): Promise<HostileTarget> {
  const core = await createCore({
    dataDir,
    host: createRecordingHost('pt-BR'),
    secretStore: null,
    localOnly: true,
  });
  const db = new Sqlite(join(dataDir, DATABASE_FILE), { readonly: true });
  const target: HostileTarget = {
    core,
    dump: () => JSON.stringify(db.prepare('SELECT * FROM contacts ORDER BY seq').raw().all()),
    close: async () => {
      db.close();
      await core.close();
    },
  };
  const seeded = await importThrough(core, Buffer.from(SEEDED.join('\r\n') + '\r\n', 'utf8'), 'semente.csv');
  if (!('imported' in seeded) || seeded.imported !== SEEDED.length - 1) {
    throw new Error(`the seed contacts were not imported: ${JSON.stringify(seeded)}`);
  }
  return target;
}

export type HostileOutcome =
  | { refused: string; at: 'open' | 'plan' | 'commit'; params: Record<string, string | number> }
  | { imported: number; invalid: number }
  /** Neither: the import threw (a bug in it), or the dispatch never answered. */
  | { unexpected: string };

export interface HostileRun {
  outcome: HostileOutcome;
  /** Contacts in the table after the file that were not there before. */
  added: StoredContact[];
  /** Some row of the contacts table that was there before is not, or differs. */
  changedExisting: boolean;
  ms: number;
  /** Highest resident set size during the file, less what it was when the file started (MB). */
  peakRssMb: number;
  size: number;
}

type Answer =
  { ok: true; value: unknown } | { ok: false; code: string; params: Record<string, string | number> };

function answerOf(result: Result<unknown>): Answer {
  if (result.ok) return { ok: true, value: result.value };
  return { ok: false, code: result.error.code, params: result.error.details?.params ?? {} };
}

/** open → plan (the mapping the window offers) → commit, as the import wizard does; then the import is closed. */
async function importThrough(core: Core, data: Uint8Array, fileName: string): Promise<HostileOutcome> {
  const opened = answerOf(await core.dispatch('import:open', { fileName, data }));
  if (!opened.ok) return { refused: opened.code, at: 'open', params: opened.params };
  const { importId, preview } = opened.value as ImportOpenedView;
  try {
    const plan = answerOf(
      await core.dispatch('import:plan', {
        importId,
        mapping: preview.mapping,
        acceptNineDigitFix: false,
        locale: 'pt-BR',
      }),
    );
    if (!plan.ok) return { refused: plan.code, at: 'plan', params: plan.params };
    const saved = answerOf(await core.dispatch('import:commit', { importId, onDuplicate: 'update' }));
    if (!saved.ok) return { refused: saved.code, at: 'commit', params: saved.params };
    const result = saved.value as ImportResultView;
    return { imported: result.imported, invalid: result.invalid };
  } finally {
    await core.dispatch('import:cancel', { importId });
  }
}

function rowsOf(dump: string): StoredContact[] & { key: string[] } {
  const rows = JSON.parse(dump) as unknown[][];
  // Columns: seq, id, profile, name, sort_key, phone, email, fields, ...
  const contacts = rows.map((r) => ({
    name: r[3] as string,
    phone: r[5] as string,
    email: (r[6] as string | null) ?? null,
    fields: JSON.parse(r[7] as string) as Record<string, string>,
  }));
  return Object.assign(contacts, { key: rows.map((r) => JSON.stringify(r)) });
}

/** One file through the import: how it ended, what it added, its time and memory. */
export async function runHostileCase(target: HostileTarget, c: HostileCase): Promise<HostileRun> {
  const bytes = c.bytes();
  const before = target.dump();
  const startRss = process.memoryUsage.rss();
  let peak = startRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const started = performance.now();
  let outcome: HostileOutcome;
  try {
    outcome = await importThrough(target.core, bytes, c.fileName);
  } catch (error) {
    outcome = { unexpected: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage.rss());
  const after = target.dump();
  const old = rowsOf(before);
  const now = rowsOf(after);
  const oldPhones = new Set(old.map((r) => r.phone));
  const nowKeys = new Set(now.key);
  return {
    outcome,
    added: now.filter((r) => !oldPhones.has(r.phone)),
    changedExisting: old.key.some((k) => !nowKeys.has(k)),
    ms,
    peakRssMb: (peak - startRss) / (1024 * 1024),
    size: bytes.length,
  };
}

/** The user's sentence for a refusal (the CLI prints it; the window has the same in its i18n tables), in both languages. */
export function sentences(code: ImportFileErrorCode, params: Record<string, string | number>) {
  return { 'pt-BR': describeFileError(code, params, 'pt-BR'), en: describeFileError(code, params, 'en') };
}

/** What the app says when it has nothing better: a refusal must never come to this. */
const GENERIC = /something went wrong|algo deu errado|unexpected|inesperad/i;

/**
 * What is wrong with how a file ended, against its expectation: nothing
 * (an empty list), or each problem as a sentence. A refusal must be a
 * typed file error with a sentence in both languages (not the generic one)
 * and leave the contacts table as it was; an import must add exactly the
 * rows expected, pass the case's check, and leave every earlier contact as
 * it was.
 */
export function judge(c: HostileCase, run: HostileRun): string[] {
  const problems: string[] = [];
  const { outcome } = run;
  if ('unexpected' in outcome) return [`the import failed unexpectedly: ${outcome.unexpected}`];
  if (run.changedExisting) problems.push('a contact that was there before changed');
  if ('refused' in outcome) {
    if (run.added.length > 0)
      problems.push(`refused (${outcome.refused}) but added ${run.added.length} contacts`);
    if (!(IMPORT_FILE_ERRORS as readonly string[]).includes(outcome.refused)) {
      problems.push(`refused with ${outcome.refused}, not a file error of the contract`);
      return problems;
    }
    for (const [locale, text] of Object.entries(
      sentences(outcome.refused as ImportFileErrorCode, outcome.params),
    )) {
      if (!text.trim() || GENERIC.test(text)) problems.push(`no sentence of its own in ${locale}`);
      if (/\{\w+\}/.test(text)) problems.push(`a placeholder left unfilled in ${locale}: ${text}`);
    }
    if (!('error' in c.expect))
      problems.push(`expected ${c.expect.imported} imported, refused with ${outcome.refused}`);
    else if (outcome.refused !== c.expect.error)
      problems.push(`expected ${c.expect.error}, refused with ${outcome.refused}`);
    return problems;
  }
  if ('error' in c.expect) {
    problems.push(`expected ${c.expect.error}, imported ${outcome.imported}`);
    return problems;
  }
  if (outcome.imported !== c.expect.imported || run.added.length !== c.expect.imported) {
    problems.push(
      `expected ${c.expect.imported} imported, got ${outcome.imported} (${run.added.length} new rows)`,
    );
  }
  try {
    c.expect.check?.(run.added);
  } catch (error) {
    problems.push(`stored wrong: ${(error as Error).message}`);
  }
  return problems;
}

/** How a file ended, in a few words (the benchmark's column). */
export function describeOutcome(outcome: HostileOutcome): string {
  if ('unexpected' in outcome) return `UNEXPECTED ${outcome.unexpected}`;
  if ('refused' in outcome) return `${outcome.refused} (at ${outcome.at})`;
  return `imported ${outcome.imported}${outcome.invalid ? `, ${outcome.invalid} rows refused` : ''}`;
}
