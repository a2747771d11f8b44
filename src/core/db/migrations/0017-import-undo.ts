import type { Migration } from './types';

/**
 * What undoing the last import needs (core/contacts/import-journal/): an import
 * that changed something leaves one journal, and the next such import in the
 * profile replaces it, so only the last one can be undone.
 *
 * - `import_journal`: the import, with the one time `at` its commit wrote
 *   everywhere (new contacts' created_at and updated_at, updated contacts'
 *   updated_at, new memberships' added_at): a contact or membership still
 *   carrying it is as the import left it. Its new contacts are not listed:
 *   they are the seqs `first_seq` to `last_seq` (one transaction inserted
 *   them, holding the write lock, and seq is AUTOINCREMENT), so a 100,000-
 *   contact import journals one row. `list_created`: the import created its
 *   list, which the undo deletes if it is left empty.
 * - `import_journal_contacts`: existing contacts the import changed, as they
 *   were before (seq is the contact's; no foreign key, so a contact purged
 *   since is seen missing rather than silently dropped).
 * - `import_journal_members`: existing contacts the import put in its list.
 */
export const importUndo: Migration = {
  version: 17,
  name: 'import-undo',
  up(db) {
    db.exec(`
      CREATE TABLE import_journal (
        import_id    TEXT PRIMARY KEY,
        profile      TEXT NOT NULL,
        file_name    TEXT NOT NULL,
        at           TEXT NOT NULL,
        first_seq    INTEGER,
        last_seq     INTEGER,
        imported     INTEGER NOT NULL DEFAULT 0 CHECK (imported >= 0),
        updated      INTEGER NOT NULL DEFAULT 0 CHECK (updated >= 0),
        joined       INTEGER NOT NULL DEFAULT 0 CHECK (joined >= 0),
        list_id      TEXT,
        list_created INTEGER NOT NULL DEFAULT 0 CHECK (list_created IN (0, 1)),
        CHECK ((first_seq IS NULL) = (last_seq IS NULL) AND (first_seq IS NULL OR last_seq >= first_seq)),
        CHECK (list_created = 0 OR list_id IS NOT NULL)
      ) STRICT;
      CREATE INDEX import_journal_by_profile ON import_journal (profile);
      CREATE TABLE import_journal_contacts (
        import_id  TEXT NOT NULL REFERENCES import_journal (import_id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        name       TEXT NOT NULL,
        sort_key   TEXT NOT NULL,
        email      TEXT,
        fields     TEXT NOT NULL CHECK (json_type(fields) = 'object'),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (import_id, seq)
      ) STRICT, WITHOUT ROWID;
      CREATE TABLE import_journal_members (
        import_id TEXT NOT NULL REFERENCES import_journal (import_id) ON DELETE CASCADE,
        seq       INTEGER NOT NULL,
        PRIMARY KEY (import_id, seq)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
