import type { Migration } from './types';

/**
 * The replies ("Respostas", issue 33): what customers answered, read from
 * Torpedo Server, and what the owner answered from the inbox. Customer data
 * (numbers, texts): nothing of it goes to the log.
 *
 * - `inbox_replies`: one row per `sms.reply` event, keyed by the service's
 *   event id, so a page of events handed over twice keeps each reply once.
 *   `received_at` is the service's instant; `handled` is the owner's mark
 *   (0: unread); `opts_out` says the whole text was an opt-out word (SAIR,
 *   PARE…: the opt-out itself is in `opt_outs`, source `reply`). `origin_*`
 *   is what it answers, worked out as it arrives: the last campaign or
 *   automation message, or inbox reply, sent to the number before it
 *   (kind, the campaign's or automation's id, and its name then, so a
 *   campaign deleted later still names it).
 * - `inbox_sends`: each SMS sent from the inbox: the service's send id, the
 *   number, the text as it left (business name in front), its segments and
 *   what it cost (R$; null when the price list was never read).
 */
export const inbox: Migration = {
  version: 34,
  name: 'inbox',
  up(db) {
    db.exec(`
      CREATE TABLE inbox_replies (
        profile     TEXT NOT NULL,
        event_id    TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
        phone       TEXT NOT NULL CHECK (
                      phone GLOB '+[1-9]*' AND substr(phone, 2) NOT GLOB '*[^0-9]*'
                      AND length(phone) BETWEEN 8 AND 16),
        text        TEXT NOT NULL,
        received_at TEXT NOT NULL,
        kept_at     TEXT NOT NULL,
        handled     INTEGER NOT NULL DEFAULT 0 CHECK (handled IN (0, 1)),
        opts_out    INTEGER NOT NULL DEFAULT 0 CHECK (opts_out IN (0, 1)),
        origin_kind TEXT CHECK (origin_kind IN ('campaign', 'automation', 'reply')),
        origin_id   TEXT,
        origin_name TEXT,
        PRIMARY KEY (profile, event_id),
        CHECK (CASE
          WHEN origin_kind IS NULL OR origin_kind = 'reply' THEN origin_id IS NULL AND origin_name IS NULL
          ELSE origin_id IS NOT NULL AND origin_name IS NOT NULL END)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX inbox_replies_by_phone ON inbox_replies (profile, phone, received_at);
      CREATE INDEX inbox_replies_unread ON inbox_replies (profile, phone) WHERE handled = 0;

      CREATE TABLE inbox_sends (
        profile  TEXT NOT NULL,
        send_id  TEXT NOT NULL,
        phone    TEXT NOT NULL,
        text     TEXT NOT NULL CHECK (length(text) >= 1),
        segments INTEGER NOT NULL CHECK (segments >= 1),
        cost     REAL CHECK (cost >= 0),
        sent_at  TEXT NOT NULL,
        PRIMARY KEY (profile, send_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX inbox_sends_by_phone ON inbox_sends (profile, phone, sent_at);
    `);
  },
};
