import type { Migration } from './types';

/**
 * The outbox: a frozen campaign's messages, rendered, in batches of at most
 * 5000 (one bulk request each). Written in one transaction with the
 * campaign's freeze, so a campaign is either wholly queued or not at all.
 *
 * A batch moves queued → sending → accepted | held | failed | cancelled.
 * `sending` is written (and synced to disk) before the request leaves, with
 * `attempt_started_at`; a batch found `sending` after a crash, or whose
 * request may have reached the service (a time-out, a reset after sending),
 * is reconciled against the service's sends before it is ever sent again
 * (see core/campaigns: the rule is written down where it is applied).
 * `send_id` is unique: one service send can settle only one batch.
 *
 * Messages are addressed by (campaign, batch, position); their reference
 * is derived from the campaign's `ref` and these two numbers, so it is
 * unique without an index of its own.
 */
export const outbox: Migration = {
  version: 12,
  name: 'outbox',
  up(db) {
    db.exec(`
      CREATE TABLE campaign_batches (
        campaign_id        TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        batch              INTEGER NOT NULL CHECK (batch >= 0),
        state              TEXT NOT NULL DEFAULT 'queued' CHECK (state IN
                             ('queued', 'sending', 'accepted', 'held', 'failed', 'cancelled')),
        messages           INTEGER NOT NULL CHECK (messages BETWEEN 1 AND 5000),
        segments           INTEGER NOT NULL,
        cost               REAL NOT NULL,
        attempts           INTEGER NOT NULL DEFAULT 0,
        attempt_started_at TEXT,
        ambiguous          INTEGER NOT NULL DEFAULT 0 CHECK (ambiguous IN (0, 1)),
        next_attempt_at    TEXT,
        reason             TEXT,
        send_id            TEXT UNIQUE,
        accepted_at        TEXT,
        PRIMARY KEY (campaign_id, batch),
        CHECK ((state = 'accepted') = (send_id IS NOT NULL))
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX campaign_batches_pending ON campaign_batches (state, campaign_id, batch)
        WHERE state IN ('queued', 'sending');

      CREATE TABLE campaign_messages (
        campaign_id TEXT NOT NULL,
        batch       INTEGER NOT NULL,
        position    INTEGER NOT NULL CHECK (position >= 0),
        phone       TEXT NOT NULL,
        message     TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 1600),
        segments    INTEGER NOT NULL CHECK (segments >= 1),
        contact_id  TEXT,
        PRIMARY KEY (campaign_id, batch, position),
        FOREIGN KEY (campaign_id, batch) REFERENCES campaign_batches (campaign_id, batch) ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
