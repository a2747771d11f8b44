import type { Migration } from './types';

/**
 * A person erased at their request (LGPD art. 18, VI; issue 35):
 *
 * - `privacy_suppressions`: what is left of an erased number, its keyed hash
 *   (HMAC-SHA256 of the E.164 form, hex; the key is in the OS keychain, never
 *   here): enough to recognise the number when an import, a sync or a typed
 *   number brings it back, not enough to read it back. Per profile.
 * - `privacy_erasures`: the record that an erase happened (the burden of
 *   proof is the shop's): when, who asked for it (the owner in the window,
 *   the CLI, or the reapplication after a restore), and how many rows of
 *   each kind went, as a JSON object. Never the number, the name or a hash
 *   (a hash beside a time would tie the record to the suppression).
 * - `campaign_removals` takes `erased` as a reason: a frozen message to a
 *   person erased before it left is withdrawn like a last-moment removal and
 *   counted on the report. SQLite cannot widen a CHECK in place, so the table
 *   is rebuilt with its rows.
 */
export const personErasure: Migration = {
  // 37 once 0036 (the opt-out confirmation, another branch) is in the list before it.
  version: 37,
  name: 'person-erasure',
  up(db) {
    db.exec(`
      CREATE TABLE privacy_suppressions (
        profile    TEXT NOT NULL,
        hash       TEXT NOT NULL CHECK (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*'),
        created_at TEXT NOT NULL,
        PRIMARY KEY (profile, hash)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE privacy_erasures (
        id      TEXT PRIMARY KEY,
        profile TEXT NOT NULL,
        at      TEXT NOT NULL,
        by      TEXT NOT NULL CHECK (by IN ('owner', 'cli', 'reapplied')),
        erased  TEXT NOT NULL CHECK (json_type(erased) = 'object')
      ) STRICT;
      CREATE INDEX privacy_erasures_by_profile ON privacy_erasures (profile, at DESC);

      CREATE TABLE campaign_removals_new (
        campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        batch       INTEGER NOT NULL,
        position    INTEGER NOT NULL,
        phone       TEXT NOT NULL,
        segments    INTEGER NOT NULL CHECK (segments >= 1),
        reason      TEXT NOT NULL CHECK (reason IN ('opted_out', 'blocked_procon', 'blocked_other', 'cap', 'erased')),
        removed_at  TEXT NOT NULL,
        PRIMARY KEY (campaign_id, batch, position)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO campaign_removals_new SELECT campaign_id, batch, position, phone, segments, reason, removed_at
        FROM campaign_removals;
      DROP TABLE campaign_removals;
      ALTER TABLE campaign_removals_new RENAME TO campaign_removals;
    `);
  },
};
