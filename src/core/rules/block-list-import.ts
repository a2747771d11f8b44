/**
 * How a file changes a block list, and how that change is taken back. A
 * list that has numbers is never replaced unless the caller says so (a
 * one-number file once replaced a Procon-SP list of two million without a
 * word); whatever the import does, the list as it was is kept beside it, so
 * the owner can undo the last import. Every step is one statement over all
 * the numbers (INSERT ... SELECT, DELETE ... NOT IN), in one transaction:
 * two million numbers never pass through JavaScript one by one.
 */
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { BlockImportMode, BlockImportResultView, BlockListTarget } from '../../shared/dto/rules';
import { AppFailure } from '../app-failure';
import type { Database } from '../db/open-database';
import { listRefOf, resolveTarget } from './block-list-target';

/** Numbers per INSERT through json_each: one statement run per chunk, not per number. */
const CHUNK = 10_000;

export interface BlockListFile {
  profile: string;
  /** The list the numbers go to (an owner's list named for the first time is made). */
  list: BlockListTarget;
  fileName: string;
  /** E.164 numbers, duplicates allowed. */
  phones: readonly string[];
  /** Rows read, and rows without a readable number (for the result). */
  read: number;
  invalid: number;
  at: Date;
  /** Needed when the list has numbers: the file replaces them, or adds to them. */
  mode?: BlockImportMode;
  /** The file's own date (ISO), when the reader knew it. */
  fileDate?: string | null;
}

interface ListRow {
  file_name: string;
  numbers: number;
  updated_at: string;
  file_date: string | null;
}

/** The list as it is now, or undefined when there is none. */
const listOf = (db: Database, profile: string, listId: string) =>
  db
    .prepare<[string, string], ListRow>(
      'SELECT file_name, numbers, updated_at, file_date FROM block_lists WHERE profile = ? AND id = ?',
    )
    .get(profile, listId);

/**
 * Saves a file's numbers into a list, in one transaction on `db` (the
 * import's worker thread brings its own connection: three million numbers
 * take seconds, and main must not wait on them).
 */
export function importBlockList(db: Database, file: BlockListFile): BlockImportResultView {
  const { profile } = file;
  return db
    .transaction(() => {
      const list = resolveTarget(db, profile, file.list);
      const listId = list.id;
      const before = listOf(db, profile, listId);
      if (before && before.numbers > 0 && !file.mode) {
        throw new AppFailure(
          APP_ERROR_CODES.blockListNotEmpty,
          `The list already has ${before.numbers} number(s): say whether the file replaces them or adds to them.`,
          { params: { numbers: before.numbers } },
        );
      }
      stage(db, file.phones);
      keepForUndo(db, profile, listId, before);
      const at = file.at.toISOString();
      db.prepare<[string, string, string, string | null, string, number, string, string | null]>(
        `INSERT INTO block_lists (profile, id, kind, name, file_name, numbers, updated_at, file_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile, id) DO UPDATE SET file_name = excluded.file_name,
           updated_at = excluded.updated_at, file_date = excluded.file_date`,
      ).run(profile, listId, list.kind, list.name, file.fileName, 0, at, file.fileDate ?? null);
      const removed =
        file.mode === 'add'
          ? 0
          : db
              .prepare<[string, string]>(
                `DELETE FROM blocked_numbers WHERE profile = ? AND list_id = ?
                 AND phone NOT IN (SELECT phone FROM temp.block_incoming)`,
              )
              .run(profile, listId).changes;
      const added = db
        .prepare<[string, string]>(
          `INSERT OR IGNORE INTO blocked_numbers (profile, phone, list_id)
           SELECT ?, phone, ? FROM temp.block_incoming`,
        )
        .run(profile, listId).changes;
      db.exec('DELETE FROM temp.block_incoming');
      const numbers = (before?.numbers ?? 0) - removed + added;
      db.prepare<[number, string, string]>(
        'UPDATE block_lists SET numbers = ? WHERE profile = ? AND id = ?',
      ).run(numbers, profile, listId);
      return { list: listRefOf(list), read: file.read, numbers, added, removed, invalid: file.invalid };
    })
    .immediate();
}

/** The file's distinct numbers, in a temporary table of this connection. */
function stage(db: Database, phones: readonly string[]): void {
  db.exec('CREATE TEMP TABLE IF NOT EXISTS block_incoming (phone TEXT PRIMARY KEY) WITHOUT ROWID');
  db.exec('DELETE FROM temp.block_incoming');
  const insert = db.prepare<[string]>(
    'INSERT OR IGNORE INTO temp.block_incoming (phone) SELECT value FROM json_each(?)',
  );
  for (let i = 0; i < phones.length; i += CHUNK) insert.run(JSON.stringify(phones.slice(i, i + CHUNK)));
}

/** The list as it was (or, for a new list, nothing: no undo) replaces the one kept before. */
function keepForUndo(db: Database, profile: string, listId: string, before: ListRow | undefined): void {
  db.prepare<[string, string]>('DELETE FROM block_list_undo WHERE profile = ? AND list_id = ?').run(
    profile,
    listId,
  );
  if (!before) return;
  db.prepare<[string, string, string, number, string, string | null]>(
    `INSERT INTO block_list_undo (profile, list_id, file_name, numbers, updated_at, file_date)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(profile, listId, before.file_name, before.numbers, before.updated_at, before.file_date);
  db.prepare<[string, string]>(
    `INSERT INTO block_list_undo_numbers (profile, list_id, phone)
     SELECT profile, list_id, phone FROM blocked_numbers WHERE profile = ? AND list_id = ?`,
  ).run(profile, listId);
}

/**
 * The list's last import taken back: its numbers, file name and dates as they
 * were before it. One step only: the kept list is gone afterwards. Returns
 * false when there is nothing to undo.
 */
export function undoBlockImport(db: Database, profile: string, listId: string): boolean {
  return db
    .transaction(() => {
      const kept = db
        .prepare<[string, string], ListRow>(
          `SELECT file_name, numbers, updated_at, file_date FROM block_list_undo
           WHERE profile = ? AND list_id = ?`,
        )
        .get(profile, listId);
      if (!kept || !listOf(db, profile, listId)) return false;
      db.prepare<[string, number, string, string | null, string, string]>(
        `UPDATE block_lists SET file_name = ?, numbers = ?, updated_at = ?, file_date = ?
         WHERE profile = ? AND id = ?`,
      ).run(kept.file_name, kept.numbers, kept.updated_at, kept.file_date, profile, listId);
      db.prepare<[string, string, string, string]>(
        `DELETE FROM blocked_numbers WHERE profile = ? AND list_id = ? AND phone NOT IN
           (SELECT phone FROM block_list_undo_numbers WHERE profile = ? AND list_id = ?)`,
      ).run(profile, listId, profile, listId);
      db.prepare<[string, string]>(
        `INSERT OR IGNORE INTO blocked_numbers (profile, phone, list_id)
         SELECT profile, phone, list_id FROM block_list_undo_numbers WHERE profile = ? AND list_id = ?`,
      ).run(profile, listId);
      db.prepare<[string, string]>('DELETE FROM block_list_undo WHERE profile = ? AND list_id = ?').run(
        profile,
        listId,
      );
      return true;
    })
    .immediate();
}
