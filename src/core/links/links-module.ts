import { APP_ERROR_CODES } from '../../shared/app-error';
import type { LinksChannel } from '../../shared/contract/links';
import { AppFailure } from '../app-failure';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import { createRefreshLoop } from '../refresh-loop';
import { bindAccount, type BoundAccount } from '../account/account-module';
import { createCampaignClicks } from './campaign-clicks';
import { createCampaignLinks, type LinkedCampaign, type ShortLength } from './campaign-links';
import { createLinkRepo } from './link-repo';
import { createLinkService } from './link-service';
import type { WrittenLink } from '../../shared/message-links';
import { createPushedClicks, type PushedClick } from './pushed-clicks';

export type { PushedClick } from './pushed-clicks';
/** Erasing one person (core/privacy): this domain's part. */
export { createLinksForget } from './forget-person';

export type { ShortLength } from './campaign-links';

export const LINKS_TIMINGS = {
  /** How often the clicks of recent tracked campaigns are read in the background. */
  backgroundEveryMs: 60_000,
  /** Campaigns queued this recently are followed (people click for a few days, rarely later). */
  followForMs: 7 * 24 * 60 * 60 * 1000,
  /** Campaigns read per background round, newest first. */
  maxPerRound: 5,
} as const;

/**
 * What the campaigns domain asks of the links domain for a tracked campaign
 * (campaign-links.ts says why Torpedo makes the short links itself).
 */
export interface LinkTracking {
  /** The length a short address is counted with, before the campaign's links exist. */
  shortLength(bound: BoundAccount | null, profile: string, campaignId: string | null): Promise<ShortLength>;
  /** The campaign's addresses are these (call inside the freeze's transaction). */
  record(campaignId: string, links: readonly WrittenLink[]): void;
  /** Makes the campaign's links not made yet; each address with its short one. */
  make(bound: BoundAccount, campaign: LinkedCampaign): Promise<{ written: string; short: string }[]>;
}

export interface LinksModule extends CoreModule<LinksChannel> {
  tracking: LinkTracking;
  /** A tracked campaign's kept clicks by the recipient who clicked (the report's CSV); null: it tracks nothing. */
  clicksByPhone(profile: string, campaignId: string): Map<string, number> | null;
  /**
   * Clicks the service pushed (read from Torpedo Server), each once even when
   * the polling read it too. Synchronous: call inside the caller's transaction;
   * the caller announces `links:clicked` once it is committed.
   */
  applyPushed(profile: string, clicks: readonly PushedClick[]): PushedClicksOutcome;
}

export interface PushedClicksOutcome {
  added: number;
  linkIds: string[];
  /** The tracked campaigns those links belong to. */
  campaignIds: string[];
}

/**
 * Short links: the account's links (list, create, deactivate, clicks),
 * kept in SQLite for offline reading; the links of tracked campaigns and
 * their clicks; and, while the app runs, a background read of the clicks
 * of recent tracked campaigns.
 */
export function createLinksModule(
  deps: Pick<
    ModuleDeps,
    | 'db'
    | 'cache'
    | 'session'
    | 'account'
    | 'connectivity'
    | 'events'
    | 'host'
    | 'now'
    | 'profile'
    | 'localOnly'
  >,
): LinksModule {
  const repo = createLinkRepo(deps.db);
  const service = createLinkService(repo, deps.cache, deps.now);
  const campaignLinks = createCampaignLinks(deps.db, repo, deps.now);
  const campaignClicks = createCampaignClicks(deps.db, repo, campaignLinks, deps.now);
  const bound = () => bindAccount(deps.session, deps.account);
  const pushedClicks = createPushedClicks(deps.db);
  const campaignsOfLinks = deps.db
    .prepare<[string], string>(
      'SELECT DISTINCT campaign_id FROM campaign_links WHERE link_id IN (SELECT value FROM json_each(?))',
    )
    .pluck();

  const recentTracked = deps.db
    .prepare<[string, string, number], string>(
      `SELECT c.id FROM campaigns c
        WHERE c.profile = ? AND c.queued_at >= ?
          AND EXISTS (SELECT 1 FROM campaign_links cl WHERE cl.campaign_id = c.id AND cl.link_id IS NOT NULL)
        ORDER BY c.queued_at DESC LIMIT ?`,
    )
    .pluck();

  async function backgroundRound(): Promise<void> {
    if (deps.session.profile === null || deps.connectivity.current.state === 'offline') return;
    const account = bound();
    const since = new Date(deps.now().getTime() - LINKS_TIMINGS.followForMs).toISOString();
    const linkIds: string[] = [];
    const campaignIds: string[] = [];
    for (const id of recentTracked.all(account.profile, since, LINKS_TIMINGS.maxPerRound)) {
      const fresh = await campaignClicks.refresh(account, id);
      if (fresh.length > 0) {
        linkIds.push(...fresh);
        campaignIds.push(id);
      }
    }
    if (campaignIds.length > 0) deps.events.emit('links:clicked', { linkIds, campaignIds });
  }
  const loop = createRefreshLoop({ everyMs: LINKS_TIMINGS.backgroundEveryMs, tick: backgroundRound });

  const handlers: Pick<Handlers, LinksChannel> = {
    'links:list': ({ page }) => service.list(bound(), page),
    'links:create': (input) => service.create(bound(), input),
    'links:deactivate': ({ id }) => service.deactivate(bound(), id),
    'links:clicks': ({ id, page }) => service.clicks(bound(), id, page),
    'links:campaign': ({ campaignId }) => campaignClicks.report(bound(), campaignId),
    'links:copy': async ({ id }) => {
      const link = repo.get(deps.profile(), id);
      if (!link) throw new AppFailure(APP_ERROR_CODES.notFound, 'This short link is not known here.');
      deps.host.writeClipboard(link.shortUrl);
      return { copied: link.shortUrl };
    },
  };

  return {
    handlers,
    tracking: {
      shortLength: (account, profile, campaignId) => campaignLinks.shortLength(account, profile, campaignId),
      record: (campaignId, links) => campaignLinks.record(campaignId, links),
      make: (account, campaign) => campaignLinks.make(account, campaign),
    },
    clicksByPhone: (profile, campaignId) =>
      campaignLinks.rows(campaignId).length > 0 ? repo.campaignClicksByPhone(profile, campaignId) : null,
    applyPushed: (profile, clicks) => {
      const { added, linkIds } = pushedClicks.apply(profile, clicks);
      return { added, linkIds, campaignIds: campaignsOfLinks.all(JSON.stringify(linkIds)) };
    },
    start: () => {
      if (!deps.localOnly) loop.start();
    },
    clearProfile: (profile) => repo.clearProfile(profile),
    stop: () => loop.close(),
  };
}
