/**
 * What the user can do to a campaign being delivered: pause, resume, cancel.
 * Each is one IMMEDIATE transaction on the database alone, so it works from
 * any process (the app while `torpedo worker` delivers, or the other way
 * round) and offline; the worker reads the campaign's status before every
 * claim and names the attempt in every change, so it never undoes these.
 *
 * - Pause: nothing new is claimed; a batch in flight finishes and is recorded.
 * - Resume (a paused or held campaign): the campaign sends again at once;
 *   batches held because they kept failing get a fresh set of attempts, and
 *   retry waits are dropped (the user asked for now). A hold whose cause is
 *   still there (no credit, quiet hours) comes straight back.
 * - Cancel: batches not sent (queued, held) are cancelled. A batch in flight
 *   or awaiting reconcile is not touched: it ends accepted if it landed, and
 *   cancelled if it did not (the worker does that). The campaign's status is
 *   `cancelled` at once (nothing new will go out); it is finished
 *   (`finished_at`) once nothing is in flight.
 */
import { APP_ERROR_CODES } from '../../../shared/app-error';
import type { CampaignStatus } from '../../../shared/dto/campaigns';
import { AppFailure } from '../../app-failure';
import type { Database } from '../../db/open-database';
import { campaignNotFound } from '../campaign-errors';
import type { Finish, OutboxStore } from './outbox-store';

export interface ControlResult {
  /** False when the campaign already was in the asked state. */
  changed: boolean;
  finish: Finish;
}

const ACTIVE: readonly CampaignStatus[] = ['queued', 'sending', 'held', 'paused'];

export function createOutboxControls(db: Database, store: OutboxStore) {
  const statusOf = db.prepare<[string, string], { status: CampaignStatus }>(
    'SELECT status FROM campaigns WHERE id = ? AND profile = ?',
  );
  const setStatus = db.prepare<[CampaignStatus, string, string]>(
    'UPDATE campaigns SET status = ?, hold = NULL, updated_at = ? WHERE id = ?',
  );
  const requeueHeld = db.prepare<[string]>(
    `UPDATE campaign_batches SET state = 'queued', attempts = 0, reason = NULL, next_attempt_at = NULL
      WHERE campaign_id = ? AND state = 'held'`,
  );
  const dropWaits = db.prepare<[string]>(
    "UPDATE campaign_batches SET next_attempt_at = NULL WHERE campaign_id = ? AND state = 'queued'",
  );
  const cancelUnsent = db.prepare<[string]>(
    "UPDATE campaign_batches SET state = 'cancelled' WHERE campaign_id = ? AND state IN ('queued', 'held')",
  );

  /** The campaign's status, checked against what the action allows. */
  function current(profile: string, id: string, action: string, allowed: readonly CampaignStatus[]) {
    const row = statusOf.get(id, profile);
    if (!row) throw campaignNotFound();
    if (!allowed.includes(row.status)) {
      const why = row.status === 'draft' ? 'it has not been sent yet' : `it is ${row.status}`;
      throw new AppFailure(APP_ERROR_CODES.campaignNotActive, `The campaign cannot be ${action}: ${why}.`, {
        reason: row.status,
      });
    }
    return row.status;
  }

  const pause = db.transaction((profile: string, id: string, now: string): ControlResult => {
    if (current(profile, id, 'paused', ACTIVE) === 'paused') return { changed: false, finish: null };
    setStatus.run('paused', now, id);
    return { changed: true, finish: null };
  });

  const resume = db.transaction((profile: string, id: string, now: string): ControlResult => {
    const status = current(profile, id, 'resumed', ACTIVE);
    requeueHeld.run(id);
    dropWaits.run(id);
    if (status === 'paused' || status === 'held') {
      setStatus.run(store.activeStatus(id), now, id);
      return { changed: true, finish: null };
    }
    return { changed: false, finish: null };
  });

  const cancel = db.transaction((profile: string, id: string, now: string): ControlResult => {
    if (current(profile, id, 'cancelled', [...ACTIVE, 'cancelled']) === 'cancelled') {
      return { changed: false, finish: null };
    }
    cancelUnsent.run(id);
    setStatus.run('cancelled', now, id);
    return { changed: true, finish: store.settleWithin(id, now) };
  });

  return {
    pause: (profile: string, id: string, now: string) => pause.immediate(profile, id, now),
    resume: (profile: string, id: string, now: string) => resume.immediate(profile, id, now),
    cancel: (profile: string, id: string, now: string) => cancel.immediate(profile, id, now),
  };
}

export type OutboxControls = ReturnType<typeof createOutboxControls>;
