/**
 * What the best hour is counted from (a named read model: core/db/tables.ts
 * lists best-hour among the readers of each table it reads): the delivered
 * campaigns that can tell when customers act (a tracked link, or a reply
 * brought by a Torpedo Server), and each click on their links and each reply
 * to them, with the customer's number and own zone.
 */
import type { Database } from '../db/open-database';
import type { Activity } from './hour-table';

/** Finished campaigns of the profile with a made short link or a reply. */
const TELLING_CAMPAIGNS = `
  SELECT c.id FROM campaigns c
  WHERE c.profile = @profile AND c.status = 'completed' AND (
    EXISTS (SELECT 1 FROM campaign_links l WHERE l.campaign_id = c.id AND l.link_id IS NOT NULL)
    OR EXISTS (SELECT 1 FROM inbox_replies r
               WHERE r.profile = c.profile AND r.origin_kind = 'campaign' AND r.origin_id = c.id))`;

/** The contact's own zone, when the number is a contact of the profile that has one. */
const OWN_ZONE = `(SELECT ct.time_zone FROM contacts ct WHERE ct.profile = @profile AND ct.phone = x.phone LIMIT 1)`;

export interface ActivityReader {
  /** How many delivered campaigns can tell when customers act. */
  campaigns(profile: string): number;
  /** Their clicks and replies. */
  activities(profile: string): Iterable<Activity>;
}

export function createActivityReader(db: Database): ActivityReader {
  const count = db.prepare(`SELECT count(*) AS n FROM (${TELLING_CAMPAIGNS})`).pluck();
  const read = db.prepare(`
    WITH telling AS (${TELLING_CAMPAIGNS})
    SELECT 'click' AS kind, x.clicked_at AS at, x.phone, ${OWN_ZONE} AS zone
    FROM short_link_clicks x
    WHERE x.profile = @profile AND x.link_id IN (
      SELECT l.link_id FROM campaign_links l WHERE l.campaign_id IN (SELECT id FROM telling))
    UNION ALL
    SELECT 'reply', x.received_at, x.phone, ${OWN_ZONE}
    FROM inbox_replies x
    WHERE x.profile = @profile AND x.origin_kind = 'campaign' AND x.origin_id IN (SELECT id FROM telling)`);
  return {
    campaigns: (profile) => count.get({ profile }) as number,
    activities: (profile) => read.iterate({ profile }) as Iterable<Activity>,
  };
}
