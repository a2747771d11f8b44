import type { Migration } from './types';

/**
 * Templates (the templates domain, src/core/templates/): saved messages per
 * profile. `name_key` is the name folded (case, accents and spaces do not
 * matter), unique in the profile. A deleted template keeps its row with
 * `deleted_at` set for the undo window, then is purged; a new template that
 * takes its name purges it first, so the name is free at once.
 * `sender` and `sms_type_id` are what a campaign starts with when it uses
 * the template (null: the account's defaults).
 */
export const templates: Migration = {
  version: 22,
  name: 'templates',
  up(db) {
    db.exec(`
      CREATE TABLE templates (
        id          TEXT PRIMARY KEY,
        profile     TEXT NOT NULL,
        name        TEXT NOT NULL CHECK (length(name) > 0),
        name_key    TEXT NOT NULL,
        category    TEXT,
        text        TEXT NOT NULL,
        sender      TEXT,
        sms_type_id INTEGER CHECK (sms_type_id > 0),
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        deleted_at  TEXT,
        UNIQUE (profile, name_key)
      ) STRICT;
    `);
  },
};
