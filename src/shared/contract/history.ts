/**
 * The history part of the IPC contract (merged into ../ipc-contract.ts): for
 * each channel its input schema and output type, and the payload of each event.
 *
 * Sends are read from the service and kept in SQLite, so every view still
 * opens offline (marked `stale`, with `fetchedAt`). Errors: `not_found` (a
 * campaign of another account, or none), `not_signed_in`, the service's own
 * codes, and `network_error` when the service cannot be reached and nothing
 * was kept yet.
 */
import { z } from 'zod';
import type {
  CampaignExportResult,
  CampaignNumbersPageView,
  CampaignReportView,
  HistoryUpdatedEvent,
  SendDetailView,
  SendNumbersPageView,
  SendsPageView,
} from '../dto/history';
import { channel, event } from './channel';
import { localId as id } from './ids';

export const NUMBER_OUTCOMES = ['delivered', 'failed', 'in_progress'] as const;
export const CAMPAIGN_NUMBER_STATUSES = [...NUMBER_OUTCOMES, 'waiting', 'not_sent'] as const;
/** Rows per page of a send's or a campaign's numbers. */
export const NUMBERS_PER_PAGE_MAX = 100;

const page = z.number().int().min(1).max(1_000_000).default(1);
const perPage = z.number().int().min(1).max(NUMBERS_PER_PAGE_MAX).default(50);

export const historySendsInput = z.strictObject({ page });
export const historySendInput = z.strictObject({
  id,
  /** Ask the service even when the kept copy says the send is done. */
  refresh: z.boolean().optional(),
});
export const historyNumbersInput = z.strictObject({
  id,
  status: z.enum(NUMBER_OUTCOMES).optional(),
  page,
  perPage,
});
export const campaignReportInput = z.strictObject({ campaignId: id });
export const campaignReportReadInput = z.strictObject({
  campaignId: id,
  /** Answer at once from the kept copy, without asking the service (a screen opening). */
  kept: z.boolean().optional(),
});
export const campaignNumbersInput = z.strictObject({
  campaignId: id,
  status: z.enum(CAMPAIGN_NUMBER_STATUSES).optional(),
  /** A name (any case, accents optional) or digits of a phone. */
  query: z.string().trim().max(100).default(''),
  page,
  perPage,
});

export const historyContract = {
  /** One page of the service's sends, newest first (20 a page, as the service pages them). */
  'history:sends': channel<typeof historySendsInput, SendsPageView>(historySendsInput),
  /** A send's summary; read again from the service unless it is done (or `refresh`). */
  'history:send': channel<typeof historySendInput, SendDetailView>(historySendInput),
  /** A send's numbers as last read by `history:send` (read first when never read). */
  'history:numbers': channel<typeof historyNumbersInput, SendNumbersPageView>(historyNumbersInput),
  /** Totals, delivery chart and batches of a campaign; its unfinished sends are read again (unless `kept`). */
  'history:campaignReport': channel<typeof campaignReportReadInput, CampaignReportView>(
    campaignReportReadInput,
  ),
  /** Every message of a campaign with its result, as last read; filter and search. */
  'history:campaignNumbers': channel<typeof campaignNumbersInput, CampaignNumbersPageView>(
    campaignNumbersInput,
  ),
  /** The per-number results as CSV, saved where the user chooses (a native save dialog). */
  'history:exportCampaign': channel<typeof campaignReportInput, CampaignExportResult>(campaignReportInput),
};

export type HistoryChannel = keyof typeof historyContract;

export const historyEvents = {
  /** The background refresh stored newer statuses; views showing these reload. */
  'history:updated': event<HistoryUpdatedEvent>(),
};
