/**
 * One batch, from the checks before it may go to the recorded outcome:
 *
 * 0. the last moment (last-moment.ts): a batch whose messages are all timed
 *    later waits for its time here; those who may no longer receive it
 *    (opted out, blocked, capped since the freeze) are taken out of it;
 * 1. checks: the campaign's options can be read; fewer attempts than
 *    `maxAttempts`; before the first batch of a campaign that may not send
 *    partially, a known balance that covers the whole campaign (the sending
 *    hours hold nothing back: each message carries its own `schedule`, on
 *    its recipient's clock, and the service keeps it until then);
 * 2. claim: `sending`, attempts + 1, `attempt_started_at`, committed to disk
 *    (synchronous=FULL) before the request leaves;
 * 3. the bulk request, then its outcome (outbox-outcome.ts says what each
 *    failure means): accepted with its send id, or back to queued, or left
 *    `sending` for reconcile, or failed, and holds where they apply.
 */
import type { CampaignOptions } from '../../../shared/dto/campaigns';
import { batchDueAt } from '../outbox/outbox-rows';
import type { BoundAccount } from '../../account/account-module';
import { retryDelay } from './backoff';
import { insufficientBalanceHold, keepsFailingHold, notSignedInHold, rejectedHold } from './holds';
import type { HoldsKeeper } from './holds-keeper';
import type { OutboxContext } from './outbox-context';
import { classifySendFailure } from './outbox-outcome';
import type { Finish, OutboxBatch, OutboxCampaign } from '../outbox/outbox-store';
import { tracksLinks } from '../composer/tracked-links';
import { LastMoment, type BatchReady } from './last-moment';

const EPSILON = 1e-9;

export class BatchSender {
  private readonly lastMoment: LastMoment;

  constructor(
    private readonly ctx: OutboxContext,
    private readonly holds: HoldsKeeper,
  ) {
    this.lastMoment = new LastMoment(ctx);
  }

  /**
   * Checks, claims and sends a batch, and while the answers come back fine,
   * the campaign's next ones straight after (see nextInLine); false when it
   * turned out there was nothing to do.
   */
  async deliver(account: BoundAccount, first: OutboxBatch): Promise<boolean> {
    const { store, deps } = this.ctx;
    const campaign = store.campaign(first.campaignId);
    if (!campaign) return false;
    const options = this.ctx.optionsOf(campaign);
    if (!options) {
      return this.holds.hold(
        campaign,
        rejectedHold("The campaign's saved options could not be read; it cannot be sent."),
      );
    }
    if (tracksLinks(options) && !campaign.linksReady) {
      try {
        await deps.prepareLinks(account, campaign);
      } catch (error) {
        return this.linksFailed(campaign, error);
      }
      // The rewrite may have changed the batches' costs: the checks read them again.
      return this.deliver(account, store.batch(first.campaignId, first.batch) ?? first);
    }
    const ready = this.lastMoment.ready(campaign, options, first);
    if (ready.kind !== 'ready') return this.notReady(campaign, ready);
    const held = await this.checks(campaign, options, first);
    if (held !== null) return held;

    let batch = first;
    let body = ready.body;
    let startedAt = deps.now();
    // On disk before the request leaves: from here on a crash is reconciled, never resent blindly.
    let attempt = store.claim(campaign.id, batch.batch, startedAt.toISOString());
    if (attempt === null) return false;
    deps.progress.changed(campaign.id);
    for (;;) {
      let sendId: string;
      try {
        const sent = account.call((client) => client.sendMultiple(body));
        this.lastMoment.prefetchAfter(campaign, options, batch.batch);
        sendId = (await sent).id;
      } catch (error) {
        await this.recordFailure(campaign, batch, attempt, startedAt.getTime(), error);
        return true;
      }
      this.ctx.cameOnline();
      deps.charged();
      const next = this.nextInLine(campaign, options, batch);
      const nextReady = next && this.lastMoment.ready(campaign, options, next);
      if (!next || nextReady?.kind !== 'ready') {
        const finish = store.accept(campaign.id, batch.batch, attempt, sendId, this.ctx.iso());
        if (finish === false)
          deps.log(`batch ${batch.batch + 1}: accepted as ${sendId}, already settled elsewhere`);
        this.settled(campaign, finish === false ? null : finish);
        if (nextReady && nextReady.kind !== 'ready') this.notReady(campaign, nextReady);
        return true;
      }
      body = nextReady.body;
      startedAt = deps.now();
      // One transaction, one sync to disk: this batch accepted and the next claimed, before its request leaves.
      const step = store.acceptAndClaim(
        campaign.id,
        batch.batch,
        attempt,
        sendId,
        next.batch,
        startedAt.toISOString(),
      );
      this.settled(campaign, step.finish);
      if (step.nextAttempt === null) return true;
      batch = next;
      attempt = step.nextAttempt;
    }
  }

  /**
   * The campaign's short links could not be made: nothing was sent. Without
   * the service, wait for it; refused (an address it will not shorten), the
   * campaign is held with the service's words.
   */
  private linksFailed(campaign: OutboxCampaign, error: unknown): boolean {
    const outcome = classifySendFailure(error);
    switch (outcome.kind) {
      case 'not_signed_in':
        return this.holds.hold(campaign, notSignedInHold());
      case 'rejected':
      case 'redirected':
        return this.holds.hold(
          campaign,
          rejectedHold(`The short links could not be made: ${outcome.reason}`),
        );
      default:
        // Unreachable, busy or unclear: nothing may be decided now; links made so far are kept.
        this.ctx.wentOffline();
        return true;
    }
  }

  /** The checks before a campaign's batch may go: null when it may, else deliver's answer. */
  private async checks(
    campaign: OutboxCampaign,
    options: CampaignOptions,
    batch: OutboxBatch,
  ): Promise<boolean | null> {
    const { store, deps } = this.ctx;
    if (batch.attempts >= deps.timings.maxAttempts) {
      this.holds.holdBatch(
        campaign,
        batch.batch,
        keepsFailingHold(batch.batch, batch.attempts, batch.reason),
      );
      return true;
    }
    // No partial send unless chosen: before the first batch, the known balance must cover the whole campaign.
    if (!campaign.allowPartial && campaign.costKnown && campaign.status === 'queued') {
      const balance = await deps.balance();
      const required = store.remainingCost(campaign.id);
      if (balance !== null && balance + EPSILON < required) {
        return this.holds.hold(campaign, insufficientBalanceHold(required - balance, false));
      }
    }
    return null;
  }

  /**
   * The campaign's next batch when it may follow at once, the checks being
   * the same as the main loop's (a sending campaign needs no balance check):
   * queued, due, not failing, no other batch
   * awaiting reconcile (those go first), this worker still holding the lease.
   * The campaign's status (paused, cancelled meanwhile) is checked by the
   * claim itself.
   */
  private nextInLine(
    campaign: OutboxCampaign,
    options: CampaignOptions,
    batch: OutboxBatch,
  ): OutboxBatch | null {
    const { store, deps } = this.ctx;
    if (this.ctx.closing || !deps.lease.acquire()) return null;
    const next = store.batch(campaign.id, batch.batch + 1);
    const now = deps.now();
    if (next?.state !== 'queued' || next.attempts >= deps.timings.maxAttempts) return null;
    if (batchDueAt(next) > now.getTime()) return null;
    const others = store
      .sendingBatches(campaign.profile)
      .filter((b) => b.campaignId !== campaign.id || b.batch !== batch.batch);
    return others.length === 0 ? next : null;
  }

  /** A batch that does not leave now: it waits for its time, or nobody was left in it. */
  private notReady(campaign: OutboxCampaign, outcome: Exclude<BatchReady, { kind: 'ready' }>): boolean {
    if (outcome.kind === 'gone') this.settled(campaign, outcome.finish);
    else this.ctx.deps.progress.changed(campaign.id);
    return outcome.kind !== 'stale';
  }

  private async recordFailure(
    campaign: OutboxCampaign,
    batch: OutboxBatch,
    attempt: number,
    startedAt: number,
    error: unknown,
  ): Promise<void> {
    const { store, deps } = this.ctx;
    const outcome = classifySendFailure(error);
    const id = campaign.id;
    const n = batch.batch;
    const notSent = (nextAttemptAt: string | null, uncount: boolean): Finish =>
      store.notSent(id, n, attempt, { nextAttemptAt, reason: outcome.reason, uncount }, this.ctx.iso())
        .finish;
    let finish: Finish = null;
    switch (outcome.kind) {
      case 'ambiguous':
        // Maybe registered: no resend until reconcile says it did not land (reconcile-batch.ts).
        store.ambiguous(id, n, attempt, outcome.reason, this.ctx.iso(startedAt + deps.timings.settleMs));
        break;
      case 'offline':
        // Nothing left this machine: not an attempt; wait for the service.
        this.ctx.wentOffline();
        finish = notSent(null, true);
        break;
      case 'retry': {
        const wait = retryDelay(attempt, this.ctx.retryPolicy(), outcome.retryAfterSeconds, deps.random);
        finish = notSent(this.ctx.iso(this.ctx.nowMs() + wait), false);
        break;
      }
      case 'insufficient_balance': {
        // A 402 registers nothing: the batch waits, the campaign is held until the credit covers it.
        finish = notSent(null, true);
        const balance = await deps.balance();
        this.holds.rememberBalance(id, balance);
        const required = campaign.allowPartial ? batch.cost : store.remainingCost(id);
        const needed = campaign.costKnown ? required - (balance ?? 0) : null;
        this.holds.hold(campaign, insufficientBalanceHold(needed, campaign.allowPartial, n));
        break;
      }
      case 'not_signed_in':
        finish = notSent(null, true);
        this.holds.hold(campaign, notSignedInHold());
        break;
      case 'redirected':
        // Turned away before any work: the batch waits (not an attempt), the campaign is held with why.
        finish = notSent(null, true);
        this.holds.hold(campaign, rejectedHold(outcome.reason));
        break;
      case 'rejected': {
        const failed = store.fail(id, n, attempt, outcome.reason, this.ctx.iso());
        finish = failed === false ? null : failed;
        // Refused for good: its messages will not reach anyone, so they no longer count toward the cap.
        deps.forgetUnsent(campaign);
        break;
      }
    }
    this.settled(campaign, finish);
  }

  /** After a batch changed; a finished campaign is announced at once, not after the progress throttle. */
  private settled(campaign: OutboxCampaign, finish: Finish): void {
    if (finish === 'cancelled') this.ctx.deps.forgetUnsent(campaign);
    this.holds.changed(campaign, finish);
    if (finish) this.ctx.deps.progress.flush(campaign.id);
  }
}
