/**
 * Campaign holds as the worker manages them: putting a campaign on hold
 * (with a notification, not repeated for the same hold coming straight
 * back), lifting holds whose cause is gone (the sending hours opened, the
 * balance covers what is needed), and announcing a finished campaign.
 */
import type { HoldCode, HoldView } from '../../../shared/dto/campaigns';
import type { BoundAccount } from '../../account/account-module';
import { finishedNotice, heldNotice } from './holds';
import type { OutboxContext } from './outbox-context';
import type { Finish, OutboxCampaign } from '../outbox/outbox-store';

/** The same hold is announced again only after this long (a hold that lifts and returns at once). */
const RENOTIFY_MS = 30 * 60_000;
/** Money compares with a hair of tolerance: R$ figures come from floating-point sums. */
const EPSILON = 1e-9;

export class HoldsKeeper {
  private balanceCheckedAt = 0;
  private readonly announced = new Map<string, { code: HoldCode; at: number }>();
  /** The balance right after a 402 of a campaign whose cost is unknown (see balanceKnown). */
  private readonly balanceAtHold = new Map<string, number>();

  constructor(
    private readonly ctx: OutboxContext,
    /** Something may be sendable now: the worker looks at once. */
    private readonly wake: () => void,
  ) {}

  /** Holds a campaign (queued, sending or already held); false when it was not in a state to hold. */
  hold(campaign: OutboxCampaign, hold: HoldView): boolean {
    if (!this.ctx.store.hold(campaign.id, hold, this.ctx.iso())) return false;
    this.announce(campaign, hold);
    this.ctx.deps.progress.changed(campaign.id);
    return true;
  }

  /** Holds the batch that keeps failing, and its campaign with it. */
  holdBatch(campaign: OutboxCampaign, batch: number, hold: HoldView): void {
    if (this.ctx.store.holdBatch(campaign.id, batch, hold, this.ctx.iso())) this.announce(campaign, hold);
    this.ctx.deps.progress.changed(campaign.id);
  }

  /** A 402 for a campaign frozen without a price: remember the balance, to know when it has grown. */
  rememberBalance(campaignId: string, balance: number | null): void {
    if (balance !== null) this.balanceAtHold.set(campaignId, balance);
  }

  /** Lifts a campaign's hold (of one of `codes`); true when it did. */
  release(campaignId: string, codes: readonly HoldCode[]): boolean {
    if (!this.ctx.store.release(campaignId, codes, this.ctx.iso())) return false;
    this.ctx.deps.progress.changed(campaignId);
    this.wake();
    return true;
  }

  /** A balance was read (by anyone): lift the credit holds it now covers. */
  balanceKnown(profile: string, balance: number): void {
    const { store } = this.ctx;
    for (const c of store.heldCampaigns(profile)) {
      if (c.hold?.code !== 'insufficient_balance') continue;
      if (!c.costKnown) {
        // No price at freeze: try again once the balance has grown since the 402 (or after a restart).
        const before = this.balanceAtHold.get(c.id);
        if (before === undefined || balance > before + EPSILON) this.release(c.id, ['insufficient_balance']);
        continue;
      }
      const required = c.allowPartial ? store.nextBatchCost(c.id) : store.remainingCost(c.id);
      if (balance + EPSILON >= required) this.release(c.id, ['insufficient_balance']);
    }
  }

  /** Lifts the holds that lift by themselves; returns when to look again. */
  async review(account: BoundAccount, now: number): Promise<number> {
    const { timings } = this.ctx.deps;
    let next = Infinity;
    let creditHeld = false;
    for (const c of this.ctx.store.heldCampaigns(account.profile)) {
      if (c.hold?.code === 'outside_send_window') {
        const until = Date.parse(c.hold.until ?? '');
        if (!(until > now)) this.release(c.id, ['outside_send_window']);
        else next = Math.min(next, until);
      } else if (c.hold?.code === 'insufficient_balance') {
        creditHeld = true;
      }
    }
    if (!creditHeld) return next;
    const dueAt = this.balanceCheckedAt + timings.balancePollMs;
    if (dueAt > now) return Math.min(next, dueAt);
    this.balanceCheckedAt = now;
    const balance = await this.ctx.deps.balance();
    if (balance !== null) this.balanceKnown(account.profile, balance);
    return Math.min(next, now + timings.balancePollMs);
  }

  /** After a batch changed: progress, and the notification when that finished the campaign. */
  changed(campaign: OutboxCampaign, finish: Finish): void {
    this.ctx.deps.progress.changed(campaign.id);
    if (!finish) return;
    this.announced.delete(campaign.id);
    this.balanceAtHold.delete(campaign.id);
    const view = this.ctx.deps.readProgress(campaign.id);
    const figures = {
      accepted: view?.messages.accepted ?? 0,
      total: view?.messages.total ?? 0,
      failedBatches: view?.batches.failed ?? 0,
    };
    this.ctx.deps.notify(finishedNotice(this.ctx.deps.language(), campaign.name, finish, figures));
  }

  private announce(campaign: OutboxCampaign, hold: HoldView): void {
    const last = this.announced.get(campaign.id);
    const now = this.ctx.nowMs();
    if (last && last.code === hold.code && now - last.at < RENOTIFY_MS) return;
    this.announced.set(campaign.id, { code: hold.code, at: now });
    const timeZone = this.ctx.optionsOf(campaign)?.timeZone ?? 'UTC';
    this.ctx.deps.notify(heldNotice(this.ctx.deps.language(), campaign.name, hold, timeZone));
  }
}
