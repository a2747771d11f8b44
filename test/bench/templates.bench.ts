/**
 * `npm run bench:templates` (prints figures; not a test): the checker a text
 * passes before it is sent, at 100,000 and 1,000,000 contacts.
 *
 * Contacts are generated (a fifth without a name, about a third with a
 * `cidade`) into one list of a fresh data folder through the contacts repo.
 * Then, on the real core (local only), each timed as the median of RUNS:
 *
 * - `templates:check`: a two-field text with fallbacks over every contact
 *   (the template editor's check: every message built and counted, who gets
 *   each fallback, the worst case);
 * - `campaigns:estimate` for a draft to that list with the same text (the
 *   composer's cost, which now carries the same check);
 * - the floor, in the same run: one plain SQL statement counting what the
 *   check counts (contacts, and those with a name and a `cidade`), with no
 *   message built.
 *
 * BENCH_SIZES=100000,1000000 (default) sets the sizes; BENCH_RUNS the runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCliHost } from '../../src/cli/cli-host';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { createCore, DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { generateContacts } from './contact-data';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PROFILE = 'default';
const TEXT = 'Olá {{primeiro_nome|}}, a loja de {{cidade|sua cidade}} abriu! Cupom SABADO10.';
const CHUNK = 50_000;

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  let value!: T;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    value = await work();
    times.push(performance.now() - started);
  }
  return { ms: median(times), value };
}

function seed(dataDir: string, size: number): string {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  try {
    const repo = createContactsRepo(db);
    const list = repo.createList(PROFILE, 'Clientes');
    for (let from = 0; from < size; from += CHUNK) {
      const rows = generateContacts(Math.min(CHUNK, size - from), from + 1).map((row, i) =>
        (from + i) % 5 === 0 ? { ...row, name: '' } : row,
      );
      repo.upsertMany(PROFILE, rows, 'update', list.id);
    }
    return list.id;
  } finally {
    db.close();
  }
}

async function measure(size: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'torpedo-bench-templates-'));
  try {
    const seededAt = performance.now();
    const listId = seed(dataDir, size);
    const seeding = performance.now() - seededAt;
    const core = await createCore({
      dataDir,
      host: createCliHost(() => undefined),
      secretStore: null,
      localOnly: true,
    });
    const floorDb = openDatabase(join(dataDir, DATABASE_FILE));
    try {
      const call = async <T>(result: Promise<{ ok: boolean; value?: T; error?: { message: string } }>) => {
        const answer = await result;
        if (!answer.ok) throw new Error(answer.error!.message);
        return answer.value as T;
      };
      const check = await timed(() => call(core.dispatch('templates:check', { text: TEXT })));
      const draft = await call<{ id: string }>(core.dispatch('campaigns:create', { name: 'Bench' }));
      await call(
        core.dispatch('campaigns:saveDraft', {
          id: draft.id,
          template: TEXT,
          audience: { listIds: [listId], contactIds: [] },
        }),
      );
      const estimate = await timed(() => call(core.dispatch('campaigns:estimate', { id: draft.id })));
      const floorSql = floorDb.prepare(
        `SELECT count(*) AS contacts, count(nullif(trim(name), '')) AS named,
                count(nullif(trim(json_extract(fields, '$."cidade"')), '')) AS withCity
           FROM contacts WHERE profile = ? AND deleted_at IS NULL`,
      );
      const floor = await timed(
        () => floorSql.get(PROFILE) as { contacts: number; named: number; withCity: number },
      );

      const counts = check.value as { recipients: number; fallbacks: { key: string; count: number }[] };
      console.log(
        `\n${size.toLocaleString('en')} contacts (seeded in ${(seeding / 1000).toFixed(0)} s; load ${loadavg()[0]!.toFixed(1)})`,
      );
      console.log(
        `  templates:check     ${check.ms.toFixed(0).padStart(6)} ms  (${counts.recipients} checked; fallbacks ` +
          counts.fallbacks.map((f) => `${f.key} ${f.count}`).join(', ') +
          ')',
      );
      console.log(
        `  campaigns:estimate  ${estimate.ms.toFixed(0).padStart(6)} ms  (the composer's cost, with the check)`,
      );
      console.log(
        `  floor: SQL counts   ${floor.ms.toFixed(0).padStart(6)} ms  (${floor.value.contacts} contacts, ` +
          `${floor.value.contacts - floor.value.named} nameless, ${floor.value.contacts - floor.value.withCity} without cidade)`,
      );
      console.log(`  check / floor       ${(check.ms / floor.ms).toFixed(1)} ×`);
    } finally {
      floorDb.close();
      await core.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const size of SIZES) await measure(size);
