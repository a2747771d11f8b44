import type { Database } from '../../db/open-database';
import {
  ImportJournal,
  type ContactsRepo,
  type JournalStart,
  type OnDuplicate,
  type UpsertCounts,
  type UpsertRow,
} from '../../contacts/contacts-module';
import { checkpoint, throwIfAborted } from '../../spreadsheet';
import type { ConsentFileEvidence, ConsentView, ContactFieldView } from '../../../shared/dto/contacts';
import { isConsentField, splitConsent, type FileConsent } from './consent-columns';

/**
 * Rows per `upsertMany` call. Each call is a savepoint inside the one
 * transaction; between calls the worker yields so a cancel can arrive. Big
 * enough that the per-call work (search index flush, sync log) stays small,
 * small enough that a cancel lands within a fraction of a second and that
 * FTS5's pending terms (held in memory until the call's savepoint ends)
 * stay a few MB. 5,000 to 20,000 rows took the same time for 100,000.
 */
export const COMMIT_CHUNK = 5_000;

/**
 * SQLite's page cache for the import's transaction, in KiB (the default is
 * 2 MB). Every page the import writes stays dirty until COMMIT; with the
 * default, SQLite spills them to the WAL mid-transaction and reads back the
 * index pages that random keys (phones, names) need again, over and over.
 * Inserting 92,000 contacts alone, 8 MB took about a fifth off the time;
 * 16 MB a few per cent more, for 8 MB more of the import's memory budget.
 * Set back when the commit ends (the connection may be used again if it fails).
 */
export const IMPORT_CACHE_KIB = 8 * 1024;

/**
 * From this many rows on, the import leaves its new contacts to the search
 * index's catch-up, right after the commit (SearchIndex.flush, migration
 * 0015): indexing 92,000 new contacts took some 1.2 s of a 3.5 s import.
 * Below it, indexing costs a few tenths of a second at most, less than
 * a search waiting for a catch-up in another thread.
 */
export const DEFER_INDEX_ROWS = 10_000;

/**
 * From this many rows on, an import into a table holding fewer contacts
 * than it brings drops the indexes its rows reach in no order and builds
 * them again before its COMMIT, inside the same transaction. The rows are
 * saved in phone order, so names (`contacts_by_name`, migration 0005),
 * e-mails (`contacts_by_email`, 0026) and birthdays (`contacts_birthday`,
 * 0024) each land on a random page of their index; building one sorts
 * instead. 97,000 new contacts: 1.86 → 1.70 s for the name index alone
 * (median of four alternating runs, the build's ~0.13 s included); the
 * e-mail index, added by 0026 and left out of this, cost 92,000 contacts
 * some 0.25 s of CPU more (issue 34: 0.85 → 0.60 s for the INSERT alone).
 * Into a larger table a build would read every contact already there, so
 * it keeps them.
 */
export const REBUILD_INDEXES_ROWS = 10_000;
/** The indexes of `contacts` whose keys an import's rows reach in no order (the others follow seq or phone). */
export const UNORDERED_INDEXES = ['contacts_by_name', 'contacts_by_email', 'contacts_birthday'] as const;

/**
 * Rows already in phone order, a chunk at a time (an import's staged plan:
 * import/staging.ts), so that a million of them are never all in memory.
 */
export interface SortedRows {
  total: number;
  chunks(size: number): Iterable<readonly UpsertRow[]>;
}

export interface CommitInput {
  profile: string;
  /** The import, named for its undo journal (last-import/); without it nothing is journaled. */
  journal?: { importId: string; fileName: string };
  /** The time the commit writes everywhere; now unless given. */
  at?: Date;
  /** The rows, in any order (sorted here), or already sorted, by chunks. */
  rows: readonly UpsertRow[] | SortedRows;
  onDuplicate: OnDuplicate;
  /** The list every row's contact joins; created if no list has this name (case-insensitive). */
  listName?: string;
  /** One legal basis for the whole file (LGPD), recorded on its contacts that have none yet. */
  consent?: ConsentView;
  /**
   * The evidence of the whole file's consent (the words, the channel, who collected it): every
   * row records it. Rows whose consent columns (consent-columns.ts) are filled record their own.
   */
  consentEvidence?: ConsentFileEvidence;
  /** The types the mapping gave the file's own columns, set with the contacts (a changed one re-reads its values). */
  fieldTypes?: readonly ContactFieldView[];
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Rows from which the search index is left to the catch-up; DEFER_INDEX_ROWS unless given. */
  deferIndexFrom?: number;
  /** Rows from which the unordered indexes may be rebuilt; REBUILD_INDEXES_ROWS unless given. */
  rebuildIndexesFrom?: number;
}

export interface CommitResult extends UpsertCounts {
  list?: { id: string; name: string };
}

const NO_COUNTS: UpsertCounts = { imported: 0, updated: 0, skipped: 0, joined: 0 };

/**
 * Writes an import plan's rows as ONE transaction: the list (if new), every
 * contact and every membership commit together or not at all. The
 * transaction is opened here and the repo's own writes nest inside it as
 * savepoints, in chunks with a yield between them: a cancel (the signal)
 * rolls everything back, so the data is exactly as it was before. If the
 * worker thread is terminated instead, closing its connection rolls back too.
 * A large import's new contacts are searchable once the catch-up after it
 * has run (DEFER_INDEX_ROWS); the backlog commits with them, so a crash
 * before the catch-up loses no search row. Its undo journal commits with
 * them too: one row for the import, one per existing contact it changes.
 */
export async function commitPlan(
  db: Database,
  repo: ContactsRepo,
  input: CommitInput,
): Promise<CommitResult> {
  throwIfAborted(input.signal);
  const rows = sorted(input.rows);
  const { total } = rows;
  const cacheBefore = db.pragma('cache_size', { simple: true }) as number;
  const autoCheckpointBefore = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  // IMMEDIATE: take the write lock now (waiting busy_timeout for the app or the CLI), not halfway.
  db.exec('BEGIN IMMEDIATE');
  try {
    db.pragma(`cache_size = -${IMPORT_CACHE_KIB}`);
    // The COMMIT would copy the import's pages from the WAL into the database right away (some 60 ms of
    // 97,000 contacts): the import is durable without it, and the next commit (the search catch-up's,
    // in the background) does it instead.
    db.pragma('wal_autocheckpoint = 0');
    const at = input.at ?? new Date();
    let list: CommitResult['list'];
    let listCreated = false;
    if (input.listName !== undefined) {
      const found = repo.findListByName(input.profile, input.listName);
      const row = found ?? repo.createList(input.profile, input.listName);
      list = { id: row.id, name: row.name };
      listCreated = !found;
    }
    const journaled: JournalStart | undefined = input.journal && {
      ...input.journal,
      profile: input.profile,
      at: at.toISOString(),
      listId: list?.id,
      listCreated,
    };
    const fieldTypes = input.fieldTypes?.filter((f) => !isConsentField(f.key));
    if (fieldTypes?.length) repo.defineFields(input.profile, fieldTypes);
    const fileConsent: FileConsent | undefined = input.consentEvidence && {
      ...input.consentEvidence,
      basis: input.consent?.basis ?? 'consent',
      source: input.consent?.source ?? null,
      givenAt: input.consent?.at ?? null,
    };
    const journal = journaled && new ImportJournal(db);
    const seqBefore = journaled ? journal!.begin(journaled) : 0;
    const totals = { ...NO_COUNTS };
    const deferIndex = total >= (input.deferIndexFrom ?? DEFER_INDEX_ROWS);
    const rebuild = dropUnorderedIndexes(db, total, input.rebuildIndexesFrom ?? REBUILD_INDEXES_ROWS);
    input.onProgress?.(0, total);
    let done = 0;
    for (const given of rows.chunks(COMMIT_CHUNK)) {
      const { rows: chunk, records } = splitConsent(given, fileConsent);
      const counts = repo.upsertMany(input.profile, chunk, input.onDuplicate, list?.id, {
        deferIndex,
        at,
        journal: journaled?.importId,
      });
      // The evidence first: a contact without a label takes the evidence's own (its channel, its day).
      if (records.length > 0) repo.addConsentRecords(input.profile, records, at);
      if (input.consent)
        repo.recordConsent(
          input.profile,
          chunk.map((row) => row.phone),
          input.consent,
          at,
        );
      for (const key of Object.keys(totals) as (keyof UpsertCounts)[]) totals[key] += counts[key];
      done += chunk.length;
      input.onProgress?.(done, total);
      await checkpoint(input.signal);
    }
    for (const build of rebuild) db.exec(build);
    if (journaled) journal!.finish(journaled, seqBefore, totals);
    // The last chance to cancel; after COMMIT the import has happened.
    throwIfAborted(input.signal);
    db.exec('COMMIT');
    return { ...totals, ...(list ? { list } : {}) };
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    if (db.open) {
      db.pragma(`cache_size = ${cacheBefore}`);
      db.pragma(`wal_autocheckpoint = ${autoCheckpointBefore}`);
    }
  }
}

/**
 * Drops the unordered indexes if this import is large and the table small
 * (REBUILD_INDEXES_ROWS); returns the statements that build them again, as
 * the schema has them. A ROLLBACK brings them back with everything else.
 */
function dropUnorderedIndexes(db: Database, rows: number, from: number): string[] {
  if (rows < from) return [];
  const present = db
    .prepare<[number], number>('SELECT count(*) FROM (SELECT 1 FROM contacts LIMIT ?)')
    .pluck()
    .get(rows)!;
  if (present >= rows) return [];
  const schema = db
    .prepare<[string], string>("SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?")
    .pluck();
  const builds: string[] = [];
  for (const name of UNORDERED_INDEXES) {
    const build = schema.get(name);
    if (build === undefined) continue;
    db.exec(`DROP INDEX ${name}`);
    builds.push(build);
  }
  return builds;
}

const byPhone = (a: UpsertRow, b: UpsertRow) => (a.phone < b.phone ? -1 : a.phone > b.phone ? 1 : 0);

/**
 * The rows in phone order: new contacts then fill the (profile, phone) unique
 * index page after page instead of landing on a random page each (92,000
 * rows saved 0.3 s faster, the sort included). Stable, so a phone repeated
 * in the rows still keeps its first row.
 */
function sorted(rows: CommitInput['rows']): SortedRows {
  if (!Array.isArray(rows)) return rows as SortedRows;
  const inOrder = [...(rows as readonly UpsertRow[])].sort(byPhone);
  return {
    total: inOrder.length,
    *chunks(size) {
      for (let start = 0; start < inOrder.length; start += size) yield inOrder.slice(start, start + size);
    },
  };
}
