/**
 * Send history and campaign report shapes that cross IPC (outputs of the
 * history channels and events). Everything here is read from the local copy
 * in SQLite, so each view says when it was read from the service
 * (`fetchedAt`) and whether the service could not be reached (`stale`).
 */
import type { BatchState, CampaignStatus, RemovedCounts, ScheduledPart } from './campaigns';
import type { PageOfKept } from './page-of-kept';

/** Where a message ended up, as the per-number filters group the service's statuses. */
export type NumberOutcome = 'delivered' | 'failed' | 'in_progress';

/**
 * A campaign message's status in the report: the service's outcome once its
 * batch was accepted; `waiting` while its batch is still in the outbox;
 * `not_sent` when its batch was held, failed or cancelled.
 */
export type CampaignNumberStatus = NumberOutcome | 'waiting' | 'not_sent';

/** The Torpedo campaign a send belongs to (one batch of it). */
export interface CampaignLink {
  id: string;
  name: string;
  /** 0-based batch of the campaign this send delivered. */
  batch: number;
}

/** A test message sent from the composer before its campaign went out. */
export interface TestOfCampaign {
  /** null once the campaign was deleted (its name stays). */
  campaignId: string | null;
  campaignName: string;
}

/** The service's summary of a send (`done`: nothing is in progress any more). */
export interface SendCounts {
  total: number;
  delivered: number;
  failed: number;
  inProgress: number;
  done: boolean;
}

/**
 * Whether the messages that failed were charged, from the service's own cost
 * of each message (its cost above zero: charged; zero: not).
 */
export interface FailedChargeView {
  charged: number;
  /** R$ the service charged for the failed messages it charged. */
  chargedAmount: number;
  notCharged: number;
  /** Failed messages the service gave no cost for. */
  unknown: number;
}

export interface SendListItemView {
  id: string;
  /** The service's running number of the send, when it gives one. */
  number: number | null;
  createdAt: string;
  /** When the send was scheduled for; null: sent at once. */
  scheduledAt: string | null;
  quantity: number;
  /** The service's word for the send: `scheduled`, `queued`, `sending`, `completed`... */
  status: string;
  /** Name of the SMS type. */
  type: string;
  /** Known once the send was opened (or followed for a campaign); null before. */
  counts: SendCounts | null;
  campaign: CampaignLink | null;
  /** Set when the send is a composer's test message. */
  test: TestOfCampaign | null;
}

export interface SendsPageView extends PageOfKept {
  sends: SendListItemView[];
}

export interface SendDetailView extends SendListItemView {
  counts: SendCounts;
  /** Billed SMS segments. */
  segments: number;
  /** R$ debited for the send; null when the service did not say. */
  cost: number | null;
  failedCharge: FailedChargeView;
  fetchedAt: string;
  stale: boolean;
}

export interface SendNumberView {
  /** The service's message id. */
  id: string;
  phone: string;
  /** The service's own status word (`queued`, `sent`, `delivered`, `failed`...). */
  status: string;
  outcome: NumberOutcome;
  /** Why it failed (`invalid_number`, `undelivered`...), once it has. */
  code: string | null;
  /** The contact with this number (the campaign's recipient when the send is a campaign's). */
  contactName: string | null;
  /** `<campaign ref>-<batch>-<position>` when the send is a campaign's. */
  reference: string | null;
}

export interface SendNumbersPageView {
  sendId: string;
  rows: SendNumberView[];
  page: number;
  perPage: number;
  /** Rows matching the filter. */
  total: number;
  lastPage: number;
  status: NumberOutcome | null;
  fetchedAt: string;
  stale: boolean;
}

/** Messages of a campaign by where they are; they add up to `messages`. */
export interface CampaignReportTotals {
  messages: number;
  delivered: number;
  failed: number;
  /** Accepted by the service, not delivered or failed yet. */
  inProgress: number;
  /** Still in the outbox (queued or being sent). */
  waiting: number;
  /** In batches held, failed or cancelled: not at the service. */
  notSent: number;
}

/**
 * One point of the delivery chart, cumulative up to `at`. Accepted times are
 * the outbox's; delivered and failed times are when Torpedo first saw each
 * result (the service gives no per-message time), so they are as fine as
 * the refreshes were frequent.
 */
export interface DeliveryPoint {
  at: string;
  accepted: number;
  delivered: number;
  failed: number;
}

export interface CampaignReportBatch {
  batch: number;
  messages: number;
  state: BatchState;
  /** The service's send, once accepted. */
  sendId: string | null;
  acceptedAt: string | null;
  /** Why a batch is held or failed. */
  reason: string | null;
  counts: SendCounts | null;
}

export interface CampaignReportView {
  campaign: {
    id: string;
    name: string;
    status: CampaignStatus;
    queuedAt: string | null;
    finishedAt: string | null;
    /** Messages waiting for their own time, as the campaign's progress says (shared/campaign-delivering.ts). */
    scheduled: ScheduledPart | null;
    /** Messages taken out as their batch left: opted out or blocked after the send. */
    removed: RemovedCounts | null;
  };
  totals: CampaignReportTotals;
  /** R$ the service debited for the accepted batches read so far; null before any was read. */
  cost: number | null;
  failedCharge: FailedChargeView;
  series: DeliveryPoint[];
  batches: CampaignReportBatch[];
  /** Nothing is waiting or in progress any more: the report will not change. */
  done: boolean;
  fetchedAt: string;
  stale: boolean;
  /**
   * Read from the kept copy alone (asked with `kept`), its sends not read again: `fetchedAt`
   * is when the oldest of them was. Unless `done`, the service may know more.
   */
  kept: boolean;
}

export interface CampaignNumberView {
  batch: number;
  position: number;
  phone: string;
  contactName: string | null;
  status: CampaignNumberStatus;
  /** The service's own status word, once known. */
  serviceStatus: string | null;
  code: string | null;
  reference: string;
  /** Clicks on the campaign's links from this number; null: the campaign does not track its links. */
  clicks: number | null;
}

export interface CampaignNumbersPageView {
  campaignId: string;
  rows: CampaignNumberView[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
  status: CampaignNumberStatus | null;
  query: string;
}

export interface CampaignExportResult {
  /** False when the user cancelled the save dialog. */
  saved: boolean;
  fileName?: string;
  /** Rows written (one per message). */
  count: number;
  /** Some statuses are the last known ones: the service could not be reached. */
  stale: boolean;
}

/** Background refresh stored newer statuses for these sends (and their campaigns). */
export interface HistoryUpdatedEvent {
  sendIds: string[];
  campaignIds: string[];
}
