/**
 * Every state change of the outbox. Each is one short IMMEDIATE transaction
 * (the write lock is taken up front, so a second process waits instead of
 * failing half-way), and the database runs with synchronous=FULL: once a
 * call here returns, the change survives a crash or a power cut. That is
 * what makes "`sending` is on disk before the request leaves" true.
 *
 * Changes to a batch in flight name the attempt they concern (`attempts`):
 * a worker whose lease was taken over while its request hung cannot
 * overwrite what the new worker decided.
 */
import type { BatchState, CampaignStatus, HoldView } from '../../../shared/dto/campaigns';
import type { Database } from '../../db/open-database';
import { parseHold } from './progress-read';
import { UNFINISHED, type Finish } from './outbox-rows';

export interface NotSentChange {
  nextAttemptAt: string | null;
  /** Shown to the user: why the batch is waiting. */
  reason: string | null;
  /** The request never reached the service (or was refused before any work): not an attempt. */
  uncount: boolean;
}

export interface AcceptAndClaim {
  /** False for a stale attempt (settled elsewhere); then nothing was claimed either. */
  accepted: boolean;
  nextAttempt: number | null;
  finish: Finish;
}

export function createOutboxTransitions(db: Database) {
  const s = {
    status: db.prepare<[string], { status: CampaignStatus; hold: string | null }>(
      'SELECT status, hold FROM campaigns WHERE id = ?',
    ),
    count: (where: string) =>
      db
        .prepare<[string], number>(`SELECT count(*) FROM campaign_batches WHERE campaign_id = ? AND ${where}`)
        .pluck(),
    claim: db.prepare<[string, string, number]>(
      `UPDATE campaign_batches
          SET state = 'sending', attempts = attempts + 1, attempt_started_at = ?, ambiguous = 0, next_attempt_at = NULL
        WHERE campaign_id = ? AND batch = ? AND state = 'queued'`,
    ),
    attempts: db
      .prepare<[string, number], number>(
        'SELECT attempts FROM campaign_batches WHERE campaign_id = ? AND batch = ?',
      )
      .pluck(),
    accept: db.prepare<[string, string, string, number, number]>(
      `UPDATE campaign_batches
          SET state = 'accepted', send_id = ?, accepted_at = ?, ambiguous = 0, next_attempt_at = NULL, reason = NULL
        WHERE campaign_id = ? AND batch = ? AND state = 'sending' AND attempts = ?`,
    ),
    setBatch: db.prepare<{
      id: string;
      batch: number;
      attempt: number;
      state: BatchState;
      uncount: number;
      next: string | null;
      reason: string | null;
      ambiguous: number;
    }>(
      `UPDATE campaign_batches
          SET state = @state, attempts = attempts - @uncount, next_attempt_at = @next, reason = @reason,
              ambiguous = @ambiguous
        WHERE campaign_id = @id AND batch = @batch AND state = 'sending' AND attempts = @attempt`,
    ),
    holdBatch: db.prepare<[string, string, number]>(
      `UPDATE campaign_batches SET state = 'held', reason = ?, next_attempt_at = NULL
        WHERE campaign_id = ? AND batch = ? AND state = 'queued'`,
    ),
    holdCampaign: db.prepare<[string, string, string]>(
      `UPDATE campaigns SET status = 'held', hold = ?, updated_at = ?
        WHERE id = ? AND status IN ('queued', 'sending', 'held')`,
    ),
    setStatus: db.prepare<[CampaignStatus, string, string]>(
      'UPDATE campaigns SET status = ?, hold = NULL, updated_at = ? WHERE id = ?',
    ),
    complete: db.prepare<[string, string, string]>(
      "UPDATE campaigns SET status = 'completed', hold = NULL, finished_at = ?, updated_at = ? WHERE id = ?",
    ),
    expiring: db
      .prepare<[string, string], string>(
        `SELECT id FROM campaigns WHERE profile = ? AND expires_at <= ?
            AND expires_at IS NOT NULL AND status IN ('queued', 'sending', 'held', 'paused')`,
      )
      .pluck(),
    cancelUnsent: db.prepare<[string]>(
      "UPDATE campaign_batches SET state = 'cancelled' WHERE campaign_id = ? AND state IN ('queued', 'held')",
    ),
    // The hold that kept it is kept: it says why the occurrence did not go (no credit, no sign-in).
    expire: db.prepare<[string, string]>(
      "UPDATE campaigns SET status = 'cancelled', updated_at = ? WHERE id = ?",
    ),
    finishCancelled: db.prepare<[string, string, string]>(
      'UPDATE campaigns SET finished_at = ?, updated_at = ? WHERE id = ? AND finished_at IS NULL',
    ),
  };
  const unfinished = s.count(`state IN ${UNFINISHED}`);
  const inFlight = s.count("state = 'sending'");
  const started = s.count("(attempts > 0 OR state IN ('accepted', 'failed', 'sending'))");

  /** After a hold or pause ends: `sending` once anything went out, else still `queued`. */
  const activeStatus = (id: string): CampaignStatus => (started.get(id)! > 0 ? 'sending' : 'queued');

  /** Ends the campaign when nothing is left to do; says how it ended (null: not finished by this call). */
  const settle = (id: string, now: string): Finish => {
    const c = s.status.get(id);
    if (!c) return null;
    if (c.status === 'cancelled') {
      if (inFlight.get(id)! > 0) return null;
      return s.finishCancelled.run(now, now, id).changes > 0 ? 'cancelled' : null;
    }
    if (c.status === 'draft' || c.status === 'completed' || unfinished.get(id)! > 0) return null;
    s.complete.run(now, now, id);
    return 'completed';
  };

  const holdCampaign = (id: string, hold: HoldView, now: string): boolean =>
    s.holdCampaign.run(JSON.stringify(hold), now, id).changes > 0;

  const tx = {
    claim: db.transaction((id: string, n: number, now: string): number | null => {
      const status = s.status.get(id)?.status;
      if (status !== 'queued' && status !== 'sending') return null;
      if (s.claim.run(now, id, n).changes === 0) return null;
      if (status === 'queued') s.setStatus.run('sending', now, id);
      return s.attempts.get(id, n)!;
    }),
    accept: db.transaction(
      (id: string, n: number, attempt: number, sendId: string, now: string): Finish | false =>
        s.accept.run(sendId, now, id, n, attempt).changes === 0 ? false : settle(id, now),
    ),
    acceptAndClaim: db.transaction(
      (id: string, n: number, attempt: number, sendId: string, next: number, now: string): AcceptAndClaim => {
        if (s.accept.run(sendId, now, id, n, attempt).changes === 0)
          return { accepted: false, nextAttempt: null, finish: null };
        const status = s.status.get(id)?.status;
        const claimed =
          (status === 'queued' || status === 'sending') && s.claim.run(now, id, next).changes > 0;
        return {
          accepted: true,
          nextAttempt: claimed ? s.attempts.get(id, next)! : null,
          finish: settle(id, now),
        };
      },
    ),
    notSent: db.transaction(
      (
        id: string,
        n: number,
        attempt: number,
        change: NotSentChange,
        now: string,
      ): { applied: boolean; finish: Finish } => {
        // A campaign cancelled while this batch was out: it is cancelled too, never queued again.
        const cancelled = s.status.get(id)?.status === 'cancelled';
        const applied =
          s.setBatch.run({
            id,
            batch: n,
            attempt,
            state: cancelled ? 'cancelled' : 'queued',
            uncount: change.uncount ? 1 : 0,
            next: cancelled ? null : change.nextAttemptAt,
            reason: change.reason,
            ambiguous: 0,
          }).changes > 0;
        return { applied, finish: applied ? settle(id, now) : null };
      },
    ),
    ambiguous: db.transaction(
      (id: string, n: number, attempt: number, reason: string, reconcileAt: string): boolean =>
        s.setBatch.run({
          id,
          batch: n,
          attempt,
          state: 'sending',
          uncount: 0,
          next: reconcileAt,
          reason,
          ambiguous: 1,
        }).changes > 0,
    ),
    fail: db.transaction(
      (id: string, n: number, attempt: number, reason: string, now: string): Finish | false => {
        const r = s.setBatch.run({
          id,
          batch: n,
          attempt,
          state: 'failed',
          uncount: 0,
          next: null,
          reason,
          ambiguous: 0,
        });
        return r.changes > 0 ? settle(id, now) : false;
      },
    ),
    holdBatch: db.transaction((id: string, n: number, hold: HoldView, now: string): boolean => {
      if (s.holdBatch.run(hold.message, id, n).changes === 0) return false;
      holdCampaign(id, hold, now);
      return true;
    }),
    hold: db.transaction((id: string, hold: HoldView, now: string): boolean => holdCampaign(id, hold, now)),
    release: db.transaction((id: string, codes: readonly string[] | null, now: string): boolean => {
      const c = s.status.get(id);
      if (c?.status !== 'held') return false;
      const hold = parseHold(c.hold);
      if (codes && !(hold && codes.includes(hold.code))) return false;
      s.setStatus.run(activeStatus(id), now, id);
      return true;
    }),
    settle: db.transaction((id: string, now: string): Finish => settle(id, now)),
    expire: db.transaction((profile: string, now: string): string[] => {
      const ids = s.expiring.all(profile, now);
      for (const id of ids) {
        s.cancelUnsent.run(id);
        s.expire.run(now, id);
        settle(id, now);
      }
      return ids;
    }),
  };

  return {
    /** `sending`, attempts + 1, attempt_started_at: the attempt number, or null when it was not claimable. */
    claim: (id: string, n: number, now: string) => tx.claim.immediate(id, n, now),
    /** Accepted as `sendId`; how the campaign finished (null: not yet), or false for a stale attempt. */
    accept: (id: string, n: number, attempt: number, sendId: string, now: string) =>
      tx.accept.immediate(id, n, attempt, sendId, now),
    /**
     * `accept`, then `claim` of the campaign's next batch, in one transaction (one sync to disk
     * instead of two); the next batch's attempt number, or null when it could not be claimed
     * (paused or cancelled meanwhile).
     */
    acceptAndClaim: (id: string, n: number, attempt: number, sendId: string, next: number, now: string) =>
      tx.acceptAndClaim.immediate(id, n, attempt, sendId, next, now),
    /** The attempt certainly registered nothing: queued again (cancelled if its campaign was). */
    notSent: (id: string, n: number, attempt: number, change: NotSentChange, now: string) =>
      tx.notSent.immediate(id, n, attempt, change, now),
    /** The outcome is unknown: stays `sending` until reconcile decides, not before `reconcileAt`. */
    ambiguous: (id: string, n: number, attempt: number, reason: string, reconcileAt: string) =>
      tx.ambiguous.immediate(id, n, attempt, reason, reconcileAt),
    /** The service refused the batch for good (400, 422): failed, with the service's reason. */
    fail: (id: string, n: number, attempt: number, reason: string, now: string) =>
      tx.fail.immediate(id, n, attempt, reason, now),
    /** A queued batch that keeps failing is held, and its campaign with it. */
    holdBatch: (id: string, n: number, hold: HoldView, now: string) =>
      tx.holdBatch.immediate(id, n, hold, now),
    hold: (id: string, hold: HoldView, now: string) => tx.hold.immediate(id, hold, now),
    /** Lifts a hold (only one of `codes`, when given): the campaign goes back to sending. */
    release: (id: string, codes: readonly string[] | null, now: string) =>
      tx.release.immediate(id, codes, now),
    settle: (id: string, now: string) => tx.settle.immediate(id, now),
    /**
     * Campaigns whose time is over (an automation's occurrence past its day):
     * their batches not sent are cancelled, never sent late; a batch in flight
     * is left to its reconcile. Returns the campaigns it cancelled.
     */
    expire: (profile: string, now: string): string[] => tx.expire.immediate(profile, now),
    /** For use inside another transaction of the outbox (no transaction of its own). */
    settleWithin: settle,
    activeStatus,
  };
}
