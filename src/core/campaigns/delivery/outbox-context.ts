/**
 * What the parts of the outbox worker share: their dependencies, the clock,
 * the retry policies, the "offline" wait (no connection at all: nothing is
 * tried until it passes or the service is heard from) and the campaigns'
 * parsed options.
 */
import type { CampaignOptions } from '../../../shared/dto/campaigns';
import type { SendingRules } from '../../../shared/rules/sending-rules';
import type { NotifyLanguage } from '../../notify';
import type { Exclusion, SendOrigin } from '../../rules/rules-module';
import type { BoundAccount } from '../../account/account-module';
import { backoffDelay, type BackoffPolicy } from './backoff';
import type { DeliveryTimings } from './delivery-timings';
import type { ProgressEmitter } from './delivery-progress';
import type { Notice } from './holds';
import { readOptions } from '../messages/message-options';
import type { OutboxCampaign, OutboxStore } from '../outbox/outbox-store';
import type { ProgressReader } from '../outbox/progress-read';
import type { WorkerLease } from './worker-lease';

export interface OutboxWorkerDeps {
  store: OutboxStore;
  lease: WorkerLease;
  timings: DeliveryTimings;
  now: () => Date;
  /** The signed-in account (its profile and client together), or null: then the worker waits. */
  account(): BoundAccount | null;
  /** The balance as known now (read fresh when the service answers), or null when unknown. */
  balance(): Promise<number | null>;
  /** A batch was accepted, so its cost left the balance: have the balance read again (never waited for). */
  charged(): void;
  progress: ProgressEmitter;
  readProgress: ProgressReader;
  notify(notice: Notice): void;
  language(): NotifyLanguage;
  log(line: string): void;
  /**
   * A turn failed (a full disk, a folder that cannot be written, a bug): the
   * error; null when a turn succeeds again. The worker keeps trying (nothing
   * is lost: every change is a transaction); whoever runs it says why it waits.
   */
  stalled(error: unknown): void;
  random?: () => number;
  /**
   * A tracked campaign's short links made and its messages rewritten with
   * them (short-link-rewrite.ts); throws what the service threw.
   */
  prepareLinks(account: BoundAccount, campaign: OutboxCampaign): Promise<void>;
  /** The sending rules now: a message whose time has come is timed by them as its batch leaves. */
  rules(): SendingRules;
  /** The messages of the campaign's cancelled or refused batches no longer count toward the cap. */
  forgetUnsent(campaign: Pick<OutboxCampaign, 'id' | 'profile' | 'ref'>): void;
  /** Messages taken out at the last moment no longer count toward the cap. */
  forgetRemoved(campaign: Pick<OutboxCampaign, 'profile' | 'ref'>, phones: readonly string[]): void;
  /**
   * Who of `phones` may not receive the campaign's message now, and why
   * (the recipient policy; `origin`: the campaign's own messages, which the
   * cap does not count against it).
   */
  excluded(profile: string, phones: readonly string[], origin: SendOrigin, now: Date): Map<string, Exclusion>;
}

export class OutboxContext {
  /** Set when the worker is closing: long reads stop early, nothing is decided from them. */
  closing = false;
  private offlineFailures = 0;
  private offlineUntilMs = 0;
  /** Parsed options by campaign: they never change once a campaign is frozen. */
  private readonly options = new Map<string, CampaignOptions | null>();

  constructor(readonly deps: OutboxWorkerDeps) {}

  get store(): OutboxStore {
    return this.deps.store;
  }

  nowMs(): number {
    return this.deps.now().getTime();
  }

  iso(ms: number = this.nowMs()): string {
    return new Date(ms).toISOString();
  }

  retryPolicy(): BackoffPolicy {
    return { baseMs: this.deps.timings.retryBaseMs, maxMs: this.deps.timings.retryMaxMs };
  }

  /** The backoff before attempt `failures + 1` (jittered). */
  retryDelay(failures: number): number {
    return backoffDelay(failures, this.retryPolicy(), this.deps.random);
  }

  /** No connection at all: wait (longer each time in a row) before trying anything again. */
  wentOffline(): void {
    this.offlineFailures++;
    const policy = { baseMs: this.deps.timings.offlineBaseMs, maxMs: this.deps.timings.offlineMaxMs };
    this.offlineUntilMs = this.nowMs() + backoffDelay(this.offlineFailures, policy, this.deps.random);
  }

  /** The service answered: no more waiting. */
  cameOnline(): void {
    this.offlineFailures = 0;
    this.offlineUntilMs = 0;
  }

  get offlineUntil(): number {
    return this.offlineUntilMs;
  }

  /** The campaign's options (null: unreadable). */
  optionsOf(campaign: OutboxCampaign): CampaignOptions | null {
    if (!this.options.has(campaign.id)) this.options.set(campaign.id, readOptions(campaign.options));
    return this.options.get(campaign.id)!;
  }
}
