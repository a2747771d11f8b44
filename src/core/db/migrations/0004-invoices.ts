import type { Migration } from './types';

/**
 * The invoice history as last read from the service, per profile, so the
 * invoices page and its CSV export work offline, page by page. Newest first
 * is `date DESC`; `date` is kept as the service wrote it (ISO 8601).
 * Money is integer centavos, like purchase_attempts.
 */
export const invoices: Migration = {
  version: 4,
  name: 'invoices',
  up(db) {
    db.exec(`
      CREATE TABLE invoices (
        profile      TEXT NOT NULL,
        uuid         TEXT NOT NULL,
        display_id   TEXT NOT NULL,
        total_cents  INTEGER NOT NULL,
        date         TEXT NOT NULL,
        expiry       TEXT NOT NULL,
        status_code  TEXT,
        status_name  TEXT,
        status_icon  TEXT,
        status_color TEXT,
        card_code    TEXT,
        card_name    TEXT,
        fetched_at   TEXT NOT NULL,
        PRIMARY KEY (profile, uuid)
      ) STRICT;
      CREATE INDEX invoices_by_date ON invoices (profile, date DESC, uuid);
    `);
  },
};
