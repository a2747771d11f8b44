/**
 * The outbox worker: one loop that delivers every batch exactly once.
 *
 * Each turn, for the signed-in profile, while this process holds the
 * folder's lease (worker-lease.ts) and is not waiting out a lost connection:
 * 1. a batch whose outcome is unknown (`sending`: ambiguous, or found after a
 *    crash) is reconciled once it can no longer be in flight
 *    (reconcile-batch.ts, applying the rule of reconcile.ts);
 * 2. campaigns past their time (an automation's occurrence whose day is
 *    over) are cancelled; holds that lift by themselves are reviewed: quiet hours over, credit
 *    back (holds-keeper.ts);
 * 3. the next batch of the oldest sendable campaign whose time has come is
 *    checked (who may still receive it, at this last moment), claimed and
 *    sent, and its outcome recorded (outbox-sender.ts). A batch whose
 *    messages are all timed later waits here, not at the service.
 * One request at a time: the service registers up to 5000 messages per
 * request, so one worker keeps pace with a bare HTTP loop. Between turns it
 * sleeps until the next thing is due (a retry, a reconcile, the sending
 * hours), a poll of the outbox (another process may queue), or wake().
 */
import { batchDueAt } from '../outbox/outbox-rows';
import { HoldsKeeper } from './holds-keeper';
import { OutboxContext, type OutboxWorkerDeps } from './outbox-context';
import { BatchSender } from './outbox-sender';
import { BatchReconciler } from './reconcile-batch';

export type { OutboxWorkerDeps } from './outbox-context';

export class OutboxWorker {
  private readonly ctx: OutboxContext;
  private readonly holds: HoldsKeeper;
  private readonly sender: BatchSender;
  private readonly reconciler: BatchReconciler;
  private running: Promise<void> | null = null;
  private woken = false;
  private wakeSleeper: (() => void) | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private stalled = false;

  constructor(private readonly deps: OutboxWorkerDeps) {
    this.ctx = new OutboxContext(deps);
    this.holds = new HoldsKeeper(this.ctx, () => this.wake());
    this.sender = new BatchSender(this.ctx, this.holds);
    this.reconciler = new BatchReconciler(this.ctx, this.holds);
  }

  start(): void {
    if (this.running || this.ctx.closing) return;
    this.running = this.loop();
  }

  /** Look at the outbox now (something was queued, resumed, or the session changed). */
  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  /** The service answered something: stop waiting out an offline backoff. */
  online(): void {
    this.ctx.cameOnline();
    this.wake();
  }

  /** A balance was read (by anyone): lift the credit holds it now covers. */
  balanceKnown(balance: number): void {
    const account = this.deps.account();
    if (account) this.holds.balanceKnown(account.profile, balance);
  }

  /** Lifts a campaign's hold of one of `codes` (a sign-in lifts `not_signed_in`). */
  release(campaignId: string, codes: Parameters<HoldsKeeper['release']>[1]): boolean {
    return this.holds.release(campaignId, codes);
  }

  /** Resolves after the request in flight settles and is recorded. */
  async close(): Promise<void> {
    this.ctx.closing = true;
    this.wake();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.ctx.closing) {
      let next: number;
      try {
        next = await this.step();
        if (this.stalled) {
          this.stalled = false;
          this.deps.stalled(null);
        }
      } catch (error) {
        // A full disk, a locked database, a bug: nothing is lost (every change is a transaction); look again soon.
        this.deps.log(`outbox worker: ${error instanceof Error ? error.message : String(error)}`);
        this.stalled = true;
        this.deps.stalled(error);
        next = this.ctx.nowMs() + this.deps.timings.idlePollMs;
      }
      if (!this.ctx.closing) await this.sleepUntil(next);
    }
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    try {
      this.deps.lease.release();
    } catch (error) {
      // A full disk cannot record the lease given back: it expires by itself (leaseTtlMs).
      this.deps.log(`outbox worker: the lease could not be given back: ${String(error)}`);
    }
    this.deps.progress.flush();
  }

  /** One turn; returns when the next turn is due. */
  private async step(): Promise<number> {
    const now = this.ctx.nowMs();
    const account = this.deps.account();
    if (!account) return Infinity;
    if (!this.holdLease()) return now + this.deps.timings.leaseRetryMs;
    // An automation's occurrence past its day is cancelled, not sent late (even while offline).
    for (const id of this.deps.store.expire(account.profile, this.ctx.iso())) this.deps.progress.changed(id);
    if (now < this.ctx.offlineUntil) return this.ctx.offlineUntil;
    let next = now + this.deps.timings.idlePollMs;
    const { store } = this.deps;

    for (const batch of store.sendingBatches(account.profile)) {
      const due = this.reconciler.dueAt(batch);
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      await this.reconciler.reconcile(account, batch);
      return now;
    }

    next = Math.min(next, await this.holds.review(account, now));

    for (const batch of store.nextBatches(account.profile)) {
      const due = batchDueAt(batch);
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      if (await this.sender.deliver(account, batch)) return now;
    }
    return next;
  }

  private sleepUntil(at: number): Promise<void> {
    if (this.woken || this.ctx.closing) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        if (timer) clearTimeout(timer);
        this.wakeSleeper = null;
        this.woken = false;
        resolve();
      };
      const wait = at - this.ctx.nowMs();
      // Infinity: nothing to do until woken (signed out). Timers cap at ~24.8 days.
      const timer = Number.isFinite(wait) ? setTimeout(done, Math.max(0, Math.min(wait, 2 ** 31 - 1))) : null;
      this.wakeSleeper = done;
    });
  }

  private holdLease(): boolean {
    const { lease, timings } = this.deps;
    if (!lease.acquire()) return false;
    // Renewed on a timer too: a request may keep the loop busy for longer than a third of the lease.
    this.leaseTimer ??= setInterval(() => {
      try {
        if (lease.held) lease.renew();
      } catch {
        // A busy database: the next renewal or turn tries again.
      }
    }, timings.leaseTtlMs / 3);
    this.leaseTimer.unref();
    return true;
  }
}
