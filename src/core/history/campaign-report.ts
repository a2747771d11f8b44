import { APP_ERROR_CODES } from '../../shared/app-error';
import type { CampaignProgressView } from '../../shared/dto/campaigns';
import type {
  CampaignNumberView,
  CampaignNumbersPageView,
  CampaignNumberStatus,
  CampaignReportBatch,
  CampaignReportView,
} from '../../shared/dto/history';
import { AppFailure } from '../app-failure';
// The reference the outbox gave each message: one definition, where the outbox builds its requests.
import { messageReference } from '../campaigns/campaigns-module';
import type { BoundAccount } from '../account/account-module';
import type { BatchRow, CampaignReportRepo, CampaignRow } from './campaign-report-repo';
import { deliverySeries, type SeriesEvent } from './delivery-series';
import type { SendHistory } from './send-history';

export const notFoundCampaign = () =>
  new AppFailure(APP_ERROR_CODES.notFound, 'This campaign no longer exists (or belongs to another account).');

/** A campaign in these states may still send more: its report is not final. */
const ACTIVE = new Set(['queued', 'sending', 'paused', 'held']);

function batchView(row: BatchRow): CampaignReportBatch {
  return {
    batch: row.batch,
    messages: row.messages,
    state: row.state,
    sendId: row.send_id,
    acceptedAt: row.accepted_at,
    reason: row.reason,
    counts:
      row.done === null
        ? null
        : {
            total: row.total ?? row.messages,
            delivered: row.delivered ?? 0,
            failed: row.failed ?? 0,
            inProgress: row.in_progress ?? 0,
            done: row.done === 1,
          },
  };
}

/**
 * A campaign's report: its accepted batches are the service's sends, read
 * again while not done, then everything is counted from the kept copy, so
 * the report opens offline with the last known results.
 */
export class CampaignReports {
  constructor(
    private readonly repo: CampaignReportRepo,
    private readonly sends: SendHistory,
    private readonly now: () => Date,
    /** Where the campaign's messages stand, from the campaigns domain (its page says the same). */
    private readonly progressOf: (campaignId: string) => CampaignProgressView | null = () => null,
  ) {}

  campaign(profile: string, id: string): CampaignRow {
    const row = this.repo.campaign(profile, id);
    if (!row) throw notFoundCampaign();
    return row;
  }

  async report(bound: BoundAccount, campaignId: string): Promise<CampaignReportView> {
    const campaign = this.campaign(bound.profile, campaignId);
    const unfinished = this.repo
      .batches(bound.profile, campaignId)
      .filter((b) => b.state === 'accepted' && b.send_id !== null && b.done !== 1)
      .map((b) => b.send_id!);
    const { unread } = await this.sends.refresh(bound, unfinished);
    return this.view(bound.profile, campaign, { stale: unread.length > 0, kept: false });
  }

  /** The report from the kept copy alone, at once: a screen shows it while `report` reads the service. */
  kept(profile: string, campaignId: string): CampaignReportView {
    return this.view(profile, this.campaign(profile, campaignId), { stale: false, kept: true });
  }

  numbers(
    profile: string,
    input: {
      campaignId: string;
      status?: CampaignNumberStatus;
      query: string;
      page: number;
      perPage: number;
    },
  ): Omit<CampaignNumbersPageView, 'rows'> & { rows: Omit<CampaignNumberView, 'clicks'>[] } {
    const campaign = this.campaign(profile, input.campaignId);
    const filter = { status: input.status ?? null, query: input.query };
    const { rows, total } = this.repo.numbers(
      profile,
      campaign.id,
      filter,
      (input.page - 1) * input.perPage,
      input.perPage,
    );
    return {
      campaignId: campaign.id,
      rows: rows.map((r) => ({
        batch: r.batch,
        position: r.position,
        phone: r.phone,
        contactName: r.contact_name,
        status: r.status,
        serviceStatus: r.service_status,
        code: r.code,
        reference: messageReference(campaign.ref, r.batch, r.position),
      })),
      page: input.page,
      perPage: input.perPage,
      total,
      lastPage: Math.max(1, Math.ceil(total / input.perPage)),
      status: filter.status,
      query: input.query,
    };
  }

  private view(
    profile: string,
    campaign: CampaignRow,
    { stale, kept }: { stale: boolean; kept: boolean },
  ): CampaignReportView {
    const batches = this.repo.batches(profile, campaign.id);
    const counts = this.repo.statusCounts(profile, campaign.id);
    const progress = this.progressOf(campaign.id);
    let cost: number | null = null;
    for (const b of batches) if (b.cost !== null) cost = (cost ?? 0) + b.cost;
    // When stale or kept, the figures are as old as the oldest send read among the accepted ones.
    const reads = batches.flatMap((b) => (b.state === 'accepted' && b.detail_at ? [b.detail_at] : []));
    const oldest = reads.sort()[0];
    const inProgress = counts.in_progress;
    // Final once the service said so of every accepted batch, and nothing more can go out.
    const allRead = batches.every((b) => b.state !== 'accepted' || b.done === 1);
    return {
      campaign: {
        id: campaign.id,
        name: campaign.name,
        status: campaign.status,
        queuedAt: campaign.queued_at,
        finishedAt: campaign.finished_at,
        scheduled: progress?.scheduled ?? null,
        removed: progress?.removed ?? null,
      },
      totals: {
        messages: batches.reduce((n, b) => n + b.messages, 0),
        delivered: counts.delivered,
        failed: counts.failed,
        inProgress,
        waiting: counts.waiting,
        notSent: counts.not_sent,
      },
      cost: cost === null ? null : Math.round(cost * 100) / 100,
      failedCharge: this.repo.failedCharge(profile, campaign.id, counts.failed),
      series: deliverySeries(campaign.queued_at, this.seriesEvents(profile, campaign.id, batches)),
      batches: batches.map(batchView),
      done: allRead && inProgress === 0 && counts.waiting === 0 && !ACTIVE.has(campaign.status),
      fetchedAt: (stale || kept) && oldest ? oldest : this.now().toISOString(),
      stale,
      kept,
    };
  }

  /** Batches accepted, and each send's delivered and failed counts as they grew from one read to the next. */
  private seriesEvents(profile: string, campaignId: string, batches: readonly BatchRow[]): SeriesEvent[] {
    const events: SeriesEvent[] = batches.flatMap((b): SeriesEvent[] =>
      b.state === 'accepted' && b.accepted_at
        ? [{ at: b.accepted_at, kind: 'accepted', count: b.messages }]
        : [],
    );
    let send = -1;
    let before = { delivered: 0, failed: 0 };
    for (const p of this.repo.progress(profile, campaignId)) {
      if (p.send !== send) [send, before] = [p.send, { delivered: 0, failed: 0 }];
      events.push({ at: p.at, kind: 'delivered', count: p.delivered - before.delivered });
      events.push({ at: p.at, kind: 'failed', count: p.failed - before.failed });
      before = p;
    }
    return events;
  }
}
