import type { Migration } from './types';

/**
 * Block lists never shrink by accident (core/rules/block-lists.ts):
 *
 * - `block_lists.file_date`: the file's own date (when it was last changed,
 *   as the computer that opened it says), or null when the import did not
 *   know it; `updated_at` stays the moment of the import.
 * - `block_list_undo` and `block_list_undo_numbers`: the list as it was before
 *   its last import (file name, dates, numbers), one per list, so the owner
 *   can take that import back. Kept apart from `blocked_numbers`, so nothing
 *   that decides who is blocked reads them. The numbers go with their row.
 */
export const blockListUndo: Migration = {
  version: 32,
  name: 'block-list-undo',
  up(db) {
    db.exec(`
      ALTER TABLE block_lists ADD COLUMN file_date TEXT;

      CREATE TABLE block_list_undo (
        profile    TEXT NOT NULL,
        source     TEXT NOT NULL CHECK (source IN ('procon-sp', 'other')),
        file_name  TEXT NOT NULL,
        numbers    INTEGER NOT NULL CHECK (numbers >= 0),
        updated_at TEXT NOT NULL,
        file_date  TEXT,
        PRIMARY KEY (profile, source)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE block_list_undo_numbers (
        profile TEXT NOT NULL,
        source  TEXT NOT NULL,
        phone   TEXT NOT NULL,
        PRIMARY KEY (profile, source, phone),
        FOREIGN KEY (profile, source) REFERENCES block_list_undo (profile, source) ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
