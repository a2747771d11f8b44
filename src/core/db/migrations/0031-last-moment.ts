import type { Migration } from './types';

/**
 * The last moment decides (issue 32): a batch waits in the outbox until its
 * time instead of waiting at the service, so whoever opts out or is blocked
 * meanwhile is taken out before it leaves (the service cannot take a
 * message back once it accepted it).
 *
 * - `campaign_batches.not_before`: the earliest instant (ms) any of the
 *   batch's messages may go; NULL: as soon as the worker gets to it.
 * - `campaign_batches.last_at`: the latest instant (ms) of its messages, so
 *   the campaign's page says "Agendada" from when to when without reading
 *   every message.
 * - `campaign_removals`: each message taken out of a batch at the last
 *   moment, and why; never sent, never charged, counted on the report.
 */
export const lastMoment: Migration = {
  version: 31,
  name: 'last-moment',
  up(db) {
    db.exec(`
      ALTER TABLE campaign_batches ADD COLUMN not_before INTEGER;
      ALTER TABLE campaign_batches ADD COLUMN last_at INTEGER;

      CREATE TABLE campaign_removals (
        campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        batch       INTEGER NOT NULL,
        position    INTEGER NOT NULL,
        phone       TEXT NOT NULL,
        segments    INTEGER NOT NULL CHECK (segments >= 1),
        reason      TEXT NOT NULL CHECK (reason IN ('opted_out', 'blocked_procon', 'blocked_other', 'cap')),
        removed_at  TEXT NOT NULL,
        PRIMARY KEY (campaign_id, batch, position)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
