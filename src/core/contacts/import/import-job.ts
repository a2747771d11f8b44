import { APP_ERROR_CODES } from '../../../shared/app-error';
import type { ImportErrorFileView } from '../../../shared/dto';
import type { ImportChangesPageView } from '../../../shared/dto/last-import';
import { AppFailure } from '../../app-failure';
import type { Database } from '../../db/open-database';
import { openDatabase } from '../../db/open-database';
import { createContactsRepo, type ContactsRepo } from '../contacts-repo';
import {
  headerSignature,
  planImport,
  readImportFile,
  suggestMapping,
  writeErrorFile,
  type CountryCode,
  type ImportPlan,
  type ParsedTable,
} from '../spreadsheet';
import { toChangeView } from './change-view';
import { commitPlan } from './commit-plan';
import { SAMPLE_SIZE, toPlanView } from './plan-view';
import { toWorkerPreview } from './preview';
import type { CommitTotals, OptOutTotals, ReadChoices, WorkerPreview, WorkerRequest } from './protocol';

export type Progress = (phase: 'reading' | 'planning' | 'saving', done: number, total: number) => void;

type Req<O extends WorkerRequest['op']> = Extract<WorkerRequest, { op: O }>;

/**
 * One import, inside the worker thread: the file's bytes (kept for a
 * reparse until the import is committed), the table read from them, the
 * last plan, and a connection of its own to torpedo.db for the existing
 * contacts and the commit. The service sends one request at a time.
 */
export class ImportJob {
  private fileName = '';
  private bytes: Uint8Array | null = null;
  private choices: ReadChoices = {};
  private table: ParsedTable | null = null;
  private plan: ImportPlan | null = null;
  /**
   * The plan's rows that would change an existing contact with 'update'
   * (indexes into plan.rows, in the file's order). Only these: each page the
   * review shows is read when asked (100,000 views held here cost 100 MB).
   */
  private changing: number[] = [];
  private profile = '';
  private db: Database | null = null;
  private repo: ContactsRepo | null = null;
  private committed = false;

  async open(req: Req<'open'>, signal: AbortSignal, progress: Progress): Promise<WorkerPreview> {
    this.fileName = req.fileName;
    this.bytes = req.bytes;
    return this.read(req.read, signal, progress);
  }

  /** Reads the same bytes again with other choices (merged over the earlier ones). */
  async reparse(req: Req<'reparse'>, signal: AbortSignal, progress: Progress): Promise<WorkerPreview> {
    if (this.committed) throw finished();
    if (!this.bytes) throw fileReleased();
    return this.read({ ...this.choices, ...req.read }, signal, progress);
  }

  async planRows(req: Req<'plan'>, signal: AbortSignal, progress: Progress) {
    if (this.committed) throw finished();
    const table = this.requireTable();
    this.plan = null;
    const repo = this.connect(req.dbFile);
    const existing = repo.existingPhones(req.profile);
    progress('planning', 0, table.rows.length);
    const plan = await planImport(table, req.mapping, {
      defaultCountry: req.defaultCountry as CountryCode,
      acceptNineDigitFix: req.acceptNineDigitFix,
      existingPhones: existing,
      signal,
      onProgress: (done, total) => progress('planning', done, total),
    });
    this.plan = plan;
    this.profile = req.profile;
    this.changing = changingRows(plan, repo, req.profile);
    const changes = this.changesPage({ offset: 0, limit: SAMPLE_SIZE });
    return toPlanView(plan, this.optedOutIn(plan, req.profile), req.locale, changes);
  }

  /**
   * A page of what the plan would change in existing contacts, field by
   * field, as the contacts are now (the review shows them all on demand).
   */
  changesPage(req: Pick<Req<'changes'>, 'offset' | 'limit'>): ImportChangesPageView {
    const plan = this.requirePlan();
    const rows = this.changing.slice(req.offset, req.offset + req.limit).map((index) => plan.rows[index]!);
    const lineOf = new Map(rows.map((row) => [row.phone, row.line]));
    const items = this.repo!.previewUpdates(this.profile, rows)
      .map((preview) => toChangeView(preview, lineOf.get(preview.phone)!))
      .sort((a, b) => a.line - b.line);
    return { items, total: this.changing.length, offset: req.offset };
  }

  async commit(req: Req<'commit'>, signal: AbortSignal, progress: Progress): Promise<CommitTotals> {
    const plan = this.requirePlan();
    const repo = this.connect(req.dbFile);
    const db = this.db!;
    const optedOut = this.optedOutIn(plan, req.profile);
    // The bytes only serve to read the file again with other choices, which saving ends: they go
    // now, before the save (when the import needs the most memory), not after it. Should the save
    // fail, saving again and planning again still work; reading the file again needs it again.
    this.releaseBytes();
    const result = await commitPlan(db, repo, {
      profile: req.profile,
      journal: { importId: req.importId, fileName: this.fileName },
      rows: plan.rows,
      onDuplicate: req.onDuplicate,
      listName: req.listName,
      signal,
      onProgress: (done, total) => progress('saving', done, total),
    });
    this.finish(plan);
    return {
      read: plan.counts.read,
      imported: result.imported,
      updated: result.updated,
      duplicates: plan.counts.duplicatesInFile + result.skipped,
      invalid: plan.counts.invalid,
      optedOut,
      ...(result.list ? { list: result.list } : {}),
    };
  }

  /**
   * The plan's valid numbers join the opt-out list (source `import`, the
   * file's name as the note), in one transaction; contacts are not touched.
   * Numbers the user accepted the nine-digit fix for opt out as fixed.
   */
  optOut(req: Req<'optOut'>): OptOutTotals {
    const plan = this.requirePlan();
    const repo = this.connect(req.dbFile);
    this.releaseBytes();
    const phones = plan.rows.map((row) => row.phone);
    const { added, already } = repo.optOut(req.profile, { phones }, 'import', req.note);
    this.finish(plan);
    return { read: plan.counts.read, added, already, invalid: plan.counts.invalid };
  }

  async errorFile(
    req: Req<'errorFile'>,
  ): Promise<{ value: ImportErrorFileView | null; transfer: ArrayBuffer[] }> {
    const plan = this.plan;
    if (!plan || !this.table) {
      throw new AppFailure(
        APP_ERROR_CODES.importNotPlanned,
        'Review the import (plan it) before asking for its errors.',
      );
    }
    if (plan.rejected.length === 0) return { value: null, transfer: [] };
    const file = await writeErrorFile(this.table, plan.rejected, req.locale);
    // A buffer of our own (not a slice of Node's pool) so it can be transferred, not copied.
    const bytes = new Uint8Array(file.bytes.byteLength);
    bytes.set(file.bytes);
    return {
      value: {
        fileName: file.fileName,
        kind: this.table.format,
        mime: file.mime,
        bytes,
        rows: plan.rejected.length,
      },
      transfer: [bytes.buffer],
    };
  }

  close(): void {
    this.disconnect();
    this.releaseBytes();
    this.table = null;
    this.plan = null;
    this.changing = [];
  }

  private async read(choices: ReadChoices, signal: AbortSignal, progress: Progress): Promise<WorkerPreview> {
    const bytes = this.bytes!;
    progress('reading', 0, bytes.length);
    const table = await readImportFile(bytes, this.fileName, { ...choices, signal });
    this.choices = choices;
    this.table = table;
    this.plan = null;
    progress('reading', bytes.length, bytes.length);
    const sample = table.rows.slice(0, 50);
    return toWorkerPreview(table, headerSignature(table.headers), suggestMapping(table.headers, sample));
  }

  /** The plan a save writes: saving comes once, after a plan. */
  private requirePlan(): ImportPlan {
    if (this.committed) throw finished();
    if (!this.plan)
      throw new AppFailure(APP_ERROR_CODES.importNotPlanned, 'Review the import (plan it) before saving it.');
    return this.plan;
  }

  /** Saved. Done with the file: only what the error file needs stays (headers, format, rejected rows). */
  private finish(plan: ImportPlan): void {
    this.committed = true;
    this.table!.rows = [];
    this.table!.lines = [];
    plan.rows = [];
    plan.duplicates = [];
    this.changing = [];
    this.disconnect();
  }

  private requireTable(): ParsedTable {
    if (!this.table) throw new AppFailure(APP_ERROR_CODES.importNotFound, 'This import has no file open.');
    return this.table;
  }

  private connect(dbFile: string): ContactsRepo {
    if (!this.repo) {
      this.db = openDatabase(dbFile);
      this.repo = createContactsRepo(this.db);
    }
    return this.repo;
  }

  /**
   * Frees the file's bytes now. They arrived transferred from the main thread
   * (a buffer of their own) and the table holds copies of their text, never
   * views: detaching the buffer frees it at once rather than at V8's next full
   * collection, which may not come before the save's peak.
   */
  private releaseBytes(): void {
    const buffer = this.bytes?.buffer as
      (ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }) | undefined;
    this.bytes = null;
    buffer?.transfer?.(0);
  }

  private disconnect(): void {
    if (this.db?.open) this.db.close();
    this.db = null;
    this.repo = null;
  }

  /**
   * Valid rows whose number is on the opt-out list. One query for the whole
   * list (opt-outs are few) instead of one per row.
   */
  private optedOutIn(plan: ImportPlan, profile: string): number {
    const phones = new Set(
      this.db!.prepare<[string], string>('SELECT phone FROM opt_outs WHERE profile = ?').pluck().all(profile),
    );
    if (phones.size === 0) return 0;
    let count = 0;
    for (const row of plan.rows) if (phones.has(row.phone)) count++;
    return count;
  }
}

/** The plan's rows (indexes, in the file's order) that would change an existing contact with 'update'. */
function changingRows(plan: ImportPlan, repo: ContactsRepo, profile: string): number[] {
  if (plan.counts.existing === 0) return [];
  const phones = repo.phonesUpdateChanges(
    profile,
    plan.rows.filter((row) => row.existing),
  );
  const indexes: number[] = [];
  plan.rows.forEach((row, index) => {
    if (row.existing && phones.has(row.phone)) indexes.push(index);
  });
  return indexes;
}

/** After a save that failed: the file was let go when the save started. */
function fileReleased(): AppFailure {
  return new AppFailure(
    APP_ERROR_CODES.importNotFound,
    'This import no longer has its file (it was let go when saving started). Open the file again.',
  );
}

function finished(): AppFailure {
  return new AppFailure(
    APP_ERROR_CODES.importFinished,
    'This import was already saved. Open the file again to import it again.',
  );
}
