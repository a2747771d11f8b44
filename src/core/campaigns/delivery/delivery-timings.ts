/**
 * Every wait of the outbox worker in one place, with the reason for each
 * default. Tests and the CLI's crash proofs shorten them through one
 * environment variable, read once when the delivery is built:
 *
 *   TORPEDO_DELIVERY_TIMINGS='{"settleMs":2500,"retryBaseMs":50}'
 *
 * (a JSON object with any of the fields below; anything else is refused with
 * a plain error rather than silently ignored).
 */
import { z } from 'zod';
import { TIMEOUTS } from '../../api/http';
import { envOverrides } from '../../env-overrides';

export interface DeliveryTimings {
  /**
   * How long after an attempt started its request could still be in flight:
   * the client's whole-request time limit plus a margin for the service to
   * finish writing. Reconcile never runs before this has passed, so a send
   * that is still on its way cannot be missed and then sent again.
   */
  settleMs: number;
  /**
   * The service's clock may differ from ours: sends created up to this long
   * before the attempt started (by our clock) are still looked at.
   */
  clockSkewMs: number;
  /** Exponential backoff with jitter for retries (409, 429, 5xx): first delay and ceiling. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts that reached the service before a batch is held as `keeps_failing`. */
  maxAttempts: number;
  /** No connection at all: first wait and ceiling before trying again (reset when back online). */
  offlineBaseMs: number;
  offlineMaxMs: number;
  /** The worker lease (one worker per data folder): lifetime, renewed at a third of it. */
  leaseTtlMs: number;
  /** Another process holds the lease: look again this often. */
  leaseRetryMs: number;
  /** Nothing to do: look at the outbox this often anyway (another process may have queued). */
  idlePollMs: number;
  /** Held for credit: read the balance this often (besides every balance change we hear of). */
  balancePollMs: number;
  /** At most one progress event per campaign this often (the last state always goes out). */
  progressThrottleMs: number;
}

export const DEFAULT_DELIVERY_TIMINGS: DeliveryTimings = {
  settleMs: TIMEOUTS.requestMs + 5_000,
  clockSkewMs: 10 * 60_000,
  retryBaseMs: 1_000,
  retryMaxMs: 5 * 60_000,
  maxAttempts: 8,
  offlineBaseMs: 2_000,
  offlineMaxMs: 60_000,
  leaseTtlMs: 30_000,
  leaseRetryMs: 5_000,
  idlePollMs: 2_000,
  balancePollMs: 60_000,
  progressThrottleMs: 250,
};

const ms = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 * 60_000);
const overrides = z
  .strictObject({
    settleMs: ms,
    clockSkewMs: ms,
    retryBaseMs: ms,
    retryMaxMs: ms,
    maxAttempts: z.number().int().min(1).max(1000),
    offlineBaseMs: ms,
    offlineMaxMs: ms,
    leaseTtlMs: ms.min(1_000),
    leaseRetryMs: ms,
    idlePollMs: ms.min(10),
    balancePollMs: ms.min(10),
    progressThrottleMs: ms,
  })
  .partial();

export const DELIVERY_TIMINGS_ENV = 'TORPEDO_DELIVERY_TIMINGS';

/** The defaults, with the overrides of `TORPEDO_DELIVERY_TIMINGS` when set. */
export function deliveryTimings(env: NodeJS.ProcessEnv = process.env): DeliveryTimings {
  return { ...DEFAULT_DELIVERY_TIMINGS, ...envOverrides(env, DELIVERY_TIMINGS_ENV, overrides) };
}
