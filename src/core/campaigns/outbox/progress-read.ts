import type {
  BatchState,
  CampaignDeliveryView,
  CampaignProgressView,
  CampaignSpend,
  CampaignStatus,
  HoldView,
  ScheduledPart,
  SpendPart,
} from '../../../shared/dto/campaigns';
import type { Database } from '../../db/open-database';
import { createRemovalCounts } from './late-removals';

const BATCH_STATES: readonly BatchState[] = ['queued', 'sending', 'accepted', 'held', 'failed', 'cancelled'];

interface CampaignRow {
  status: CampaignStatus;
  hold: string | null;
  priced: number;
}

interface DeliveryRow {
  sends: number;
  done_sends: number | null;
  delivered: number | null;
  failed: number | null;
}

interface BatchCount {
  state: BatchState;
  batches: number;
  messages: number;
  segments: number;
  /** Centavos (the batches' costs are whole centavos). */
  cents: number;
  /** Seconds from each batch's (last) attempt to its acceptance, summed: time spent sending. */
  busy_seconds: number | null;
}

/** A stored hold, or null when the column is empty or unreadable (an older or hand-edited row). */
export function parseHold(json: string | null): HoldView | null {
  if (!json) return null;
  try {
    const hold = JSON.parse(json) as HoldView;
    return typeof hold?.code === 'string' && typeof hold.message === 'string' ? hold : null;
  } catch {
    return null;
  }
}

/**
 * Reads a campaign's progress from its outbox: batches and messages by state,
 * the hold, and an ETA from the pace so far. Stateless (everything comes from
 * the database), so the app, the CLI worker and `campaigns:progress` agree,
 * and it is right after a restart.
 */
export function createProgressReader(db: Database, now: () => Date) {
  const campaign = db.prepare<[string], CampaignRow>(
    'SELECT status, hold, unit_price IS NOT NULL AS priced FROM campaigns WHERE id = ?',
  );
  const counts = db.prepare<[string], BatchCount>(
    `SELECT state, count(*) AS batches, sum(messages) AS messages, sum(segments) AS segments,
            sum(round(cost * 100)) AS cents,
            sum(round((julianday(accepted_at) - julianday(attempt_started_at)) * 86400000)) / 1000.0 AS busy_seconds
       FROM campaign_batches WHERE campaign_id = ? GROUP BY state`,
  );

  // The service's summaries of the accepted batches, as the history domain last read them
  // (history/send-repo.ts writes history_sends; this only reads it).
  const delivery = db.prepare<[string], DeliveryRow>(
    `SELECT count(*) AS sends, sum(s.done = 1) AS done_sends,
            sum(s.delivered) AS delivered, sum(s.failed) AS failed
       FROM campaign_batches b
       JOIN campaigns c ON c.id = b.campaign_id
       LEFT JOIN history_sends s ON s.profile = c.profile AND s.id = b.send_id
      WHERE b.campaign_id = ? AND b.state = 'accepted'`,
  );

  // The schedules of the accepted messages never change once accepted: read once per campaign and
  // count of accepted batches, sorted, so each progress read only counts those still ahead.
  const acceptedSchedules = db.prepare<[string], { schedule: number }>(
    `SELECT m.schedule FROM campaign_messages m
       JOIN campaign_batches b ON b.campaign_id = m.campaign_id AND b.batch = m.batch
      WHERE m.campaign_id = ? AND b.state = 'accepted' AND m.schedule IS NOT NULL
      ORDER BY m.schedule`,
  );
  // The batches waiting in the outbox for their time (batch-times.ts): from the batches, not their messages.
  const waitingHere = db.prepare<
    [string, number],
    { batches: number; messages: number | null; first: number | null; last: number | null }
  >(
    `SELECT count(*) AS batches, sum(messages) AS messages, min(not_before) AS first, max(last_at) AS last
       FROM campaign_batches WHERE campaign_id = ? AND state = 'queued' AND not_before > ?`,
  );
  const removedOf = createRemovalCounts(db);
  const schedulesSeen = new Map<string, { acceptedBatches: number; schedules: number[] }>();
  const scheduledOf = (
    campaignId: string,
    acceptedBatches: number,
    unsentBatches: number,
    at: number,
  ): ScheduledPart | null => {
    const atService = scheduledAtService(campaignId, acceptedBatches, at);
    const here = waitingHere.get(campaignId, at)!;
    if (here.batches === 0)
      return atService && { ...atService, charged: atService.messages, waitsAll: unsentBatches === 0 };
    const first = Math.min(here.first!, atService ? Date.parse(atService.firstAt) : Infinity);
    const last = Math.max(here.last ?? here.first!, atService ? Date.parse(atService.lastAt) : 0);
    return {
      messages: (here.messages ?? 0) + (atService?.messages ?? 0),
      firstAt: new Date(first).toISOString(),
      lastAt: new Date(last).toISOString(),
      charged: atService?.messages ?? 0,
      waitsAll: here.batches === unsentBatches,
    };
  };
  const scheduledAtService = (
    campaignId: string,
    acceptedBatches: number,
    at: number,
  ): Omit<ScheduledPart, 'waitsAll' | 'charged'> | null => {
    if (acceptedBatches === 0) return null;
    let seen = schedulesSeen.get(campaignId);
    if (seen?.acceptedBatches !== acceptedBatches) {
      seen = { acceptedBatches, schedules: acceptedSchedules.all(campaignId).map((r) => r.schedule) };
      schedulesSeen.set(campaignId, seen);
    }
    const { schedules } = seen;
    const first = firstAfter(schedules, at);
    if (first === schedules.length) {
      // All gone out (or none had a time of its own): keep the entry, emptied, so later reads of this
      // campaign count nothing instead of reading its messages again.
      seen.schedules = [];
      return null;
    }
    return {
      messages: schedules.length - first,
      firstAt: new Date(schedules[first]!).toISOString(),
      lastAt: new Date(schedules[schedules.length - 1]!).toISOString(),
    };
  };

  return (campaignId: string): CampaignProgressView | null => {
    const row = campaign.get(campaignId);
    if (!row || row.status === 'draft') return null;
    const batches = Object.fromEntries(BATCH_STATES.map((s) => [s, 0])) as Record<BatchState, number>;
    let total = 0;
    let totalMessages = 0;
    let accepted = 0;
    let waiting = 0;
    let busySeconds = 0;
    const charged = emptyPart();
    const pending = emptyPart();
    for (const c of counts.all(campaignId)) {
      if (c.state === 'accepted') addTo(charged, c);
      else if (c.state === 'queued' || c.state === 'sending' || c.state === 'held') addTo(pending, c);
      batches[c.state] = c.batches;
      total += c.batches;
      if (c.state !== 'cancelled') totalMessages += c.messages;
      if (c.state === 'queued' || c.state === 'sending') waiting += c.messages;
      if (c.state === 'accepted') {
        accepted = c.messages;
        busySeconds = c.busy_seconds ?? 0;
      }
    }
    return {
      campaignId,
      status: row.status,
      batches: { ...batches, total },
      messages: { accepted, total: totalMessages },
      delivery: deliveryOf(delivery.get(campaignId), row.status, accepted),
      hold: parseHold(row.hold),
      etaSeconds: eta(row.status, accepted, waiting, busySeconds),
      spend: spendOf(charged, pending, row.priced === 1),
      scheduled: scheduledOf(
        campaignId,
        batches.accepted,
        batches.queued + batches.sending + batches.held,
        now().getTime(),
      ),
      removed: removedOf(campaignId),
      updatedAt: now().toISOString(),
    };
  };
}

/** Nothing more will be sent: what is out is all there will be. */
const NOTHING_LEFT: readonly CampaignStatus[] = ['completed', 'cancelled'];

function deliveryOf(
  row: DeliveryRow | undefined,
  status: CampaignStatus,
  accepted: number,
): CampaignDeliveryView {
  const delivered = row?.delivered ?? 0;
  const failed = row?.failed ?? 0;
  const sends = row?.sends ?? 0;
  return {
    delivered,
    failed,
    onTheWay: Math.max(0, accepted - delivered - failed),
    final: NOTHING_LEFT.includes(status) && (row?.done_sends ?? 0) === sends,
  };
}

type Tally = { messages: number; segments: number; cents: number };
const emptyPart = (): Tally => ({ messages: 0, segments: 0, cents: 0 });
function addTo(part: Tally, c: BatchCount): void {
  part.messages += c.messages;
  part.segments += c.segments;
  part.cents += c.cents;
}
const partOf = (t: Tally, priced: boolean): SpendPart => ({
  messages: t.messages,
  segments: t.segments,
  cost: priced ? t.cents / 100 : null,
});
const spendOf = (charged: Tally, pending: Tally, priced: boolean): CampaignSpend => ({
  charged: partOf(charged, priced),
  pending: partOf(pending, priced),
});

/**
 * Messages still to send at the pace of the batches accepted so far: the
 * time from each batch's attempt to its acceptance, per message. Measured on
 * the sending itself, so a campaign that sat queued offline or held for
 * credit does not look slow for the rest of its life. Unknown until a batch
 * is accepted, and while the campaign is not actively sending (a pause or a
 * hold has no pace).
 */
function eta(status: CampaignStatus, accepted: number, waiting: number, busySeconds: number): number | null {
  if (status !== 'sending' || accepted === 0 || !(busySeconds > 0)) return null;
  return Math.ceil((waiting * busySeconds) / accepted);
}

/** The index of the first of the sorted `values` after `at` (values.length: none). */
function firstAfter(values: readonly number[], at: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export type ProgressReader = ReturnType<typeof createProgressReader>;
