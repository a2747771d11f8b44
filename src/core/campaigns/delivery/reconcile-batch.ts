/**
 * The worker's side of reconcile: when a batch left `sending` may be
 * checked, and what is recorded from the verdict of reconcile.ts.
 */
import { isNetworkError } from '../../api/service-error';
import type { BoundAccount } from '../../account/account-module';
import type { HoldsKeeper } from './holds-keeper';
import type { OutboxContext } from './outbox-context';
import type { Finish, OutboxBatch } from '../outbox/outbox-store';
import { findLandedSend, type ReconcileVerdict } from './reconcile';

export class BatchReconciler {
  /** Reconcile reads that failed in a row, by batch (for their backoff). */
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly ctx: OutboxContext,
    private readonly holds: HoldsKeeper,
  ) {}

  /** Not before the attempt can no longer be in flight, nor before a failed check's backoff. */
  dueAt(batch: OutboxBatch): number {
    const started = batch.attemptStartedAt ? Date.parse(batch.attemptStartedAt) : 0;
    const retryAt = batch.nextAttemptAt ? Date.parse(batch.nextAttemptAt) : 0;
    return Math.max(started + this.ctx.deps.timings.settleMs, retryAt);
  }

  /**
   * Applies THE RULE of reconcile.ts to a batch whose request may have
   * landed. Called only once `attempt_started_at + settleMs` has passed (no
   * request of that attempt can still be on its way: see dueAt), it pages
   * the send list back to the attempt (minus the clock-skew margin),
   * compares the (phone, message) multiset of each send of the batch's
   * quantity that no batch owns yet, and records the batch accepted as the
   * matching send, or, only when none matches, queues it to be sent again
   * (cancelled instead, if its campaign was cancelled meanwhile). If the
   * service cannot be read, nothing is decided: the batch stays `sending`
   * and this runs again later. Never a resend on a guess.
   */
  async reconcile(account: BoundAccount, batch: OutboxBatch): Promise<void> {
    const { store, deps } = this.ctx;
    const campaign = store.campaign(batch.campaignId);
    if (!campaign) return;
    const key = `${batch.campaignId}/${batch.batch}`;
    let verdict: ReconcileVerdict;
    try {
      verdict = await findLandedSend(
        {
          listSends: (page) => account.call((client) => client.listSends(page)),
          getSend: (id) => account.call((client) => client.getSend(id)),
        },
        {
          quantity: batch.messages,
          attemptStartedAt: batch.attemptStartedAt ?? new Date(0).toISOString(),
          messages: store.messages(batch.campaignId, batch.batch),
          maskLinks: (this.ctx.optionsOf(campaign)?.linkTracking ?? 'none') !== 'none',
        },
        { clockSkewMs: deps.timings.clockSkewMs, isOwned: store.isOwned, shouldStop: () => this.ctx.closing },
      );
    } catch (error) {
      if (this.ctx.closing) return;
      const failures = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, failures);
      if (isNetworkError(error) && !error.maybeCommitted) this.ctx.wentOffline();
      const retryAt = this.ctx.iso(this.ctx.nowMs() + this.ctx.retryDelay(failures));
      const why = error instanceof Error ? error.message : 'unknown error';
      store.ambiguous(
        batch.campaignId,
        batch.batch,
        batch.attempts,
        `Checking whether it was sent: ${why}`,
        retryAt,
      );
      return;
    }
    this.failures.delete(key);
    this.ctx.cameOnline();
    let finish: Finish | false;
    if (verdict.landed) {
      finish = store.accept(batch.campaignId, batch.batch, batch.attempts, verdict.sendId, this.ctx.iso());
      deps.charged();
    } else {
      const change = {
        nextAttemptAt: this.ctx.iso(this.ctx.nowMs() + this.ctx.retryDelay(batch.attempts)),
        reason: batch.reason ?? 'The request was interrupted before it reached the service.',
        uncount: false,
      };
      finish = store.notSent(batch.campaignId, batch.batch, batch.attempts, change, this.ctx.iso()).finish;
    }
    this.holds.changed(campaign, finish === false ? null : finish);
  }
}
