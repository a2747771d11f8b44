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
  /** Frozen with the sending rules (each message timed on its recipient's clock); false for older campaigns. */
  timed: boolean;
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
  /** Not before this instant (ms): its earliest message's time; null: as soon as the worker gets to it. */
  notBefore: number | null;
  reason: string | null;
  sendId: string | null;
}

export interface BatchMessage {
  position: number;
  phone: string;
  message: string;
  /** The instant (ms) the freeze decided; null: as soon as the rules allow. */
  schedule: number | null;
  /** The contact's own time zone; null: the number's DDD decides. */
  zone: string | null;
  /** SMS parts the service counts for it. */
  segments: number;
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
  | 'rule_counts'
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
  not_before: number | null;
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
  timed: r.rule_counts !== null,
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
  notBefore: r.not_before,
  reason: r.reason,
  sendId: r.send_id,
});

export const CAMPAIGN_COLUMNS =
  'c.id, c.profile, c.ref, c.name, c.status, c.options, c.allow_partial, c.hold, c.queued_at, c.cost, ' +
  'c.links_ready_at, c.rule_counts';
export const BATCH_COLUMNS =
  'b.campaign_id, b.batch, b.state, b.messages, b.cost, b.attempts, b.attempt_started_at, b.ambiguous, ' +
  'b.next_attempt_at, b.not_before, b.reason, b.send_id';

/** When a batch may be tried: its retry time and its own time, whichever is later (ms; 0: now). */
export const batchDueAt = (b: Pick<OutboxBatch, 'nextAttemptAt' | 'notBefore'>): number =>
  Math.max(b.nextAttemptAt ? Date.parse(b.nextAttemptAt) : 0, b.notBefore ?? 0);

/** Campaigns the worker may send from. */
export const SENDABLE = "('queued', 'sending')";
/** Batch states that still have something to do (the campaign is not finished while one is left). */
export const UNFINISHED = "('queued', 'sending', 'held')";
