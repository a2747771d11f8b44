/**
 * The outbox in SQL, for the worker: what it reads (the batches to reconcile
 * or send next, held campaigns, a batch's messages, costs) and, from
 * outbox-transitions.ts, every state change, each its own durable
 * transaction.
 */
import type { Database } from '../../db/open-database';
import {
  BATCH_COLUMNS,
  CAMPAIGN_COLUMNS,
  SENDABLE,
  UNFINISHED,
  toBatch,
  toCampaign,
  type BatchMessage,
  type BatchRow,
  type CampaignRow,
  type OutboxBatch,
  type OutboxCampaign,
} from './outbox-rows';
import { createOutboxTransitions } from './outbox-transitions';
import { createBatchTimes } from './batch-times';
import { createLateRemovals } from './late-removals';

export type { BatchMessage, Finish, OutboxBatch, OutboxCampaign } from './outbox-rows';

export function createOutboxStore(db: Database) {
  const q = {
    campaign: db.prepare<[string], CampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.id = ?`),
    batch: db.prepare<[string, number], BatchRow>(
      `SELECT ${BATCH_COLUMNS} FROM campaign_batches b WHERE b.campaign_id = ? AND b.batch = ?`,
    ),
    sending: db.prepare<[string], BatchRow>(
      `SELECT ${BATCH_COLUMNS} FROM campaign_batches b JOIN campaigns c ON c.id = b.campaign_id
        WHERE b.state = 'sending' AND c.profile = ? ORDER BY c.queued_at, b.campaign_id, b.batch`,
    ),
    // Each sendable campaign's lowest queued batch: a campaign goes out in order.
    next: db.prepare<[string], BatchRow>(
      `SELECT ${BATCH_COLUMNS} FROM campaigns c JOIN campaign_batches b ON b.campaign_id = c.id
        WHERE c.profile = ? AND c.status IN ${SENDABLE} AND b.state = 'queued'
          AND b.batch = (SELECT min(batch) FROM campaign_batches x WHERE x.campaign_id = c.id AND x.state = 'queued')
        ORDER BY c.queued_at, c.id`,
    ),
    held: db.prepare<[string], CampaignRow>(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.profile = ? AND c.status = 'held' ORDER BY c.queued_at`,
    ),
    messages: db.prepare<[string, number], BatchMessage>(
      `SELECT position, phone, message, schedule, zone, segments FROM campaign_messages
        WHERE campaign_id = ? AND batch = ? ORDER BY position`,
    ),
    unsentPhones: db
      .prepare<[string], string>(
        `SELECT m.phone FROM campaign_batches b
           JOIN campaign_messages m ON m.campaign_id = b.campaign_id AND m.batch = b.batch
          WHERE b.campaign_id = ? AND b.state IN ('cancelled', 'failed')`,
      )
      .pluck(),
    owned: db.prepare<[string], number>('SELECT 1 FROM campaign_batches WHERE send_id = ?').pluck(),
    remainingCost: db
      .prepare<[string], number>(
        `SELECT coalesce(sum(cost), 0) FROM campaign_batches WHERE campaign_id = ? AND state IN ${UNFINISHED}`,
      )
      .pluck(),
    nextCost: db
      .prepare<[string], number>(
        `SELECT cost FROM campaign_batches WHERE campaign_id = ? AND state IN ('queued', 'held')
          ORDER BY batch LIMIT 1`,
      )
      .pluck(),
  };

  const transitions = createOutboxTransitions(db);
  const removals = createLateRemovals(db, transitions.settleWithin);
  return {
    campaign: (id: string): OutboxCampaign | undefined => {
      const row = q.campaign.get(id);
      return row ? toCampaign(row) : undefined;
    },
    batch: (id: string, n: number): OutboxBatch | undefined => {
      const row = q.batch.get(id, n);
      return row ? toBatch(row) : undefined;
    },
    /** Batches whose outcome is unknown (in flight, ambiguous, or found after a crash). */
    sendingBatches: (profile: string) => q.sending.all(profile).map(toBatch),
    /** The next batch of each campaign that may send now or later (its `nextAttemptAt`). */
    nextBatches: (profile: string) => q.next.all(profile).map(toBatch),
    heldCampaigns: (profile: string) => q.held.all(profile).map(toCampaign),
    messages: (id: string, n: number) => q.messages.all(id, n),
    /** The numbers of the campaign's batches that were cancelled or refused: their messages never went out. */
    unsentPhones: (id: string) => q.unsentPhones.all(id),
    /** Whether a batch already owns this service send (one send settles one batch at most). */
    isOwned: (sendId: string) => q.owned.get(sendId) !== undefined,
    /** R$ of every batch not sent yet (queued, held) or in flight. */
    remainingCost: (id: string) => q.remainingCost.get(id)!,
    /** R$ of the next batch to send (0 when none is left). */
    nextBatchCost: (id: string) => q.nextCost.get(id) ?? 0,
    ...transitions,
    ...createBatchTimes(db),
    /** Takes messages out of a queued batch as it is about to leave (late-removals.ts). */
    removeLate: removals.remove,
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
