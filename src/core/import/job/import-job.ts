import { erasedNumbers } from './erased-numbers';
import fs from 'node:fs';
import { APP_ERROR_CODES } from '../../../shared/app-error';
import type { ImportErrorFileView } from '../../../shared/dto';
import type { ImportChangesPageView } from '../../../shared/dto/last-import';
import { AppFailure } from '../../app-failure';
import type { Database } from '../../db/open-database';
import { openDatabase } from '../../db/open-database';
import { createContactsRepo, type ContactsRepo } from '../../contacts/contacts-module';
import { importBlockList } from '../../rules/rules-module';
import type { BlockImportResultView } from '../../../shared/dto/rules';
import {
  bytesSource,
  fileSource,
  headerSignature,
  readFileRows,
  readTableShape,
  suggestMapping,
  writeErrorFile,
  type ByteSource,
  type CountryCode,
  type DayOrder,
  type FileInfo,
  type RejectedRow,
  type TableShape,
} from '../file';
import { toChangeView } from './change-view';
import { COMMIT_CHUNK, commitPlan } from './commit-plan';
import { planRows, type PlanSummary } from './plan-rows';
import { SAMPLE_SIZE, toPlanView } from './plan-view';
import { toWorkerPreview } from './preview';
import type {
  CommitTotals,
  OptOutTotals,
  ReadChoices,
  WorkerPreview,
  WorkerRequest,
} from '../worker/protocol';
import type { PlannedRows } from './planned-rows';
import { ImportStaging } from './staging';
import { ColumnTypes } from '../file/column-types';
import type { ColumnReading } from '../../../shared/field-types';
import type { ContactFieldView } from '../../../shared/dto/contacts';
import type { ColumnMapping } from '../file';

export type Progress = (phase: 'reading' | 'planning' | 'saving', done: number, total: number) => void;

type Req<O extends WorkerRequest['op']> = Extract<WorkerRequest, { op: O }>;

/** The file an import reads, and how to let it go. */
type JobFile = { source: ByteSource; release(): void };

/**
 * One import, inside the worker thread. The file is read from its copy on
 * disk (or the bytes it was handed) a piece at a time, as often as needed:
 * once for the preview (its shape and first rows), once more for the plan,
 * which stages the valid rows in temporary tables of the import's own
 * connection to torpedo.db (staging.ts); the commit saves them from there,
 * in chunks, in one transaction. So neither the file nor its rows are ever
 * all in memory. The service sends one request at a time.
 */
export class ImportJob {
  private fileName = '';
  private file: JobFile | null = null;
  private choices: ReadChoices = {};
  private table: { info: FileInfo; shape: TableShape; readings: ColumnReading[] } | null = null;
  /** The types the plan gave the file's own columns: the commit sets them with the contacts. */
  private fieldTypes: ContactFieldView[] = [];
  private plan: PlanSummary | null = null;
  /** Existing contacts an update would change (the review pages through them). */
  private changing = 0;
  private profile = '';
  private db: Database | null = null;
  private repo: ContactsRepo | null = null;
  private staging: ImportStaging | null = null;
  /** A save started: the reading choices are final (planning again, after a save that failed, still reads the file). */
  private saving = false;
  private committed = false;

  async open(req: Req<'open'>, signal: AbortSignal, progress: Progress): Promise<WorkerPreview> {
    this.fileName = req.fileName;
    this.file = 'file' in req ? openCopy(req.file) : heldBytes(req.bytes);
    return this.read(req.read, signal, progress);
  }

  /** Reads the same file again with other choices (merged over the earlier ones). */
  async reparse(req: Req<'reparse'>, signal: AbortSignal, progress: Progress): Promise<WorkerPreview> {
    if (this.committed) throw finished();
    if (!this.file || this.saving) throw fileReleased();
    return this.read({ ...this.choices, ...req.read }, signal, progress);
  }

  async planRows(req: Req<'plan'>, signal: AbortSignal, progress: Progress) {
    if (this.committed) throw finished();
    const { shape, readings } = this.requireTable();
    const source = this.requireFile();
    this.plan = null;
    const mapping = withReadings(req.mapping, readings);
    const repo = this.connect(req.dbFile);
    const erased = erasedNumbers(this.db!, req.profile, req.erasedKey);
    progress('planning', 0, shape.totalRows);
    const pass = (birthdayOrder: DayOrder) =>
      planRows((open) => readFileRows(source, this.fileName, { ...this.choices, signal }, open), {
        shape,
        mapping,
        defaultCountry: req.defaultCountry as CountryCode,
        acceptNineDigitFix: req.acceptNineDigitFix,
        birthdayOrder,
        profile: req.profile,
        ...(erased ? { erased } : {}),
        staging: () => (this.staging = new ImportStaging(this.db!, shape.totalRows)),
        onProgress: (done, total) => progress('planning', done, total),
      });
    // dd/mm against mm/dd is the whole birthday column's to decide: read as dd/mm (the Brazilian
    // default) and, when the column turns out to be mm/dd (a day above 12 in second place, never in
    // first), read once more in that order.
    let plan = await pass('dmy');
    if (plan.birthdayOrder !== 'dmy') plan = await pass(plan.birthdayOrder);
    this.profile = req.profile;
    this.fieldTypes = mapping.custom.map((c) => ({ key: c.field, type: c.type ?? 'text' }));
    const rows = this.staging!.rows;
    this.changing = markChanges(rows, repo, req.profile, plan.counts.existing);
    this.plan = plan;
    const changes = this.changesPage({ offset: 0, limit: SAMPLE_SIZE });
    return toPlanView(plan, rows.optedOut(req.profile), req.locale, changes);
  }

  /**
   * A page of what the plan would change in existing contacts, field by
   * field, as the contacts are now (the review shows them all on demand).
   */
  changesPage(req: Pick<Req<'changes'>, 'offset' | 'limit'>): ImportChangesPageView {
    this.requirePlan();
    // Nothing would change (a first import, the usual large one): no page to read, and no index
    // built on the staged rows to read it (0.1 s of a million-row plan).
    if (this.changing === 0) return { items: [], total: 0, offset: req.offset };
    const rows = this.staging!.rows.changesPage(req.offset, req.limit);
    const lineOf = new Map(rows.map((row) => [row.phone, row.line]));
    const items = this.repo!.previewUpdates(this.profile, rows)
      .map((preview) => toChangeView(preview, lineOf.get(preview.phone)!))
      .sort((a, b) => a.line - b.line);
    return { items, total: this.changing, offset: req.offset };
  }

  async commit(req: Req<'commit'>, signal: AbortSignal, progress: Progress): Promise<CommitTotals> {
    const plan = this.requirePlan();
    const repo = this.connect(req.dbFile);
    const db = this.db!;
    const rows = this.staging!.rows;
    const optedOut = rows.optedOut(req.profile);
    // Saving ends the reading choices: should the save fail, saving again and planning again still work,
    // but reading the file another way needs it opened again.
    this.saving = true;
    const result = await commitPlan(db, repo, {
      profile: req.profile,
      journal: { importId: req.importId, fileName: this.fileName },
      rows: { total: plan.counts.valid, chunks: (size) => rows.chunks(size) },
      onDuplicate: req.onDuplicate,
      listName: req.listName,
      ...(req.consent ? { consent: req.consent } : {}),
      ...(req.consentEvidence ? { consentEvidence: req.consentEvidence } : {}),
      fieldTypes: this.fieldTypes,
      signal,
      onProgress: (done, total) => progress('saving', done, total),
    });
    this.finish();
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
    this.saving = true;
    const phones = this.staging!.rows.phones();
    const { added, already } = repo.optOut(req.profile, { phones }, 'import', req.note);
    this.finish();
    return { read: plan.counts.read, added, already, invalid: plan.counts.invalid };
  }

  /**
   * Instead of `commit`: the plan's valid numbers replace a block list's, or
   * join them (a public register or an owner's list), in one transaction on this
   * thread's connection, through the rules domain; contacts are not touched.
   */
  block(req: Req<'block'>): BlockImportResultView {
    const plan = this.requirePlan();
    this.connect(req.dbFile);
    this.saving = true;
    const result = importBlockList(this.db!, {
      profile: req.profile,
      list: req.list,
      fileName: this.fileName,
      phones: this.staging!.rows.phones(),
      read: plan.counts.read,
      invalid: plan.counts.invalid,
      at: new Date(req.at),
      mode: req.mode,
      fileDate: req.fileDate,
    });
    this.finish();
    return result;
  }

  async errorFile(
    req: Req<'errorFile'>,
  ): Promise<{ value: ImportErrorFileView | null; transfer: ArrayBuffer[] }> {
    const plan = this.plan;
    if (!plan || !this.table || !this.staging) {
      throw new AppFailure(
        APP_ERROR_CODES.importNotPlanned,
        'Review the import (plan it) before asking for its errors.',
      );
    }
    if (plan.rejected.total === 0) return { value: null, transfer: [] };
    const rejected: RejectedRow[] = [];
    for (const rows of this.staging.rejected(COMMIT_CHUNK)) rejected.push(...rows);
    const { info, shape } = this.table;
    const table = { ...info, headerLine: shape.headerLine, headers: shape.headers, rows: [], lines: [] };
    const file = await writeErrorFile(table, rejected, req.locale);
    // A buffer of our own (not a slice of Node's pool) so it can be transferred, not copied.
    const bytes = new Uint8Array(file.bytes.byteLength);
    bytes.set(file.bytes);
    return {
      value: { fileName: file.fileName, kind: file.format, mime: file.mime, bytes, rows: rejected.length },
      transfer: [bytes.buffer],
    };
  }

  close(): void {
    this.disconnect();
    this.releaseFile();
    this.table = null;
    this.plan = null;
  }

  private async read(choices: ReadChoices, signal: AbortSignal, progress: Progress): Promise<WorkerPreview> {
    const source = this.requireFile();
    progress('reading', 0, source.size);
    let types = new ColumnTypes();
    const { info, shape } = await readTableShape(
      source,
      this.fileName,
      { ...choices, signal, onRead: (done) => progress('reading', done, source.size) },
      // A reading that starts over (another sheet tried) starts its evidence over too.
      () => (types = new ColumnTypes()).add,
    );
    const readings = types.readings(shape.headers);
    this.choices = choices;
    this.table = { info, shape, readings };
    this.plan = null;
    progress('reading', source.size, source.size);
    return toWorkerPreview(
      info,
      shape,
      headerSignature(shape.headers),
      suggestMapping(shape.headers, shape.sampleRows, readings),
      readings,
    );
  }

  /** The plan a save writes: saving comes once, after a plan. */
  private requirePlan(): PlanSummary {
    if (this.committed) throw finished();
    if (!this.plan)
      throw new AppFailure(APP_ERROR_CODES.importNotPlanned, 'Review the import (plan it) before saving it.');
    return this.plan;
  }

  /** Saved. Done with the file and the rows: only what the error file needs stays (the refused rows, staged). */
  private finish(): void {
    this.committed = true;
    this.releaseFile();
    this.staging?.rows.clear();
    // The connection stays (its temporary table holds the refused rows, for the error file); its page
    // caches, some 20 MB after a large save, go now: the search index's catch-up comes next, in this thread.
    if (this.db?.open) this.db.pragma('shrink_memory');
  }

  private requireTable(): { info: FileInfo; shape: TableShape; readings: ColumnReading[] } {
    if (!this.table) throw new AppFailure(APP_ERROR_CODES.importNotFound, 'This import has no file open.');
    return this.table;
  }

  private requireFile(): ByteSource {
    if (!this.file) throw fileReleased();
    return this.file.source;
  }

  private connect(dbFile: string): ContactsRepo {
    if (!this.repo) {
      this.db = openDatabase(dbFile);
      this.repo = createContactsRepo(this.db);
    }
    return this.repo;
  }

  private releaseFile(): void {
    this.file?.release();
    this.file = null;
  }

  private disconnect(): void {
    // Closing the connection deletes its temporary tables (the staged plan) with it.
    if (this.db?.open) this.db.close();
    this.db = null;
    this.repo = null;
    this.staging = null;
  }
}

/**
 * The copy of the file the service wrote for this import: opened, then
 * deleted at once, so it never outlives the import (the open descriptor
 * keeps it readable; the system frees it when the descriptor closes, or
 * the process ends however it ends).
 */
function openCopy(file: string): JobFile {
  const fd = fs.openSync(file, 'r');
  fs.rmSync(file, { force: true });
  return { source: fileSource(fd), release: () => fs.closeSync(fd) };
}

/**
 * Bytes handed over (transferred from the main thread, a buffer of their
 * own): detaching the buffer frees it at once rather than at V8's next full
 * collection.
 */
function heldBytes(bytes: Uint8Array): JobFile {
  return {
    source: bytesSource(bytes),
    release: () =>
      (bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }).transfer?.(0),
  };
}

/**
 * Marks the staged rows an update would change (the review's list):
 * the existing contacts' rows, a chunk at a time. Returns how many.
 */
function markChanges(planned: PlannedRows, repo: ContactsRepo, profile: string, existing: number): number {
  if (existing === 0) return 0;
  for (const rows of planned.chunks(COMMIT_CHUNK, true)) {
    const changing = repo.phonesUpdateChanges(profile, rows);
    planned.markChanges(rows.filter((row) => changing.has(row.phone)).map((row) => row.id));
  }
  return planned.changes;
}

/**
 * The mapping's own columns with how their cells are read: the type chosen
 * (text unless given), the order chosen or detected for a date column, the
 * decimal mark detected for a number column; a column made a date by the
 * owner reads bare numbers as Excel serials.
 */
function withReadings(mapping: ColumnMapping, readings: readonly ColumnReading[]): ColumnMapping {
  return {
    ...mapping,
    custom: mapping.custom.map((c) => {
      const detected = readings[c.column] ?? { type: 'text' as const };
      const type = c.type ?? 'text';
      if (type === 'date')
        return { ...c, type, dayOrder: c.dayOrder ?? detected.dayOrder ?? 'dmy', serials: true };
      if (type === 'number') return { ...c, type, decimal: detected.decimal ?? ',' };
      return { column: c.column, field: c.field, type };
    }),
  };
}

/** Reading the file another way, once a save started (even one that failed). */
function fileReleased(): AppFailure {
  return new AppFailure(
    APP_ERROR_CODES.importNotFound,
    'This import was saved or is being saved: its reading choices are final. Open the file again to read it another way.',
  );
}

function finished(): AppFailure {
  return new AppFailure(
    APP_ERROR_CODES.importFinished,
    'This import was already saved. Open the file again to import it again.',
  );
}
