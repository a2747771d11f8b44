/**
 * A `processing` purchase is charged but confirmed later by the card issuer.
 * This watches the invoice's status with growing pauses until it is paid (or
 * refused), or gives up after 10 minutes and reports it still pending. The
 * caller then notifies the user and refreshes the balance.
 *
 * Invoice status codes: the sandbox uses `paid` and `pending`; the real
 * service does not publish its set. ASSUMED, like the guesses in
 * core/api/wire.ts (where these belong once confirmed): `paid` settles,
 * `failed` / `canceled` / `cancelled` / `refused` end it unpaid, anything else
 * is still pending.
 */
import type { InvoiceItem } from '../api/wire-schemas';
import type { Sleeper } from './sleeper';

export const PAID_STATUS_CODES: readonly string[] = ['paid'];
export const UNPAID_STATUS_CODES: readonly string[] = ['failed', 'canceled', 'cancelled', 'refused'];

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
      if (invoice && code && PAID_STATUS_CODES.includes(code)) return { kind: 'paid', invoice };
      if (invoice && code && UNPAID_STATUS_CODES.includes(code)) return { kind: 'unpaid', invoice };
    } catch {
      // Offline for a moment: look again at the next turn.
    }
    const left = deadline - deps.now().getTime();
    if (left <= 0) return { kind: 'pending' };
    const pause = delaysMs[Math.min(look, delaysMs.length - 1)] ?? 60_000;
    if (!(await deps.sleeper.sleep(Math.min(pause, left)))) return { kind: 'stopped' };
  }
}
