import type { Migration } from './types';

/**
 * The service's sends as last read, per profile, so the history, a send's
 * numbers and a campaign's report open offline (with the time they were read).
 *
 * - `history_sends`: one row per send seen in `/v1/sms/list` or opened. The
 *   detail columns (`segments` … `done`, `detail_at`) are null until the send
 *   was read with `/v1/sms/{id}/show`; `done = 0` marks the sends the
 *   background refresh follows. `seq` is a small local key, so the numbers'
 *   keys stay short (a send holds up to 5000; a campaign, 100,000 and more).
 * - `history_numbers`: the send's messages in the service's order
 *   (`position`). `outcome` groups the service's status as its numbers
 *   filter does (delivered, failed, in_progress). `first_of_phone` marks the
 *   first message to each phone, the one a campaign message (whose batch
 *   never repeats a phone) is matched with, through a unique index.
 * - `history_progress`: the send's delivered and failed counts each time a
 *   read found them changed. The service gives no per-message time, so this
 *   is what the delivery chart is drawn from (as fine as the reads were).
 */
export const sendHistory: Migration = {
  version: 13,
  name: 'send-history',
  up(db) {
    db.exec(`
      CREATE TABLE history_sends (
        seq          INTEGER PRIMARY KEY,
        profile      TEXT NOT NULL,
        id           TEXT NOT NULL,
        number       INTEGER,
        created_at   TEXT NOT NULL,
        scheduled_at TEXT,
        quantity     INTEGER NOT NULL CHECK (quantity >= 0),
        status       TEXT NOT NULL,
        type         TEXT NOT NULL,
        listed_at    TEXT,
        segments     REAL,
        cost         REAL,
        total        INTEGER,
        delivered    INTEGER,
        failed       INTEGER,
        in_progress  INTEGER,
        done         INTEGER CHECK (done IN (0, 1)),
        detail_at    TEXT,
        CHECK ((detail_at IS NULL) = (done IS NULL)),
        UNIQUE (profile, id)
      ) STRICT;
      CREATE INDEX history_sends_newest ON history_sends (profile, created_at DESC, number DESC);
      CREATE INDEX history_sends_open ON history_sends (profile) WHERE done = 0;

      CREATE TABLE history_numbers (
        send_seq       INTEGER NOT NULL REFERENCES history_sends (seq) ON DELETE CASCADE,
        position       INTEGER NOT NULL CHECK (position >= 0),
        id             TEXT NOT NULL,
        phone          TEXT NOT NULL,
        status         TEXT NOT NULL,
        outcome        TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed', 'in_progress')),
        code           TEXT,
        first_of_phone INTEGER NOT NULL CHECK (first_of_phone IN (0, 1)),
        PRIMARY KEY (send_seq, position)
      ) STRICT, WITHOUT ROWID;
      CREATE UNIQUE INDEX history_numbers_by_phone ON history_numbers (send_seq, phone) WHERE first_of_phone = 1;

      CREATE TABLE history_progress (
        send_seq  INTEGER NOT NULL REFERENCES history_sends (seq) ON DELETE CASCADE,
        at        TEXT NOT NULL,
        delivered INTEGER NOT NULL CHECK (delivered >= 0),
        failed    INTEGER NOT NULL CHECK (failed >= 0),
        PRIMARY KEY (send_seq, at)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
