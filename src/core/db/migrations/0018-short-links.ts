import type { Migration } from './types';

/**
 * Short links (the links domain, src/core/links/), kept per profile so the
 * Links page, a link's clicks and a campaign's clicks open offline.
 *
 * - `short_links`: every link of the account as last read from the service
 *   (or as created here). `clicks` is the service's count; the clicks read so
 *   far are in `short_link_clicks` (a link with many clicks is read a few
 *   pages at a time, so the two may differ until the reads catch up).
 * - `short_link_clicks`: the service's click records, each once (its id).
 *   The charts are counted from these.
 * - `campaign_links`: the links Torpedo makes for a tracked campaign, one per
 *   distinct address written in its message. A row is written at the freeze
 *   (`link_id` null: not made yet, which is how a campaign frozen offline
 *   still sends) and completed by the outbox worker before the first batch
 *   leaves (core/links/campaign-links.ts says why Torpedo makes them itself).
 *   `attempt_started_at` is set before the create request leaves, so a
 *   request whose answer was lost is looked for before another is made.
 * - `campaigns.links_ready_at`: when a tracked campaign's outbox messages
 *   were rewritten with its short links (campaigns/delivery/short-link-rewrite.ts);
 *   campaigns frozen before this version went out as they were, so they
 *   count as ready.
 */
export const shortLinks: Migration = {
  version: 18,
  name: 'short-links',
  up(db) {
    db.exec(`
      CREATE TABLE short_links (
        profile    TEXT NOT NULL,
        id         TEXT NOT NULL,
        url        TEXT NOT NULL,
        short_url  TEXT NOT NULL,
        title      TEXT,
        active     INTEGER NOT NULL CHECK (active IN (0, 1)),
        clicks     INTEGER NOT NULL CHECK (clicks >= 0),
        created_at TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (profile, id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX short_links_newest ON short_links (profile, created_at DESC, id);

      CREATE TABLE short_link_clicks (
        profile    TEXT NOT NULL,
        link_id    TEXT NOT NULL,
        id         TEXT NOT NULL,
        clicked_at TEXT NOT NULL,
        phone      TEXT,
        user_agent TEXT,
        PRIMARY KEY (profile, link_id, id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX short_link_clicks_time ON short_link_clicks (profile, link_id, clicked_at);

      CREATE TABLE campaign_links (
        campaign_id        TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        position           INTEGER NOT NULL CHECK (position >= 0),
        written            TEXT NOT NULL,
        target             TEXT NOT NULL,
        link_id            TEXT,
        short_url          TEXT,
        attempt_started_at TEXT,
        PRIMARY KEY (campaign_id, position),
        UNIQUE (campaign_id, written),
        CHECK ((link_id IS NULL) = (short_url IS NULL))
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX campaign_links_by_link ON campaign_links (link_id) WHERE link_id IS NOT NULL;

      ALTER TABLE campaigns ADD COLUMN links_ready_at TEXT;
      UPDATE campaigns SET links_ready_at = queued_at WHERE queued_at IS NOT NULL;
    `);
  },
};
