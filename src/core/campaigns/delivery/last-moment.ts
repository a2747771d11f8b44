/**
 * The last moment before a batch leaves: the one place that decides whether
 * it goes now and to whom.
 *
 * 1. Who may still receive it: the recipient policy is asked again for the
 *    batch's numbers (rules/recipient-policy.ts: opted out, blocked, the
 *    frequency cap). Whoever may not is taken out of the batch, recorded with
 *    why, and their place in the cap's log is given back; nothing is sent or
 *    charged for them (outbox/late-removals.ts).
 * 2. When: each message is timed as it would leave now (outbox-request.ts);
 *    when every one of them is still ahead, the batch waits here until the
 *    first one's time (outbox/batch-times.ts) rather than at the service,
 *    which could not take a message back.
 * 3. The request body, serialised. The next batch's messages are read and
 *    its body built while the current request is out (prefetchAfter); the
 *    check of (1) is still made when it leaves, and a body whose batch lost
 *    anyone is built again.
 */
import type { CampaignOptions } from '../../../shared/dto/campaigns';
import { PreparedJson } from '../../api/client-request';
import type { Exclusion } from '../../rules/rules-module';
import type { LateRemoval, RemovalReason } from '../outbox/late-removals';
import type { BatchMessage, Finish, OutboxBatch, OutboxCampaign } from '../outbox/outbox-store';
import type { OutboxContext } from './outbox-context';
import { buildBulkRequest, messageSchedules } from './outbox-request';

/**
 * How long a body built ahead stays good: its schedules were decided when it
 * was built, and a minute changes none that matters (a schedule passing by
 * seconds sends it at once, as it would have anyway).
 */
const PREFETCH_FRESH_MS = 60_000;

export type BatchReady =
  | { kind: 'ready'; body: PreparedJson }
  /** Every message is timed later: the batch waits in the outbox until its first one's time. */
  | { kind: 'later'; at: number }
  /** Nobody was left in it: the batch is gone (and the campaign finished when it was the last). */
  | { kind: 'gone'; finish: Finish }
  /** No longer queued (claimed, paused or cancelled meanwhile): nothing to do. */
  | { kind: 'stale' };

interface Built {
  key: string;
  builtAt: number;
  messages: BatchMessage[];
  body: PreparedJson;
  /** The first and last instants its messages are timed for; first null: one goes at once. */
  first: number | null;
  last: number | null;
}

const reasonOf = (e: Exclusion): RemovalReason =>
  e.rule === 'opted_out'
    ? 'opted_out'
    : e.rule === 'cap'
      ? 'cap'
      : e.list.id === 'procon-sp'
        ? 'blocked_procon'
        : 'blocked_other';

const listOf = (e: Exclusion) => (e.rule === 'blocked' ? e.list : undefined);

export class LastMoment {
  private prefetched: Built | null = null;

  constructor(private readonly ctx: OutboxContext) {}

  ready(campaign: OutboxCampaign, options: CampaignOptions, batch: OutboxBatch): BatchReady {
    const { store, deps } = this.ctx;
    const now = deps.now();
    const key = `${campaign.id}/${batch.batch}`;
    const ahead = this.prefetched;
    this.prefetched = null;
    let built =
      ahead?.key === key && now.getTime() - ahead.builtAt < PREFETCH_FRESH_MS
        ? ahead
        : this.build(campaign, options, batch.batch, now, store.messages(campaign.id, batch.batch));

    const excluded = deps.excluded(
      campaign.profile,
      built.messages.map((m) => m.phone),
      `c${campaign.ref}`,
      now,
    );
    if (excluded.size > 0) {
      const removals: LateRemoval[] = built.messages
        .filter((m) => excluded.has(m.phone))
        .map((m) => ({
          position: m.position,
          phone: m.phone,
          segments: m.segments,
          reason: reasonOf(excluded.get(m.phone)!),
          list: listOf(excluded.get(m.phone)!),
        }));
      const outcome = store.removeLate(campaign.id, batch.batch, removals, now.toISOString());
      if (!outcome.applied) return { kind: 'stale' };
      deps.forgetRemoved(
        campaign,
        removals.map((r) => r.phone),
      );
      deps.log(`batch ${batch.batch + 1}: ${removals.length} taken out at the last moment`);
      if (outcome.emptied) return { kind: 'gone', finish: outcome.finish };
      const left = built.messages.filter((m) => !excluded.has(m.phone));
      built = this.build(campaign, options, batch.batch, now, left);
    }

    if (built.first !== null && built.first > now.getTime()) {
      if (!store.postpone(campaign.id, batch.batch, built.first, built.last)) return { kind: 'stale' };
      deps.log(`batch ${batch.batch + 1}: waits for its time, ${new Date(built.first).toISOString()}`);
      return { kind: 'later', at: built.first };
    }
    return { kind: 'ready', body: built.body };
  }

  /**
   * Reads and serialises the campaign's next batch while this one's request
   * is out, so that reading 5000 rows and turning them into JSON is not added
   * to the time between two requests. It runs once the request has been
   * handed to the socket (setImmediate), not before.
   */
  prefetchAfter(campaign: OutboxCampaign, options: CampaignOptions, batch: number): void {
    setImmediate(() => {
      try {
        const { store, deps } = this.ctx;
        if (this.ctx.closing || store.batch(campaign.id, batch + 1)?.state !== 'queued') return;
        const messages = store.messages(campaign.id, batch + 1);
        this.prefetched = this.build(campaign, options, batch + 1, deps.now(), messages);
      } catch {
        // Only a head start: the batch is built again when it is sent.
      }
    });
  }

  private build(
    campaign: OutboxCampaign,
    options: CampaignOptions,
    batch: number,
    now: Date,
    messages: BatchMessage[],
  ): Built {
    // The rules now, for the messages whose time has come or passed (those of an older campaign: none).
    const decided = messageSchedules(options, campaign.timed ? this.ctx.deps.rules() : null, now);
    const times = new Map<number, string | undefined>();
    let first: number | null = Infinity;
    let last: number | null = null;
    for (const m of messages) {
      const at = decided(m);
      times.set(m.position, at);
      if (at === undefined) first = null;
      else {
        const ms = Date.parse(at);
        if (first !== null) first = Math.min(first, ms);
        last = Math.max(last ?? 0, ms);
      }
    }
    return {
      key: `${campaign.id}/${batch}`,
      builtAt: now.getTime(),
      messages,
      body: PreparedJson.of(
        buildBulkRequest(campaign, batch, options, messages, (m) => times.get(m.position)),
      ),
      first: first === Infinity ? null : first,
      last,
    };
  }
}
