import type { Migration } from './types';

/**
 * Campaigns, from the draft saved as the user types to the frozen campaign
 * the outbox delivers. While `draft`, the composer's fields change freely;
 * Send freezes it (status `queued`, totals and unit price set) in the same
 * transaction that writes its outbox (0012), and from then on only its status
 * and hold change.
 *
 * - `ref`: a short id unique per database, the first part of every message's
 *   `reference` (`<ref>-<batch>-<position>`), kept short because the
 *   reference travels with each of up to 5000 messages per request.
 * - `audience` and `options` are JSON in the shapes of the contract's
 *   campaign schemas (src/shared/contract/campaigns.ts); zod validates them on
 *   the way in and on the way out, so a column never needs a migration for a
 *   new option.
 * - `hold`: JSON `{code, message, ...}` while the campaign waits for the user
 *   or for time (insufficient balance, quiet hours, a batch that keeps failing).
 * - Money is in BRL as the service gives it (prices have more than two
 *   decimals); `cost` is rounded to centavos once, at freeze.
 */
export const campaigns: Migration = {
  version: 11,
  name: 'campaigns',
  up(db) {
    db.exec(`
      CREATE TABLE campaigns (
        id          TEXT PRIMARY KEY,
        profile     TEXT NOT NULL,
        ref         TEXT NOT NULL UNIQUE,
        name        TEXT NOT NULL,
        status      TEXT NOT NULL DEFAULT 'draft' CHECK (status IN
                      ('draft', 'queued', 'sending', 'paused', 'held', 'completed', 'cancelled')),
        template    TEXT NOT NULL DEFAULT '',
        audience    TEXT NOT NULL DEFAULT '{}',
        options     TEXT NOT NULL DEFAULT '{}',
        allow_partial INTEGER NOT NULL DEFAULT 0 CHECK (allow_partial IN (0, 1)),
        hold        TEXT,
        recipients  INTEGER,
        messages    INTEGER,
        segments    INTEGER,
        unit_price  REAL,
        cost        REAL,
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL,
        queued_at   TEXT,
        finished_at TEXT,
        CHECK ((status = 'draft') = (queued_at IS NULL))
      ) STRICT;
      CREATE INDEX campaigns_by_profile ON campaigns (profile, updated_at DESC);
      CREATE INDEX campaigns_active ON campaigns (status) WHERE status IN ('queued', 'sending', 'held');
    `);
  },
};
