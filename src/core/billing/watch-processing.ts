/**
 * A `processing` purchase is charged but confirmed later by the card issuer.
 * This watches the invoice's status with growing pauses until it is paid (or
 * refused), or gives up after 10 minutes and reports it still pending. The
 * caller then notifies the user and refreshes the balance.
 *
 * Which invoice status codes settle or end it is ASSUMED (not published):
 * see INVOICE_PAID_CODES / INVOICE_UNPAID_CODES in core/api/wire.ts.
 */
import { INVOICE_PAID_CODES, INVOICE_UNPAID_CODES } from '../api/wire';
import type { InvoiceItem } from '../api/wire-schemas';
import type { Sleeper } from './sleeper';


export interface ProcessingTimings {
  /** Pauses between looks; the last one repeats until the deadline. */
  delaysMs: readonly number[];
  /** From the attempt's start: after this the payment is reported as still pending. */
  giveUpAfterMs: number;
}

export const PROCESSING_TIMINGS: ProcessingTimings = {
  delaysMs: [2_000, 5_000, 10_000, 20_000, 30_000, 60_000],
  giveUpAfterMs: 10 * 60_000,
};

export type ProcessingResult =
  | { kind: 'paid'; invoice: InvoiceItem }
  | { kind: 'unpaid'; invoice: InvoiceItem }
  | { kind: 'pending' }
  | { kind: 'stopped' };

export interface WatchDeps {
  startedAt: string;
  /** The invoice as the service shows it now, or null when not (yet) listed. Errors are retried. */
  read: () => Promise<InvoiceItem | null>;
  timings: ProcessingTimings;
  sleeper: Sleeper;
  now: () => Date;
}

export async function watchProcessing(deps: WatchDeps): Promise<ProcessingResult> {
  const deadline = Date.parse(deps.startedAt) + deps.timings.giveUpAfterMs;
  const { delaysMs } = deps.timings;
  for (let look = 0; ; look++) {
    try {
      const invoice = await deps.read();
      const code = invoice?.status?.code.toLowerCase();
      if (invoice && code && INVOICE_PAID_CODES.includes(code)) return { kind: 'paid', invoice };
      if (invoice && code && INVOICE_UNPAID_CODES.includes(code)) return { kind: 'unpaid', invoice };
    } catch {
      // Offline for a moment: look again at the next turn.
    }
    const left = deadline - deps.now().getTime();
    if (left <= 0) return { kind: 'pending' };
    const pause = delaysMs[Math.min(look, delaysMs.length - 1)] ?? 60_000;
    if (!(await deps.sleeper.sleep(Math.min(pause, left)))) return { kind: 'stopped' };
  }
}
