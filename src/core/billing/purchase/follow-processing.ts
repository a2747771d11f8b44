import { APP_ERROR_CODES } from '../../../shared/app-error';
import { type AccountService, type BoundAccount } from '../../account/account-module';
import type { InvoiceItem } from '../../api/wire-schemas';
import type { Host } from '../../kernel/host';
import type { SessionManager } from '../../session/session-module';
import type { AttemptLog } from './attempt-log';
import type { AttemptRow } from './attempt-repo';
import { safeNotify, type NotifyLanguage } from '../../notify';
import { notifyTexts } from '../notify-text';
import { toCents } from '../../money';
import { matchInvoice, readInvoicesSince } from './reconcile-purchase';
import type { Sleeper } from './sleeper';
import { watchProcessing, type ProcessingTimings } from './watch-processing';

export interface FollowDeps {
  log: AttemptLog;
  session: SessionManager;
  account: AccountService;
  host: Host;
  language: () => NotifyLanguage;
  sleeper: Sleeper;
  timings: ProcessingTimings;
  /** How far back from the attempt's start its invoice may be dated (service clock behind ours). */
  clockSkewMs: number;
  now: () => Date;
  remember: (profile: string, invoices: readonly InvoiceItem[]) => void;
  track: (work: Promise<unknown>) => void;
}

/**
 * Follows `processing` purchases in the background (watch-processing.ts) and,
 * once each ends, records it, notifies the user and refreshes the balance
 * (`balance:changed`), which is what lets campaigns held for credit resume.
 *
 * A purchase answered without its invoice's uuid is followed too: its
 * invoice is first found among the invoices by the rule that settles a lost
 * answer (reconcile-purchase.ts, `matchInvoice`) and linked to it.
 */
export class ProcessingFollower {
  private readonly watching = new Set<string>();

  constructor(private readonly deps: FollowDeps) {}

  /** `notifyIfPending`: false when the 10 minutes were already over before this look (after a restart). */
  follow(bound: BoundAccount, attempt: AttemptRow, notifyIfPending: boolean): void {
    if (this.watching.has(attempt.id) || this.deps.log.isClosed) return;
    this.watching.add(attempt.id);
    const run = this.watch(bound, attempt, notifyIfPending);
    this.deps.track(run.finally(() => this.watching.delete(attempt.id)));
  }

  /**
   * Links an attempt answered without an invoice uuid to its invoice among
   * `invoices`, when one fits; the row after, or null (not found, or another
   * attempt claimed it a moment ago: looked for again later).
   */
  claimFrom(profile: string, attempt: AttemptRow, invoices: readonly InvoiceItem[]): AttemptRow | null {
    const linked = this.deps.log.repo.linkedInvoices(profile, attempt.id);
    const invoice = matchInvoice(invoices, attempt, linked, this.deps.clockSkewMs);
    if (!invoice) return null;
    try {
      return (
        this.deps.log.update(attempt.id, {
          invoiceUuid: invoice.uuid,
          ...(attempt.totalCents === null ? { totalCents: toCents(invoice.total) } : {}),
        }) ?? null
      );
    } catch {
      return null;
    }
  }

  private async watch(bound: BoundAccount, attempt: AttemptRow, notifyIfPending: boolean) {
    const { log, now } = this.deps;
    let uuid = attempt.invoiceUuid;
    const result = await watchProcessing({
      startedAt: attempt.createdAt,
      read: async () => {
        const since = Date.parse(attempt.createdAt) - this.deps.clockSkewMs;
        const invoices = await bound.call((c) => readInvoicesSince(c, since));
        this.deps.remember(bound.profile, invoices);
        if (uuid === null)
          uuid = this.claimFrom(bound.profile, log.reread(attempt), invoices)?.invoiceUuid ?? null;
        return invoices.find((inv) => inv.uuid === uuid) ?? null;
      },
      timings: this.deps.timings,
      sleeper: this.deps.sleeper,
      now,
    });
    // Stopped, or the user switched accounts meanwhile: nothing to announce.
    if (result.kind === 'stopped' || log.isClosed || this.deps.session.profile !== bound.profile) return;
    const texts = notifyTexts(this.deps.language());
    const onlyWhileProcessing = ['processing'] as const;
    if (result.kind === 'paid') {
      log.update(attempt.id, { state: 'succeeded', settledAt: now().toISOString() }, onlyWhileProcessing);
      safeNotify(this.deps.host, texts.paid(result.invoice.total));
    } else if (result.kind === 'unpaid') {
      const refused = {
        state: 'failed',
        errorCode: APP_ERROR_CODES.paymentNotApproved,
        errorMessage: 'The card issuer did not approve the payment.',
        settledAt: now().toISOString(),
      } as const;
      log.update(attempt.id, refused, onlyWhileProcessing);
      safeNotify(this.deps.host, texts.unpaid());
    } else {
      // Still pending: the view now says so (stillPending), and the user hears it once.
      log.emit(log.reread(attempt));
      if (notifyIfPending) safeNotify(this.deps.host, texts.stillPending());
    }
    await this.deps.account.balance().catch(() => undefined);
  }
}
