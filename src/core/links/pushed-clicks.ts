/**
 * Clicks the service pushed (`link.click`, read from Torpedo Server), kept in
 * the same table the polling fills (link-repo.ts), each click once.
 *
 * The event carries no click id, only the link, the time and (the sandbox's
 * extra, maybe the service's) the phone. So a pushed click and a polled one
 * are the same click when link, time and phone agree, matched one to one:
 * a push first claims a polled row no event claimed yet, else it is kept
 * under its event id (`evt:<id>`) until a poll claims it (link-repo's
 * addClicks). The event id is unique per profile: the same event handed
 * twice is kept once.
 */
import type { Database } from '../db/open-database';

export interface PushedClick {
  eventId: string;
  linkId: string;
  clickedAt: string;
  /** As the service names it (E.164); null when it does not. */
  phone: string | null;
}

/** The id a pushed click is kept under until a poll gives it the service's own. */
export const PUSHED_CLICK_PREFIX = 'evt:';

/** One spelling of a time, so the poll's and the push's compare equal. */
export function clickTime(raw: string): string {
  const t = Date.parse(raw);
  return Number.isNaN(t) ? raw : new Date(t).toISOString();
}

export function createPushedClicks(db: Database) {
  const known = db
    .prepare<[string, string], number>('SELECT 1 FROM short_link_clicks WHERE profile = ? AND event_id = ?')
    .pluck();
  const polledMatch = db
    .prepare<[string, string, string, string | null], string>(
      `SELECT id FROM short_link_clicks
        WHERE profile = ? AND link_id = ? AND clicked_at = ? AND phone IS ?
          AND event_id IS NULL AND id NOT LIKE '${PUSHED_CLICK_PREFIX}%'
        LIMIT 1`,
    )
    .pluck();
  const claim = db.prepare<[string, string, string, string]>(
    'UPDATE short_link_clicks SET event_id = ? WHERE profile = ? AND link_id = ? AND id = ?',
  );
  const keep = db.prepare<[string, string, string, string, string | null, string]>(
    `INSERT INTO short_link_clicks (profile, link_id, id, clicked_at, phone, user_agent, event_id)
     VALUES (?, ?, ?, ?, ?, NULL, ?)`,
  );

  /** Call inside the caller's transaction. Returns the clicks not known before, and their links. */
  function apply(profile: string, clicks: readonly PushedClick[]): { added: number; linkIds: string[] } {
    let added = 0;
    const linkIds = new Set<string>();
    for (const c of clicks) {
      if (known.get(profile, c.eventId)) continue;
      const at = clickTime(c.clickedAt);
      const polled = polledMatch.get(profile, c.linkId, at, c.phone);
      if (polled !== undefined) {
        // Counted already by the polling: only remembered as pushed.
        claim.run(c.eventId, profile, c.linkId, polled);
        continue;
      }
      keep.run(profile, c.linkId, PUSHED_CLICK_PREFIX + c.eventId, at, c.phone, c.eventId);
      added++;
      linkIds.add(c.linkId);
    }
    return { added, linkIds: [...linkIds] };
  }

  return { apply };
}

export type PushedClicks = ReturnType<typeof createPushedClicks>;
