import type { Migration } from './types';

/**
 * The sending rules (core/rules):
 *
 * - `sending_rules`: the owner's rules as JSON (shared/rules/sending-rules.ts),
 *   one row for the whole data folder (the business's rules, the demo's
 *   too, like the app's language); no row means the defaults.
 * - the rest per profile:
 * - `block_lists` and `blocked_numbers`: numbers no message may reach
 *   (the Procon-SP "Não Me Ligue" list, or another), kept like opt-outs:
 *   by number, apart from the contacts, so no contact import lifts a block.
 *   A list's numbers are replaced as a whole when it is imported again (a
 *   number taken off the Procon-SP list may be messaged again).
 * - `send_log`: one row per message a campaign or an automation sends to a
 *   number, at the instant it goes out (its schedule), for the frequency
 *   cap. `origin` says which campaign (`c<ref>`) or automation sent it, so a
 *   cancelled batch's messages can be taken back out. Keyed by number and
 *   time, so "how many messages did this number get since T" is one index
 *   range; the time index lets old rows be trimmed.
 */
export const sendingRules: Migration = {
  version: 28,
  name: 'sending-rules',
  up(db) {
    db.exec(`
      CREATE TABLE sending_rules (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        rules      TEXT NOT NULL CHECK (json_type(rules) = 'object'),
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE block_lists (
        profile    TEXT NOT NULL,
        source     TEXT NOT NULL CHECK (source IN ('procon-sp', 'other')),
        file_name  TEXT NOT NULL,
        numbers    INTEGER NOT NULL CHECK (numbers >= 0),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (profile, source)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE blocked_numbers (
        profile TEXT NOT NULL,
        phone   TEXT NOT NULL CHECK (
                  phone GLOB '+[1-9]*' AND substr(phone, 2) NOT GLOB '*[^0-9]*'
                  AND length(phone) BETWEEN 8 AND 16),
        source  TEXT NOT NULL,
        PRIMARY KEY (profile, phone, source),
        FOREIGN KEY (profile, source) REFERENCES block_lists (profile, source) ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE send_log (
        profile TEXT NOT NULL,
        phone   TEXT NOT NULL,
        at      INTEGER NOT NULL,
        origin  TEXT NOT NULL,
        PRIMARY KEY (profile, phone, at, origin)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX send_log_by_time ON send_log (at);
    `);
  },
};
