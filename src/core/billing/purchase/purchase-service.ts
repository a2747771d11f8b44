/**
 * Buying credits without ever charging twice. The service's purchase is not
 * idempotent, so:
 *  - one purchase at a time (PurchaseLock in this process; the database's
 *    partial unique index across processes), refused with `purchase_in_progress`;
 *  - every attempt is written to SQLite BEFORE its request leaves;
 *  - an answer lost after the request may have been processed puts the
 *    attempt in `checking`, settled only by reading the invoice history
 *    (reconcile-purchase.ts); nothing is ever retried automatically;
 *  - attempts a crash left in flight are settled before any new one starts.
 *
 * States: sending → succeeded | processing | failed | not-charged | checking;
 * checking → charged-after-timeout | not-charged (or stays checking while the
 * history cannot be read); processing → succeeded | failed (payment refused
 * later) | processing with `stillPending` after 10 minutes.
 */
import type { PurchaseAttemptView, PurchaseOutcomeView } from '../../../shared/dto';
import {
  type AccountService,
  bindAccount,
  isUnreachable,
  type BoundAccount,
} from '../../account/account-module';
import { isServiceError } from '../../api/service-error';
import { purchaseResult, type InvoiceItem, type Plan, type PurchaseResult } from '../../api/wire-schemas';
import type { EventHub } from '../../kernel/event-hub';
import type { Host } from '../../kernel/host';
import type { SessionManager } from '../../session/session-module';
import { AttemptInFlightError, IN_FLIGHT_STATES, type AttemptRepo, type AttemptRow } from './attempt-repo';
import { AttemptLog } from './attempt-log';
import { outcomeView } from './attempt-view';
import { toWireRequest, type BuyInput } from './buy-input';
import { classifyPurchaseError, purchaseNotSent } from './classify-purchase-error';
import { expectCharge } from './expected-charge';
import type { InvoiceService } from '../invoices/invoice-service';
import { ProcessingFollower } from './follow-processing';
import { toCents } from '../../money';
import { safeNotify, type NotifyLanguage } from '../../notify';
import { notifyTexts } from '../notify-text';
import { PurchaseLock, purchaseInProgress } from './purchase-lock';
import {
  RECONCILE_TIMINGS,
  readInvoicesSince,
  reconcilePurchase,
  type ReconcileTimings,
} from './reconcile-purchase';
import { Sleeper } from './sleeper';
import { PROCESSING_TIMINGS, type ProcessingTimings } from './watch-processing';

export interface PurchaseTimings {
  reconcile: ReconcileTimings;
  processing: ProcessingTimings;
}

export interface PurchaseServiceDeps {
  attempts: AttemptRepo;
  invoices: InvoiceService;
  session: SessionManager;
  account: AccountService;
  events: EventHub;
  host: Host;
  language: () => NotifyLanguage;
  now: () => Date;
  timings?: Partial<PurchaseTimings>;
}

/** The service answered 2xx (and only the body could not be used). */
const answeredSuccess = (error: unknown): boolean =>
  isServiceError(error) && error.status >= 200 && error.status < 300;

/** How long close() waits for background work that is mid-request. */
const CLOSE_GRACE_MS = 1_000;

export class PurchaseService {
  private readonly lock = new PurchaseLock();
  private readonly sleeper = new Sleeper();
  private readonly timings: PurchaseTimings;
  /** Startup-style settling of leftovers, one per profile at a time. */
  private readonly recovering = new Map<string, Promise<void>>();
  /** Attempts this process is sending right now: never "recovered" by itself. */
  private readonly own = new Set<string>();
  private readonly background = new Set<Promise<unknown>>();
  private readonly log: AttemptLog;
  private readonly processing: ProcessingFollower;

  constructor(private readonly deps: PurchaseServiceDeps) {
    this.timings = {
      reconcile: deps.timings?.reconcile ?? RECONCILE_TIMINGS,
      processing: deps.timings?.processing ?? PROCESSING_TIMINGS,
    };
    this.log = new AttemptLog(deps.attempts, deps.events, deps.now, this.timings);
    this.processing = new ProcessingFollower({
      log: this.log,
      session: deps.session,
      account: deps.account,
      host: deps.host,
      language: deps.language,
      sleeper: this.sleeper,
      timings: this.timings.processing,
      clockSkewMs: this.timings.reconcile.clockSkewMs,
      now: deps.now,
      remember: (profile, invoices) => this.remember(profile, invoices),
      track: (work) => this.track(work),
    });
  }

  /** At start-up and after a sign-in: settle what a crash left in flight, resume payment watches. */
  resume(): void {
    const profile = this.deps.session.profile;
    if (profile !== null) this.track(this.recover(profile));
  }

  /** The current or last attempt of the signed-in account (settling leftovers in the background). */
  current(): PurchaseAttemptView | null {
    const profile = this.deps.session.profile;
    if (profile === null) return null;
    if (this.deps.attempts.inFlight(profile).some((a) => !this.own.has(a.id))) this.resume();
    const row = this.deps.attempts.latest(profile);
    return row ? this.log.view(row) : null;
  }

  async buy(input: BuyInput): Promise<PurchaseOutcomeView> {
    const release = this.lock.acquire();
    try {
      const bound = bindAccount(this.deps.session, this.deps.account);
      await this.recover(bound.profile);
      if (this.deps.attempts.inFlight(bound.profile).length > 0) throw purchaseInProgress(true);

      const request = toWireRequest(input);
      // The packages give the expected total that identifies the charge after a time-out.
      const plans = await bound
        .call((c) => c.plans())
        .catch((error: unknown): Plan[] | null => {
          // The service just failed to answer: do not send a purchase into the outage.
          if (isUnreachable(error)) throw purchaseNotSent();
          return null;
        });
      let attempt: AttemptRow;
      try {
        attempt = this.deps.attempts.begin(bound.profile, request, expectCharge(request, plans));
      } catch (error) {
        if (error instanceof AttemptInFlightError) throw purchaseInProgress(true);
        throw error;
      }
      this.own.add(attempt.id);
      try {
        this.log.emit(attempt);
        let result: PurchaseResult;
        try {
          result = await bound.call((c) => c.purchase(request));
        } catch (error) {
          if (!answeredSuccess(error)) return outcomeView(await this.afterFailure(bound, attempt, error));
          // A 2xx whose body could not be read at all: the order was taken all the same.
          result = purchaseResult.parse(null);
        }
        return outcomeView(await this.afterAnswer(bound, attempt, result));
      } finally {
        this.own.delete(attempt.id);
      }
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    this.log.close();
    this.sleeper.close();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => {
      timer = setTimeout(resolve, CLOSE_GRACE_MS);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([...this.background]), grace]);
    clearTimeout(timer);
  }

  // ------------------------------------------------------------ outcomes

  /**
   * Any 2xx: the order was taken, so the outcome is `succeeded` or
   * `processing`, never a failure, whatever the answer left out. Without the
   * invoice's uuid the invoice is found among the invoices (by the rule of
   * reconcile-purchase.ts) and linked; the amount shown is the service's, else
   * the package's own price, else unknown.
   */
  private async afterAnswer(bound: BoundAccount, attempt: AttemptRow, result: PurchaseResult) {
    const succeeded = result.status === 'succeeded';
    const { expectation } = attempt;
    const totalCents =
      result.total !== null ? toCents(result.total) : expectation.exact ? expectation.totalCents : null;
    // The service's own answer is the truth: written whatever a concurrent check concluded.
    const row = this.log.update(attempt.id, {
      state: succeeded ? 'succeeded' : 'processing',
      invoiceUuid: result.invoiceUuid,
      totalCents,
      quantity: result.quantity ?? expectation.quantity ?? attempt.request.quantity ?? null,
      errorCode: null,
      errorMessage: null,
      errorDetails: null,
      settledAt: succeeded ? this.deps.now().toISOString() : null,
    });
    if (!row) return attempt;
    const invoices = await this.afterCharge(bound);
    const linked = row.invoiceUuid === null ? this.processing.claimFrom(bound.profile, row, invoices) : row;
    if (!succeeded) this.processing.follow(bound, linked ?? row, true);
    return linked ?? row;
  }

  private async afterFailure(bound: BoundAccount, attempt: AttemptRow, error: unknown) {
    const failure = classifyPurchaseError(error);
    const row = this.log.update(attempt.id, {
      state: failure.state,
      errorCode: failure.code,
      errorMessage: failure.message,
      errorDetails: failure.details,
    });
    if (!row || failure.state !== 'checking') return row ?? attempt;
    return this.settle(bound, row, false);
  }

  /**
   * Reads the invoice history until the attempt's fate is known. Called for a
   * fresh time-out (the buyer waits for it) and for leftovers (then the user is
   * told through a notification if it turns out charged).
   */
  private async settle(bound: BoundAccount, attempt: AttemptRow, leftover: boolean): Promise<AttemptRow> {
    const checking = this.log.update(attempt.id, { state: 'checking' }, IN_FLIGHT_STATES) ?? attempt;
    const result = await reconcilePurchase({
      attempt: checking,
      read: async (since) => {
        const invoices = await bound.call((c) => readInvoicesSince(c, since));
        this.remember(bound.profile, invoices);
        return invoices;
      },
      linked: () => this.deps.attempts.linkedInvoices(bound.profile, attempt.id),
      timings: this.timings.reconcile,
      sleeper: this.sleeper,
      now: this.deps.now,
    });
    if (result.kind === 'unknown') return this.deps.attempts.get(attempt.id) ?? checking;
    if (result.kind === 'not-charged') {
      return (
        this.log.update(attempt.id, { state: 'not-charged' }, IN_FLIGHT_STATES) ?? this.log.reread(checking)
      );
    }
    const charged = this.linkInvoice(checking, result.invoice);
    if (!charged) return this.log.reread(checking);
    await this.afterCharge(bound);
    if (leftover)
      safeNotify(this.deps.host, notifyTexts(this.deps.language()).chargedAfterTimeout(result.invoice.total));
    if (result.invoice.status?.code.toLowerCase() === 'pending') this.processing.follow(bound, charged, true);
    return charged;
  }

  private linkInvoice(attempt: AttemptRow, invoice: InvoiceItem): AttemptRow | undefined {
    try {
      return this.log.update(
        attempt.id,
        {
          state: 'charged-after-timeout',
          invoiceUuid: invoice.uuid,
          totalCents: toCents(invoice.total),
          // Invoices do not carry the quantity: what was asked for is what was bought.
          quantity: attempt.expectation.quantity ?? attempt.request.quantity ?? null,
          errorCode: null,
          errorMessage: null,
          errorDetails: null,
          settledAt: this.deps.now().toISOString(),
        },
        IN_FLIGHT_STATES,
      );
    } catch {
      // Another process claimed this invoice a moment ago: stay `checking`, look again later.
      return undefined;
    }
  }

  /** After any charge: the header's balance (balance:changed) and the local invoice copy (returned). */
  private async afterCharge(bound: BoundAccount): Promise<InvoiceItem[]> {
    if (this.log.isClosed) return [];
    await this.deps.account.balance().catch(() => undefined);
    const page = await bound.call((c) => c.invoices({ page: 1 })).catch(() => null);
    if (page) this.remember(bound.profile, page.data);
    return page?.data ?? [];
  }

  // ------------------------------------------------------------ leftovers

  private recover(profile: string): Promise<void> {
    let running = this.recovering.get(profile);
    if (!running) {
      running = this.settleLeftovers(profile).finally(() => this.recovering.delete(profile));
      this.recovering.set(profile, running);
    }
    return running;
  }

  private async settleLeftovers(profile: string): Promise<void> {
    if (this.deps.session.profile !== profile) return;
    const bound = bindAccount(this.deps.session, this.deps.account);
    for (const attempt of this.deps.attempts.inFlight(profile)) {
      if (!this.own.has(attempt.id)) await this.settle(bound, attempt, true);
    }
    const now = this.deps.now().getTime();
    for (const attempt of this.deps.attempts.processing(profile)) {
      // Past the 10 minutes already: look once more, but do not announce "still pending" again.
      const fresh = now - Date.parse(attempt.createdAt) < this.timings.processing.giveUpAfterMs;
      this.processing.follow(bound, attempt, fresh);
    }
  }

  // ------------------------------------------------------------ plumbing

  private remember(profile: string, invoices: readonly InvoiceItem[]): void {
    if (!this.log.isClosed) this.deps.invoices.remember(profile, invoices);
  }

  private track(work: Promise<unknown>): void {
    const guarded = work.catch(() => undefined);
    this.background.add(guarded);
    void guarded.finally(() => this.background.delete(guarded));
  }
}
