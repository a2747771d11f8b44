/**
 * The kept copy of the account's short links and their clicks (migration
 * 0018), per profile, and the campaign each was made for.
 */
import type { ShortLink, ShortLinkClick } from '../api/wire-schemas';
import { PUSHED_CLICK_PREFIX, clickTime } from './pushed-clicks';
import type { Database } from '../db/open-database';
import type { LinkClickView, ShortLinkView } from '../../shared/dto/links';

interface LinkRow {
  id: string;
  url: string;
  short_url: string;
  title: string | null;
  active: 0 | 1;
  clicks: number;
  created_at: string;
  campaign_id: string | null;
  campaign_name: string | null;
}

const LINK_COLUMNS = `l.id, l.url, l.short_url, l.title, l.active, l.clicks, l.created_at,
  c.id AS campaign_id, c.name AS campaign_name`;
/** The campaign a link was made for: through campaign_links (a link is made for one campaign at most). */
const WITH_CAMPAIGN = `LEFT JOIN campaign_links cl ON cl.link_id = l.id
  LEFT JOIN campaigns c ON c.id = cl.campaign_id AND c.profile = l.profile`;

const toView = (r: LinkRow): ShortLinkView => ({
  id: r.id,
  url: r.url,
  shortUrl: r.short_url,
  title: r.title,
  active: r.active === 1,
  clicks: r.clicks,
  createdAt: r.created_at,
  campaign: r.campaign_id && r.campaign_name ? { id: r.campaign_id, name: r.campaign_name } : null,
});

export function createLinkRepo(db: Database) {
  const upsert = db.prepare<[string, string, string, string, string | null, number, number, string, string]>(
    `INSERT INTO short_links (profile, id, url, short_url, title, active, clicks, created_at, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (profile, id) DO UPDATE SET url = excluded.url, short_url = excluded.short_url,
       title = excluded.title, active = excluded.active, clicks = excluded.clicks,
       created_at = excluded.created_at, fetched_at = excluded.fetched_at`,
  );
  const one = db.prepare<[string, string], LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM short_links l ${WITH_CAMPAIGN} WHERE l.profile = ? AND l.id = ?`,
  );
  const page = db.prepare<[string, number, number], LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM short_links l ${WITH_CAMPAIGN}
      WHERE l.profile = ? ORDER BY l.created_at DESC, l.id LIMIT ? OFFSET ?`,
  );
  const count = db.prepare<[string], number>('SELECT count(*) FROM short_links WHERE profile = ?').pluck();
  const newestShort = db
    .prepare<[string], string>(
      'SELECT short_url FROM short_links WHERE profile = ? ORDER BY created_at DESC, id LIMIT 1',
    )
    .pluck();
  const addClick = db.prepare<[string, string, string, string, string | null, string | null]>(
    `INSERT INTO short_link_clicks (profile, link_id, id, clicked_at, phone, user_agent)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const clickKnown = db
    .prepare<[string, string, string], number>(
      'SELECT 1 FROM short_link_clicks WHERE profile = ? AND link_id = ? AND id = ?',
    )
    .pluck();
  // A click pushed before this poll (pushed-clicks.ts) takes the service's id instead of being kept twice.
  const claimPushed = db.prepare<
    [{ id: string; profile: string; linkId: string; at: string; phone: string | null }]
  >(
    `UPDATE short_link_clicks SET id = @id WHERE profile = @profile AND link_id = @linkId AND id = (
       SELECT id FROM short_link_clicks
        WHERE profile = @profile AND link_id = @linkId AND clicked_at = @at AND phone IS @phone
          AND id LIKE '${PUSHED_CLICK_PREFIX}%' LIMIT 1)`,
  );
  const clickCount = db
    .prepare<[string, string], number>(
      'SELECT count(*) FROM short_link_clicks WHERE profile = ? AND link_id = ?',
    )
    .pluck();
  const clickTimes = db
    .prepare<[string, string], string>(
      'SELECT clicked_at FROM short_link_clicks WHERE profile = ? AND link_id = ? ORDER BY clicked_at',
    )
    .pluck();
  const clickPage = db.prepare<
    [string, string, number, number],
    { id: string; clicked_at: string; phone: string | null; user_agent: string | null }
  >(
    `SELECT id, clicked_at, phone, user_agent FROM short_link_clicks WHERE profile = ? AND link_id = ?
      ORDER BY clicked_at DESC, id LIMIT ? OFFSET ?`,
  );
  const clicksByPhone = db.prepare<[string, string], { phone: string; clicks: number }>(
    // Links first, then each link's clicks (CROSS JOIN keeps that order: see overview-queries.ts).
    `SELECT k.phone, count(*) AS clicks FROM campaign_links cl CROSS JOIN short_link_clicks k
      WHERE cl.campaign_id = ? AND cl.link_id IS NOT NULL AND k.profile = ? AND k.link_id = cl.link_id
        AND k.phone IS NOT NULL GROUP BY k.phone`,
  );
  const fetchedAt = db
    .prepare<[string, string], string>('SELECT fetched_at FROM short_links WHERE profile = ? AND id = ?')
    .pluck();
  const removeLinks = db.prepare<[string]>('DELETE FROM short_links WHERE profile = ?');
  const removeClicks = db.prepare<[string]>('DELETE FROM short_link_clicks WHERE profile = ?');

  return {
    /** Keeps the service's view of a link (its count of clicks included). */
    put(profile: string, link: ShortLink, at: string): void {
      upsert.run(
        profile,
        link.id,
        link.url,
        link.shortUrl,
        link.title,
        link.active ? 1 : 0,
        link.clicks,
        link.created_at,
        at,
      );
    },
    get(profile: string, id: string): ShortLinkView | undefined {
      const row = one.get(profile, id);
      return row ? toView(row) : undefined;
    },
    page(profile: string, limit: number, offset: number): ShortLinkView[] {
      return page.all(profile, limit, offset).map(toView);
    },
    count: (profile: string): number => count.get(profile)!,
    /** When the link was last read from the service. */
    fetchedAt: (profile: string, id: string): string | undefined => fetchedAt.get(profile, id),
    /** The newest link's short address: what the account's short addresses look like. */
    newestShortUrl: (profile: string): string | undefined => newestShort.get(profile),
    /** Keeps clicks; returns how many were new. */
    addClicks(profile: string, linkId: string, clicks: readonly ShortLinkClick[]): number {
      let added = 0;
      for (const c of clicks) {
        if (clickKnown.get(profile, linkId, c.id)) continue;
        const pushed = { id: c.id, profile, linkId, at: clickTime(c.clicked_at), phone: c.phone };
        if (claimPushed.run(pushed).changes > 0) continue;
        added += addClick.run(profile, linkId, c.id, c.clicked_at, c.phone, c.user_agent).changes;
      }
      return added;
    },
    clicksKept: (profile: string, linkId: string): number => clickCount.get(profile, linkId)!,
    clickTimes: (profile: string, linkId: string): string[] => clickTimes.all(profile, linkId),
    clickPage(profile: string, linkId: string, limit: number, offset: number): LinkClickView[] {
      return clickPage.all(profile, linkId, limit, offset).map((c) => ({
        id: c.id,
        clickedAt: c.clicked_at,
        phone: c.phone,
        userAgent: c.user_agent,
      }));
    },
    /** A campaign's clicks by the recipient who clicked, where the service named one. */
    campaignClicksByPhone(profile: string, campaignId: string): Map<string, number> {
      return new Map(clicksByPhone.all(campaignId, profile).map((r) => [r.phone, r.clicks]));
    },
    clearProfile(profile: string): void {
      db.transaction(() => {
        removeClicks.run(profile);
        removeLinks.run(profile);
      })();
    },
  };
}

export type LinkRepo = ReturnType<typeof createLinkRepo>;
