import type { Migration } from './types';

/**
 * Numbers that must never receive a message, per profile. Keyed by the
 * number, not by a contact: an opt-out holds after the contact is deleted and
 * comes back with a re-import. `source` says how it arrived: marked on a
 * contact, imported from a file, typed by hand, or an SMS reply (STOP).
 */
export const optOuts: Migration = {
  version: 7,
  name: 'opt-outs',
  up(db) {
    db.exec(`
      CREATE TABLE opt_outs (
        profile    TEXT NOT NULL,
        phone      TEXT NOT NULL CHECK (
                     phone GLOB '+[1-9]*' AND substr(phone, 2) NOT GLOB '*[^0-9]*'
                     AND length(phone) BETWEEN 8 AND 16),
        created_at TEXT NOT NULL,
        source     TEXT NOT NULL CHECK (source IN ('contact', 'import', 'manual', 'reply')),
        note       TEXT,
        PRIMARY KEY (profile, phone)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX opt_outs_by_date ON opt_outs (profile, created_at DESC);
    `);
  },
};
