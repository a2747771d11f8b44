import type { Migration } from './types';

/**
 * Contact lists, per profile, and who is in them.
 *
 * - A list name has 2 to 20 characters, like the service's; `name_key` is the
 *   name folded to lower case by the repo (SQLite's NOCASE folds ASCII only,
 *   not `Ç` or `Ã`), unique per profile.
 * - Deleting a list or a contact removes its memberships (ON DELETE CASCADE;
 *   foreign keys are on for every connection, see open-database.ts).
 */
export const lists: Migration = {
  version: 6,
  name: 'lists',
  up(db) {
    db.exec(`
      CREATE TABLE lists (
        id         TEXT PRIMARY KEY,
        profile    TEXT NOT NULL,
        name       TEXT NOT NULL CHECK (length(name) BETWEEN 2 AND 20),
        name_key   TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (profile, name_key)
      ) STRICT;
      CREATE TABLE contact_lists (
        list_id    TEXT NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
        contact_id TEXT NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        added_at   TEXT NOT NULL,
        PRIMARY KEY (list_id, contact_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX contact_lists_by_contact ON contact_lists (contact_id);
    `);
  },
};
