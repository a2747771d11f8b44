/**
 * Block lists: numbers no campaign, automation or test send may reach (the
 * Procon-SP "Não Me Ligue" register, or another list), kept by number like
 * opt-outs, apart from the contacts, so a contact import never lifts a
 * block. Importing a list again replaces its numbers (a number taken off
 * the Procon-SP register may be messaged again) or adds to them, as the
 * owner says (block-list-import.ts).
 */
import { BLOCK_LIST_STALE_DAYS } from '../../shared/contract/rules';
import type { BlockListView, BlockSource } from '../../shared/dto/rules';
import type { Database } from '../db/open-database';
import { undoBlockImport } from './block-list-import';

const DAY_MS = 86_400_000;

interface ListRow {
  source: BlockSource;
  file_name: string;
  numbers: number;
  updated_at: string;
  file_date: string | null;
  /** The list before its last import (block_list_undo), all null when there is nothing to undo. */
  before_file_name: string | null;
  before_numbers: number | null;
  before_updated_at: string | null;
  before_file_date: string | null;
}

export function createBlockLists(db: Database) {
  const s = {
    lists: db.prepare<[string], ListRow>(
      `SELECT l.source, l.file_name, l.numbers, l.updated_at, l.file_date,
              u.file_name AS before_file_name, u.numbers AS before_numbers,
              u.updated_at AS before_updated_at, u.file_date AS before_file_date
       FROM block_lists l LEFT JOIN block_list_undo u ON u.profile = l.profile AND u.source = l.source
       WHERE l.profile = ? ORDER BY l.source DESC`,
    ),
    blockedBy: db
      .prepare<[string, string], BlockSource>(
        `SELECT source FROM blocked_numbers WHERE profile = ? AND phone = ? ORDER BY source DESC LIMIT 1`,
      )
      .pluck(),
    remove: db.prepare<[string, string]>('DELETE FROM block_lists WHERE profile = ? AND source = ?'),
    // A removed list's kept numbers go too: an undo must not bring back a list the owner deleted.
    forget: db.prepare<[string, string]>('DELETE FROM block_list_undo WHERE profile = ? AND source = ?'),
    count: db
      .prepare<[string, string], number>(
        'SELECT count(*) FROM blocked_numbers WHERE profile = ? AND source = ?',
      )
      .pluck(),
    clear: db.prepare<[string]>('DELETE FROM block_lists WHERE profile = ?'),
    clearUndo: db.prepare<[string]>('DELETE FROM block_list_undo WHERE profile = ?'),
  };

  const viewOf = (row: ListRow, now: Date): BlockListView => ({
    source: row.source,
    fileName: row.file_name,
    numbers: row.numbers,
    updatedAt: row.updated_at,
    fileDate: row.file_date,
    stale: now.getTime() - Date.parse(row.updated_at) > BLOCK_LIST_STALE_DAYS * DAY_MS,
    before:
      row.before_file_name === null
        ? null
        : {
            fileName: row.before_file_name,
            numbers: row.before_numbers!,
            updatedAt: row.before_updated_at!,
            fileDate: row.before_file_date,
          },
  });
  const lists = (profile: string, now: Date): BlockListView[] =>
    s.lists.all(profile).map((row) => viewOf(row, now));

  return {
    lists,

    /** The list that blocks this number (Procon-SP's first), or null. */
    blockedBy: (profile: string, phone: string): BlockSource | null =>
      s.blockedBy.get(profile, phone) ?? null,

    /** The list and its numbers are gone; returns how many numbers it had. */
    remove(profile: string, source: BlockSource): number {
      return db.transaction(() => {
        const numbers = s.count.get(profile, source)!;
        s.remove.run(profile, source);
        s.forget.run(profile, source);
        return numbers;
      })();
    },

    /** The list as it was before its last import, or null when there was nothing to undo. */
    undo(profile: string, source: BlockSource, now: Date): BlockListView | null {
      if (!undoBlockImport(db, profile, source)) return null;
      return lists(profile, now).find((l) => l.source === source) ?? null;
    },

    clear: (profile: string) =>
      db.transaction(() => {
        s.clear.run(profile);
        s.clearUndo.run(profile);
      })(),
  };
}

export type BlockLists = ReturnType<typeof createBlockLists>;
