import type { Database } from '../../db/open-database';
import type { ContactsRepo } from '../contacts-repo';
import { checkpoint, throwIfAborted } from '../import/import-errors';
import type { OnDuplicate, UpsertCounts, UpsertRow } from '../types';

/**
 * Rows per `upsertMany` call. Each call is a savepoint inside the one
 * transaction; between calls the worker yields so a cancel can arrive. Big
 * enough that the per-call work (search index flush, sync log) stays small,
 * small enough that a cancel lands within a fraction of a second.
 */
export const COMMIT_CHUNK = 20_000;

export interface CommitInput {
  profile: string;
  rows: readonly UpsertRow[];
  onDuplicate: OnDuplicate;
  /** The list every row's contact joins; created if no list has this name (case-insensitive). */
  listName?: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface CommitResult extends UpsertCounts {
  list?: { id: string; name: string };
}

/**
 * Writes an import plan's rows as ONE transaction: the list (if new), every
 * contact and every membership commit together or not at all. The
 * transaction is opened here and the repo's own writes nest inside it as
 * savepoints, in chunks with a yield between them: a cancel (the signal)
 * rolls everything back, so the data is exactly as it was before. If the
 * worker thread is terminated instead, closing its connection rolls back too.
 */
export async function commitPlan(
  db: Database,
  repo: ContactsRepo,
  input: CommitInput,
): Promise<CommitResult> {
  throwIfAborted(input.signal);
  const total = input.rows.length;
  // IMMEDIATE: take the write lock now (waiting busy_timeout for the app or the CLI), not halfway.
  db.exec('BEGIN IMMEDIATE');
  try {
    let list: CommitResult['list'];
    if (input.listName !== undefined) {
      const found = repo.findListByName(input.profile, input.listName);
      const row = found ?? repo.createList(input.profile, input.listName);
      list = { id: row.id, name: row.name };
    }
    const totals: UpsertCounts = { imported: 0, updated: 0, skipped: 0 };
    input.onProgress?.(0, total);
    for (let start = 0; start < total; start += COMMIT_CHUNK) {
      const counts = repo.upsertMany(
        input.profile,
        input.rows.slice(start, start + COMMIT_CHUNK),
        input.onDuplicate,
        list?.id,
      );
      totals.imported += counts.imported;
      totals.updated += counts.updated;
      totals.skipped += counts.skipped;
      input.onProgress?.(Math.min(start + COMMIT_CHUNK, total), total);
      await checkpoint(input.signal);
    }
    // The last chance to cancel; after COMMIT the import has happened.
    throwIfAborted(input.signal);
    db.exec('COMMIT');
    return { ...totals, ...(list ? { list } : {}) };
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
