import { APP_ERROR_CODES } from '../../../shared/app-error';
import type { AccountService } from '../../account/account-module';
import type { InvoiceItem } from '../../api/wire-schemas';
import type { Host } from '../../host';
import type { SessionManager } from '../../session/session-module';
import type { AttemptLog } from './attempt-log';
import type { AttemptRow } from './attempt-repo';
import { safeNotify, type NotifyLanguage } from '../../notify';
import { notifyTexts } from '../notify-text';
import { readInvoicesSince } from './reconcile-purchase';
import type { BoundAccount } from '../../service-access';
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
 */
export class ProcessingFollower {
  private readonly watching = new Set<string>();

  constructor(private readonly deps: FollowDeps) {}

  /** `notifyIfPending`: false when the 10 minutes were already over before this look (after a restart). */
  follow(bound: BoundAccount, attempt: AttemptRow, notifyIfPending: boolean): void {
    const uuid = attempt.invoiceUuid;
    if (uuid === null || this.watching.has(attempt.id) || this.deps.log.isClosed) return;
    this.watching.add(attempt.id);
    const run = this.watch(bound, attempt, uuid, notifyIfPending);
    this.deps.track(run.finally(() => this.watching.delete(attempt.id)));
  }

  private async watch(bound: BoundAccount, attempt: AttemptRow, uuid: string, notifyIfPending: boolean) {
    const { log, now } = this.deps;
    const result = await watchProcessing({
      startedAt: attempt.createdAt,
      read: async () => {
        const since = Date.parse(attempt.createdAt) - this.deps.clockSkewMs;
        const invoices = await bound.call((c) => readInvoicesSince(c, since));
        this.deps.remember(bound.profile, invoices);
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
