import type { Migration } from './types';

/**
 * The confirmation SMS after an opt-out by reply (issue 33 item 5, off
 * unless the owner turns it on): "Pronto, você não recebe mais mensagens da
 * Loja Maria." Sent exactly once per opt-out event, whatever happens.
 *
 * - `opt_out_confirmations`: one row per `sms.reply` event that opted its
 *   number out, written in the same transaction as the reply and its
 *   opt-out (the intake's), so a page of events handed over twice makes one
 *   row, and a crash before the page's commit makes none. `state`:
 *   `pending` (to send, not before `not_before`), `sending` (the request may
 *   have left: `attempt_started_at` was committed before it did; the send is
 *   looked for on the service before any second try), `sent` (`send_id`,
 *   the service's; the SMS is also in `inbox_sends`, shown in the
 *   conversation as the shop's), `skipped` (`skip_reason`: a block list,
 *   the service refused it). `text` is the SMS as it goes, fixed when the
 *   opt-out is recorded.
 */
export const optOutConfirmations: Migration = {
  version: 38,
  name: 'opt-out-confirmations',
  up(db) {
    db.exec(`
      CREATE TABLE opt_out_confirmations (
        profile            TEXT NOT NULL,
        event_id           TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
        phone              TEXT NOT NULL CHECK (
                             phone GLOB '+[1-9]*' AND substr(phone, 2) NOT GLOB '*[^0-9]*'
                             AND length(phone) BETWEEN 8 AND 16),
        text               TEXT NOT NULL CHECK (length(text) >= 1),
        state              TEXT NOT NULL DEFAULT 'pending'
                             CHECK (state IN ('pending', 'sending', 'sent', 'skipped')),
        created_at         TEXT NOT NULL,
        not_before         TEXT NOT NULL,
        attempt_started_at TEXT,
        attempts           INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        send_id            TEXT UNIQUE,
        sent_at            TEXT,
        skip_reason        TEXT,
        PRIMARY KEY (profile, event_id),
        CHECK ((state = 'sending') = (attempt_started_at IS NOT NULL)),
        CHECK ((state = 'sent') = (send_id IS NOT NULL AND sent_at IS NOT NULL)),
        CHECK ((state = 'skipped') = (skip_reason IS NOT NULL))
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX opt_out_confirmations_to_send ON opt_out_confirmations (profile, not_before)
        WHERE state IN ('pending', 'sending');
    `);
  },
};
