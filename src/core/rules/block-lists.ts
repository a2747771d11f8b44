/**
 * Block lists: numbers no campaign, automation or test send may reach
 * (Procon-SP's "Não Me Ligue", Procon-AL's and Procon-Carioca's registers,
 * and lists the owner names; several at once), kept by number like
 * opt-outs, apart from the contacts, so a contact import never lifts a
 * block. Importing a list again replaces its numbers (a number taken off
 * the Procon-SP register may be messaged again) or adds to them, as the
 * owner says (block-list-import.ts).
 */
import { BLOCK_LIST_STALE_DAYS } from '../../shared/contract/rules';
import type { BlockListKind, BlockListRef, BlockListView } from '../../shared/dto/rules';
import type { Database } from '../db/open-database';
import { undoBlockImport } from './block-list-import';
import { listRefOf } from './block-list-target';
import { blockListRankSql } from './block-list-rank';

const DAY_MS = 86_400_000;

interface ListRow {
  id: string;
  kind: BlockListKind;
  name: string | null;
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
      `SELECT l.id, l.kind, l.name, l.file_name, l.numbers, l.updated_at, l.file_date,
              u.file_name AS before_file_name, u.numbers AS before_numbers,
              u.updated_at AS before_updated_at, u.file_date AS before_file_date
       FROM block_lists l LEFT JOIN block_list_undo u ON u.profile = l.profile AND u.list_id = l.id
       WHERE l.profile = ? ORDER BY ${blockListRankSql('l.id')}`,
    ),
    refs: db.prepare<[string], ListRow>(
      `SELECT id, kind, name FROM block_lists WHERE profile = ? ORDER BY ${blockListRankSql('id')}`,
    ),
    blockedBy: db.prepare<[string, string], ListRow>(
      `SELECT l.id, l.kind, l.name FROM blocked_numbers b JOIN block_lists l ON l.profile = b.profile AND l.id = b.list_id
       WHERE b.profile = ? AND b.phone = ? ORDER BY ${blockListRankSql('b.list_id')} LIMIT 1`,
    ),
    remove: db.prepare<[string, string]>('DELETE FROM block_lists WHERE profile = ? AND id = ?'),
    // A removed list's kept numbers go too: an undo must not bring back a list the owner deleted.
    forget: db.prepare<[string, string]>('DELETE FROM block_list_undo WHERE profile = ? AND list_id = ?'),
    count: db
      .prepare<[string, string], number>(
        'SELECT count(*) FROM blocked_numbers WHERE profile = ? AND list_id = ?',
      )
      .pluck(),
    clear: db.prepare<[string]>('DELETE FROM block_lists WHERE profile = ?'),
    clearUndo: db.prepare<[string]>('DELETE FROM block_list_undo WHERE profile = ?'),
  };

  const viewOf = (row: ListRow, now: Date): BlockListView => ({
    ...listRefOf(row),
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

    /** The profile's lists by name, in the order they are asked (the reports name removals with them). */
    refs: (profile: string): BlockListRef[] => s.refs.all(profile).map(listRefOf),

    /** The list that blocks this number (the public registers first), or null. */
    blockedBy: (profile: string, phone: string): BlockListRef | null => {
      const row = s.blockedBy.get(profile, phone);
      return row ? listRefOf(row) : null;
    },

    /** The list and its numbers are gone; returns how many numbers it had. */
    remove(profile: string, listId: string): number {
      return db.transaction(() => {
        const numbers = s.count.get(profile, listId)!;
        s.remove.run(profile, listId);
        s.forget.run(profile, listId);
        return numbers;
      })();
    },

    /** The list as it was before its last import, or null when there was nothing to undo. */
    undo(profile: string, listId: string, now: Date): BlockListView | null {
      if (!undoBlockImport(db, profile, listId)) return null;
      return lists(profile, now).find((l) => l.id === listId) ?? null;
    },

    clear: (profile: string) =>
      db.transaction(() => {
        s.clear.run(profile);
        s.clearUndo.run(profile);
      })(),
  };
}

export type BlockLists = ReturnType<typeof createBlockLists>;
