import type { Migration } from './types';

/**
 * Block lists by name (issue 35 item 5): several at once, each with its
 * kind, so the composer and the report say which list left a number out.
 *
 * - `block_lists.id` (was `source`): the list's id. A public register's id
 *   is its kind (one list each): 'procon-sp', 'procon-al' (Lei estadual AL
 *   8.538/2021), 'procon-carioca' (Lei municipal Rio de Janeiro 6.523/2019).
 *   An owner's list has its own id and a `name`; the list kept before as
 *   'other' keeps its id and numbers and becomes an owner's list without a
 *   name (shown as "Outra lista").
 * - `blocked_numbers.list_id`, `block_list_undo.list_id` and
 *   `block_list_undo_numbers.list_id` (were `source`): which list.
 * - `campaign_removals.block_list` and `block_list_name`: the list that
 *   blocked a message taken out at the last moment, and its name then (the
 *   report counts per list, and names a list removed since); the rows before
 *   it get the list their reason named.
 *
 * The CHECK on `source` is gone with the column, and SQLite drops a CHECK
 * only by rebuilding the table. The migration runs with foreign keys on
 * (inside its transaction they cannot be turned off), and dropping a parent
 * would cascade into its numbers: so each child is copied first, the old
 * tables dropped children first, and the renames carry the new children's
 * references along.
 */
export const namedBlockLists: Migration = {
  // 39 as assigned; 37 here (after this branch's 0036) until 0037–0038 (other branches) land beside it.
  version: 39,
  name: 'named-block-lists',
  up(db) {
    db.exec(`
      CREATE TABLE block_lists_next (
        profile    TEXT NOT NULL,
        id         TEXT NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
        kind       TEXT NOT NULL CHECK (kind IN ('procon-sp', 'procon-al', 'procon-carioca', 'owner')),
        name       TEXT CHECK (name IS NULL OR length(trim(name)) BETWEEN 1 AND 60),
        file_name  TEXT NOT NULL,
        numbers    INTEGER NOT NULL CHECK (numbers >= 0),
        updated_at TEXT NOT NULL,
        file_date  TEXT,
        PRIMARY KEY (profile, id),
        -- A public register is one list whose id is its kind, and has no owner's name.
        CHECK ((kind = 'owner') = (id NOT IN ('procon-sp', 'procon-al', 'procon-carioca'))),
        CHECK (kind = 'owner' OR name IS NULL)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO block_lists_next (profile, id, kind, name, file_name, numbers, updated_at, file_date)
        SELECT profile, source, CASE source WHEN 'procon-sp' THEN 'procon-sp' ELSE 'owner' END, NULL,
               file_name, numbers, updated_at, file_date FROM block_lists;

      CREATE TABLE blocked_numbers_next (
        profile TEXT NOT NULL,
        phone   TEXT NOT NULL CHECK (
                  phone GLOB '+[1-9]*' AND substr(phone, 2) NOT GLOB '*[^0-9]*'
                  AND length(phone) BETWEEN 8 AND 16),
        list_id TEXT NOT NULL,
        PRIMARY KEY (profile, phone, list_id),
        FOREIGN KEY (profile, list_id) REFERENCES block_lists_next (profile, id) ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;
      INSERT INTO blocked_numbers_next (profile, phone, list_id)
        SELECT profile, phone, source FROM blocked_numbers ORDER BY profile, phone, source;

      CREATE TABLE block_list_undo_next (
        profile    TEXT NOT NULL,
        list_id    TEXT NOT NULL,
        file_name  TEXT NOT NULL,
        numbers    INTEGER NOT NULL CHECK (numbers >= 0),
        updated_at TEXT NOT NULL,
        file_date  TEXT,
        PRIMARY KEY (profile, list_id)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO block_list_undo_next SELECT profile, source, file_name, numbers, updated_at, file_date
        FROM block_list_undo;

      CREATE TABLE block_list_undo_numbers_next (
        profile TEXT NOT NULL,
        list_id TEXT NOT NULL,
        phone   TEXT NOT NULL,
        PRIMARY KEY (profile, list_id, phone),
        FOREIGN KEY (profile, list_id) REFERENCES block_list_undo_next (profile, list_id) ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;
      INSERT INTO block_list_undo_numbers_next SELECT profile, source, phone FROM block_list_undo_numbers
        ORDER BY profile, source, phone;

      DROP TABLE block_list_undo_numbers;
      DROP TABLE block_list_undo;
      DROP TABLE blocked_numbers;
      DROP TABLE block_lists;
      ALTER TABLE block_lists_next RENAME TO block_lists;
      ALTER TABLE blocked_numbers_next RENAME TO blocked_numbers;
      ALTER TABLE block_list_undo_next RENAME TO block_list_undo;
      ALTER TABLE block_list_undo_numbers_next RENAME TO block_list_undo_numbers;
      -- An owner's two lists are told apart by their names.
      CREATE UNIQUE INDEX block_lists_by_name ON block_lists (profile, name COLLATE NOCASE)
        WHERE name IS NOT NULL;

      ALTER TABLE campaign_removals ADD COLUMN block_list TEXT;
      ALTER TABLE campaign_removals ADD COLUMN block_list_name TEXT;
      UPDATE campaign_removals SET block_list = CASE reason WHEN 'blocked_procon' THEN 'procon-sp' ELSE 'other' END
        WHERE reason IN ('blocked_procon', 'blocked_other');
    `);
  },
};
