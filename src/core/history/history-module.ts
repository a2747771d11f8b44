import type { CampaignProgressView } from '../../shared/dto/campaigns';
import type { HistoryChannel } from '../../shared/contract/history';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import type { Handlers } from '../kernel/handlers';
import { bindAccount } from '../account/account-module';
import { CampaignReports } from './campaign-report';
import { exportCampaignCsv } from './campaign-export';
import { createCampaignReportRepo } from './campaign-report-repo';
import { createRefreshLoop } from '../refresh-loop';
import { SendHistory } from './send-history';
import { createSendRepo } from './send-repo';
import { createPushedStatuses, type PushedStatus } from './pushed-statuses';

export type { PushedStatus } from './pushed-statuses';
/** Erasing one person (core/privacy): this domain's part. */
export { createHistoryForget } from './forget-person';

export interface HistoryModule extends CoreModule<HistoryChannel> {
  /**
   * Delivery reports the service pushed (read from Torpedo Server), written
   * where the polling writes them, so a message is never counted twice.
   * Synchronous: call inside the caller's transaction; the caller announces
   * `history:updated` once it is committed.
   */
  applyPushed(profile: string, statuses: readonly PushedStatus[]): PushedStatusesApplied;
}

export interface PushedStatusesApplied {
  applied: number;
  sendIds: string[];
  campaignIds: string[];
}

export const HISTORY_TIMINGS = {
  /** How often sends still in progress are read again in the background. */
  backgroundEveryMs: 15_000,
  /**
   * Only sends this recent are followed: one still in progress days later is
   * stuck at the provider or scheduled far ahead, and opening it reads it anyway.
   */
  followForMs: 3 * 24 * 60 * 60 * 1000,
  /** Sends read per background round (newest first); the rest wait for the next round. */
  maxPerRound: 10,
} as const;

/**
 * The history domain: the service's sends, a send's numbers and a campaign's
 * report, kept in SQLite for offline reading; and, while the app runs, a
 * background refresh of the recent sends still in progress.
 */
export function createHistoryModule(
  deps: Pick<
    ModuleDeps,
    | 'db'
    | 'session'
    | 'account'
    | 'connectivity'
    | 'events'
    | 'host'
    | 'now'
    | 'language'
    | 'profile'
    | 'localOnly'
  >,
  /** A tracked campaign's clicks by recipient, from the links domain (null: it tracks no links). */
  clicksOf: (profile: string, campaignId: string) => ReadonlyMap<string, number> | null = () => null,
  /** A campaign's progress, from the campaigns domain: the report says "Agendada" as its page does. */
  progressOf: (campaignId: string) => CampaignProgressView | null = () => null,
): HistoryModule {
  const sendRepo = createSendRepo(deps.db);
  const reportRepo = createCampaignReportRepo(deps.db);
  const sends = new SendHistory(deps.db, sendRepo, deps.now);
  const reports = new CampaignReports(reportRepo, sends, deps.now, progressOf);
  const bound = () => bindAccount(deps.session, deps.account);
  const pushed = createPushedStatuses(deps.db, deps.now);

  /** Opened sends not done, and campaigns' accepted sends not seen done, all recent. */
  function followed(profile: string): string[] {
    const now = deps.now().getTime();
    const since = now - HISTORY_TIMINGS.followForMs;
    const opened = sendRepo
      .open(profile)
      .filter((s) => Date.parse(s.created_at) >= since)
      // Scheduled for later: nothing moves until then.
      .filter((s) => s.scheduled_at === null || !(Date.parse(s.scheduled_at) > now))
      .map((s) => s.id);
    const ofCampaigns = reportRepo.unfinishedSends(
      profile,
      new Date(since).toISOString(),
      HISTORY_TIMINGS.maxPerRound,
    );
    return [...new Set([...ofCampaigns, ...opened])].slice(0, HISTORY_TIMINGS.maxPerRound);
  }

  async function backgroundRound(): Promise<void> {
    // Signed out, or the OS says there is no network: nothing to ask.
    if (deps.session.profile === null || deps.connectivity.current.state === 'offline') return;
    const account = bound();
    const ids = followed(account.profile);
    if (ids.length === 0) return;
    const { changed } = await sends.refresh(account, ids);
    if (changed.length > 0) {
      deps.events.emit('history:updated', {
        sendIds: changed,
        campaignIds: reportRepo.campaignsOf(account.profile, changed),
      });
    }
  }

  const loop = createRefreshLoop({ everyMs: HISTORY_TIMINGS.backgroundEveryMs, tick: backgroundRound });

  const handlers: Pick<Handlers, HistoryChannel> = {
    'history:sends': ({ page }) => sends.list(bound(), page),
    'history:send': ({ id, refresh }) => sends.detail(bound(), id, refresh),
    'history:numbers': (input) => sends.numbers(bound(), input),
    'history:campaignReport': async ({ campaignId, kept }) =>
      kept ? reports.kept(deps.profile(), campaignId) : reports.report(bound(), campaignId),
    'history:campaignNumbers': async (input) => {
      const profile = deps.profile();
      const page = reports.numbers(profile, input);
      // Each number's clicks, as the CSV export has them (null: the campaign does not track links).
      const clicks = clicksOf(profile, input.campaignId);
      return {
        ...page,
        rows: page.rows.map((r) => ({ ...r, clicks: clicks ? (clicks.get(r.phone) ?? 0) : null })),
      };
    },
    'history:exportCampaign': ({ campaignId }) =>
      exportCampaignCsv(
        { reports, repo: reportRepo, host: deps.host, language: deps.language, now: deps.now, clicksOf },
        bound(),
        campaignId,
      ),
  };

  return {
    handlers,
    applyPushed: (profile, statuses) => {
      const { applied, sendIds } = pushed.apply(profile, statuses);
      return { applied, sendIds, campaignIds: reportRepo.campaignsOf(profile, sendIds) };
    },
    start: () => {
      if (!deps.localOnly) loop.start();
    },
    clearProfile: (profile) => sendRepo.clearProfile(profile),
    stop: () => loop.close(),
  };
}
