import type { CampaignReportTotals } from '@shared/dto/history';

/** Messages that have left the outbox: delivered, failed or on their way (not waiting, not held back). */
export const sentCount = (totals: CampaignReportTotals): number =>
  totals.messages - totals.waiting - totals.notSent;

/** A campaign's totals as DeliverySummary's cards (the campaign page and its report show the same). */
export const summaryCounts = (totals: CampaignReportTotals) => ({
  total: totals.messages,
  delivered: totals.delivered,
  failed: totals.failed,
  inProgress: totals.inProgress,
  waiting: totals.waiting,
  notSent: totals.notSent,
});
