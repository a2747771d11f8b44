/**
 * A tracked campaign's clicks: each of its links read again with its new
 * clicks (when the service answers), then counted from the kept copy, so
 * the report opens offline with the last known clicks.
 *
 * The campaign's name, start and options are read from the campaigns table
 * (read only, by its id): the links domain knows which campaign a link was
 * made for, not what the campaign is.
 */
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { CampaignClicksView, CampaignLinkView } from '../../shared/dto/links';
import { AppFailure } from '../app-failure';
import type { Database } from '../db/open-database';
import { isUnreachable, type BoundAccount } from '../account/account-module';
import type { CampaignLinks } from './campaign-links';
import { readLinkAndClicks } from './click-reader';
import { clickSeries } from './click-series';
import type { LinkRepo } from './link-repo';

interface CampaignInfo {
  queued_at: string | null;
  tracking: string | null;
}

export function createCampaignClicks(db: Database, repo: LinkRepo, links: CampaignLinks, now: () => Date) {
  const info = db.prepare<[string, string], CampaignInfo>(
    `SELECT queued_at, json_extract(options, '$.linkTracking') AS tracking
       FROM campaigns WHERE id = ? AND profile = ?`,
  );
  const at = () => now().toISOString();

  function campaign(profile: string, id: string): CampaignInfo {
    const row = info.get(id, profile);
    if (!row)
      throw new AppFailure(
        APP_ERROR_CODES.notFound,
        'This campaign no longer exists (or belongs to another account).',
      );
    return row;
  }

  /** The view from the kept copy. */
  function view(profile: string, campaignId: string, stale: boolean): CampaignClicksView {
    const c = campaign(profile, campaignId);
    const rows = links.rows(campaignId);
    const views: CampaignLinkView[] = rows.map((r) => {
      const times = r.link_id ? repo.clickTimes(profile, r.link_id) : [];
      return {
        written: r.written,
        link: r.link_id ? (repo.get(profile, r.link_id) ?? null) : null,
        clicks: times.length,
        series: clickSeries(c.queued_at, times),
      };
    });
    const fetched = rows.flatMap((r) => (r.link_id ? [repo.fetchedAt(profile, r.link_id)] : []));
    const oldest = fetched.filter((f): f is string => f !== undefined).sort()[0];
    return {
      campaignId,
      tracked: c.tracking !== null && c.tracking !== 'none',
      links: views,
      clicks: views.reduce((n, l) => n + l.clicks, 0),
      fetchedAt: stale && oldest ? oldest : at(),
      stale,
    };
  }

  return {
    view,
    /** Reads the campaign's links and new clicks; ids of the links that had new ones. */
    async refresh(bound: BoundAccount, campaignId: string): Promise<string[]> {
      const fresh: string[] = [];
      for (const row of links.rows(campaignId)) {
        if (!row.link_id) continue;
        const { added } = await readLinkAndClicks(bound, repo, row.link_id, at);
        if (added > 0) fresh.push(row.link_id);
      }
      return fresh;
    },
    async report(bound: BoundAccount, campaignId: string): Promise<CampaignClicksView> {
      campaign(bound.profile, campaignId);
      let stale = false;
      try {
        await this.refresh(bound, campaignId);
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        stale = true;
      }
      return view(bound.profile, campaignId, stale);
    },
  };
}

export type CampaignClicks = ReturnType<typeof createCampaignClicks>;
