import type { Migration } from './types';

/**
 * Contacts, per profile (`default` is the real account, `demo` the demo), so
 * the demo's contacts never mix with an account's.
 *
 * - `seq` is the rowid alias the search index (0008) points at: an explicit
 *   INTEGER PRIMARY KEY survives VACUUM (an implicit rowid may not), and
 *   AUTOINCREMENT never hands a purged contact's seq to a new one.
 * - `id` is the uuid every API and the service sync use.
 * - `phone` is E.164 (`+5511987654321`), unique per profile: a second contact
 *   with the same number is the same person.
 * - `sort_key` is the name folded for ordering (no case, no accents), written
 *   by the repo; contacts without a name sort last.
 * - `fields` is a JSON object of custom merge fields (`{"cidade": "Recife"}`).
 * - `deleted_at`/`deleted_batch`: a deleted contact waits here for its undo
 *   (the batch is the undo token) until it is purged; nothing else sees it.
 *   Indexed by time for the purge that every write runs first.
 */
export const contacts: Migration = {
  version: 5,
  name: 'contacts',
  up(db) {
    db.exec(`
      CREATE TABLE contacts (
        seq           INTEGER PRIMARY KEY AUTOINCREMENT,
        id            TEXT NOT NULL UNIQUE,
        profile       TEXT NOT NULL,
        name          TEXT NOT NULL,
        sort_key      TEXT NOT NULL,
        phone         TEXT NOT NULL CHECK (
                        phone GLOB '+[1-9]*' AND substr(phone, 2) NOT GLOB '*[^0-9]*'
                        AND length(phone) BETWEEN 8 AND 16),
        email         TEXT,
        fields        TEXT NOT NULL DEFAULT '{}' CHECK (json_type(fields) = 'object'),
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL,
        deleted_at    TEXT,
        deleted_batch TEXT,
        CHECK ((deleted_at IS NULL) = (deleted_batch IS NULL)),
        UNIQUE (profile, phone)
      ) STRICT;
      CREATE INDEX contacts_by_name ON contacts (profile, sort_key) WHERE deleted_at IS NULL;
      CREATE INDEX contacts_deleted ON contacts (deleted_at) WHERE deleted_at IS NOT NULL;
    `);
  },
};
