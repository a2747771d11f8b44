/**
 * Block lists: numbers no campaign, automation or test send may reach (the
 * Procon-SP "Não Me Ligue" register, or another list), kept by number like
 * opt-outs, apart from the contacts, so a contact import never lifts a
 * block. Importing a list again replaces its numbers: a number taken off
 * the Procon-SP register may be messaged again.
 */
import { BLOCK_LIST_STALE_DAYS } from '../../shared/contract/rules';
import type { BlockImportResultView, BlockListView, BlockSource } from '../../shared/dto/rules';
import type { Database } from '../db/open-database';

const DAY_MS = 86_400_000;
/** Numbers per INSERT through json_each: one statement run per chunk, not per number. */
const CHUNK = 10_000;

interface ListRow {
  source: BlockSource;
  file_name: string;
  numbers: number;
  updated_at: string;
}

export function createBlockLists(db: Database) {
  const s = {
    lists: db.prepare<[string], ListRow>(
      `SELECT source, file_name, numbers, updated_at FROM block_lists WHERE profile = ? ORDER BY source DESC`,
    ),
    blockedBy: db
      .prepare<[string, string], BlockSource>(
        `SELECT source FROM blocked_numbers WHERE profile = ? AND phone = ? ORDER BY source DESC LIMIT 1`,
      )
      .pluck(),
    remove: db.prepare<[string, string]>('DELETE FROM block_lists WHERE profile = ? AND source = ?'),
    count: db
      .prepare<[string, string], number>(
        'SELECT count(*) FROM blocked_numbers WHERE profile = ? AND source = ?',
      )
      .pluck(),
    clear: db.prepare<[string]>('DELETE FROM block_lists WHERE profile = ?'),
  };

  return {
    lists(profile: string, now: Date): BlockListView[] {
      return s.lists.all(profile).map((row) => ({
        source: row.source,
        fileName: row.file_name,
        numbers: row.numbers,
        updatedAt: row.updated_at,
        stale: now.getTime() - Date.parse(row.updated_at) > BLOCK_LIST_STALE_DAYS * DAY_MS,
      }));
    },

    /** The list that blocks this number (Procon-SP's first), or null. */
    blockedBy: (profile: string, phone: string): BlockSource | null =>
      s.blockedBy.get(profile, phone) ?? null,

    /** The list and its numbers are gone; returns how many numbers it had. */
    remove(profile: string, source: BlockSource): number {
      return db.transaction(() => {
        const numbers = s.count.get(profile, source)!;
        s.remove.run(profile, source);
        return numbers;
      })();
    },

    clear: (profile: string) => void s.clear.run(profile),
  };
}

export type BlockLists = ReturnType<typeof createBlockLists>;

export interface BlockListFile {
  profile: string;
  source: BlockSource;
  fileName: string;
  /** E.164 numbers, duplicates allowed. */
  phones: readonly string[];
  /** Rows read, and rows without a readable number (for the result). */
  read: number;
  invalid: number;
  at: Date;
}

/**
 * Replaces a list's numbers with a file's, in one transaction on `db` (the
 * import's worker thread brings its own connection: three million numbers
 * take seconds, and main must not wait on them).
 */
export function replaceBlockList(db: Database, file: BlockListFile): BlockImportResultView {
  return db
    .transaction(() => {
      db.exec('CREATE TEMP TABLE IF NOT EXISTS block_incoming (phone TEXT PRIMARY KEY) WITHOUT ROWID');
      db.exec('DELETE FROM temp.block_incoming');
      const stage = db.prepare<[string]>(
        'INSERT OR IGNORE INTO temp.block_incoming (phone) SELECT value FROM json_each(?)',
      );
      for (let i = 0; i < file.phones.length; i += CHUNK) {
        stage.run(JSON.stringify(file.phones.slice(i, i + CHUNK)));
      }
      const numbers = db.prepare<[], number>('SELECT count(*) FROM temp.block_incoming').pluck().get()!;
      const at = file.at.toISOString();
      db.prepare<[string, string, string, number, string]>(
        `INSERT INTO block_lists (profile, source, file_name, numbers, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (profile, source) DO UPDATE
         SET file_name = excluded.file_name, numbers = excluded.numbers, updated_at = excluded.updated_at`,
      ).run(file.profile, file.source, file.fileName, numbers, at);
      const removed = db
        .prepare<[string, string]>(
          `DELETE FROM blocked_numbers WHERE profile = ? AND source = ?
           AND phone NOT IN (SELECT phone FROM temp.block_incoming)`,
        )
        .run(file.profile, file.source).changes;
      const added = db
        .prepare<[string, string]>(
          `INSERT OR IGNORE INTO blocked_numbers (profile, phone, source)
         SELECT ?, phone, ? FROM temp.block_incoming`,
        )
        .run(file.profile, file.source).changes;
      db.exec('DELETE FROM temp.block_incoming');
      return { source: file.source, read: file.read, numbers, added, removed, invalid: file.invalid };
    })
    .immediate();
}
