/**
 * The outbox's rows as the worker reads them: a frozen campaign, a batch and
 * a batch's message, with the column lists and row mappers the store's
 * queries share.
 */
import type { BatchState, CampaignStatus, HoldView } from '../../../shared/dto/campaigns';
import type { CampaignTableRow } from '../campaign-row';
import { parseHold } from './progress-read';

export interface OutboxCampaign {
  id: string;
  profile: string;
  ref: string;
  name: string;
  status: CampaignStatus;
  options: string;
  allowPartial: boolean;
  /** False when the campaign was frozen before any price was known (its batch costs read 0). */
  costKnown: boolean;
  hold: HoldView | null;
  queuedAt: string | null;
  /** A tracked campaign's messages carry their short links (always true for one that tracks nothing). */
  linksReady: boolean;
}

export interface OutboxBatch {
  campaignId: string;
  batch: number;
  state: BatchState;
  messages: number;
  cost: number;
  attempts: number;
  attemptStartedAt: string | null;
  ambiguous: boolean;
  nextAttemptAt: string | null;
  reason: string | null;
  sendId: string | null;
}

export interface BatchMessage {
  position: number;
  phone: string;
  message: string;
  /** Its own time (ms since the epoch: an automation's, on its recipient's clock); null: the campaign's. */
  schedule: number | null;
}

/** What finished a campaign, when a change did. */
export type Finish = 'completed' | 'cancelled' | null;

export type CampaignRow = Pick<
  CampaignTableRow,
  | 'id'
  | 'profile'
  | 'ref'
  | 'name'
  | 'status'
  | 'options'
  | 'allow_partial'
  | 'hold'
  | 'queued_at'
  | 'cost'
  | 'links_ready_at'
>;

export interface BatchRow {
  campaign_id: string;
  batch: number;
  state: BatchState;
  messages: number;
  cost: number;
  attempts: number;
  attempt_started_at: string | null;
  ambiguous: number;
  next_attempt_at: string | null;
  reason: string | null;
  send_id: string | null;
}

export const toCampaign = (r: CampaignRow): OutboxCampaign => ({
  id: r.id,
  profile: r.profile,
  ref: r.ref,
  name: r.name,
  status: r.status,
  options: r.options,
  allowPartial: r.allow_partial === 1,
  costKnown: r.cost !== null,
  hold: parseHold(r.hold),
  queuedAt: r.queued_at,
  linksReady: r.links_ready_at !== null,
});

export const toBatch = (r: BatchRow): OutboxBatch => ({
  campaignId: r.campaign_id,
  batch: r.batch,
  state: r.state,
  messages: r.messages,
  cost: r.cost,
  attempts: r.attempts,
  attemptStartedAt: r.attempt_started_at,
  ambiguous: r.ambiguous === 1,
  nextAttemptAt: r.next_attempt_at,
  reason: r.reason,
  sendId: r.send_id,
});

export const CAMPAIGN_COLUMNS =
  'c.id, c.profile, c.ref, c.name, c.status, c.options, c.allow_partial, c.hold, c.queued_at, c.cost, ' +
  'c.links_ready_at';
export const BATCH_COLUMNS =
  'b.campaign_id, b.batch, b.state, b.messages, b.cost, b.attempts, b.attempt_started_at, b.ambiguous, ' +
  'b.next_attempt_at, b.reason, b.send_id';

/** Campaigns the worker may send from. */
export const SENDABLE = "('queued', 'sending')";
/** Batch states that still have something to do (the campaign is not finished while one is left). */
export const UNFINISHED = "('queued', 'sending', 'held')";
