/**
 * The purchase's waits (the invoice reads after a lost answer, the watch of a
 * `processing` payment), with the one environment variable through which the
 * CLI's process tests and benchmarks shorten them (read by createCore), as
 * TORPEDO_DELIVERY_TIMINGS does for the outbox worker:
 *
 *   TORPEDO_PURCHASE_TIMINGS='{"readAtMs":[200,600],"processingDelaysMs":[50]}'
 *
 * (any of the fields below; anything else is refused with a plain error
 * rather than silently ignored).
 */
import { z } from 'zod';
import { envOverrides } from '../../env-overrides';
import type { PurchaseTimings } from './purchase-service';
import { RECONCILE_TIMINGS, type ReconcileTimings } from './reconcile-purchase';
import { PROCESSING_TIMINGS } from './watch-processing';

export const DEFAULT_PURCHASE_TIMINGS: PurchaseTimings = {
  reconcile: RECONCILE_TIMINGS,
  processing: PROCESSING_TIMINGS,
};

export const PURCHASE_TIMINGS_ENV = 'TORPEDO_PURCHASE_TIMINGS';

const ms = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 * 60_000);
const overrides = z.strictObject({
  readAtMs: z.array(ms).min(1).max(20).optional(),
  clockSkewMs: ms.optional(),
  processingDelaysMs: z.array(ms.min(10)).min(1).max(20).optional(),
  giveUpAfterMs: ms.optional(),
});

/** The defaults, with the overrides of `TORPEDO_PURCHASE_TIMINGS` when set. */
export function purchaseTimings(env: NodeJS.ProcessEnv = process.env): PurchaseTimings {
  const o = envOverrides(env, PURCHASE_TIMINGS_ENV, overrides);
  if (!o) return DEFAULT_PURCHASE_TIMINGS;
  return {
    reconcile: {
      readAtMs: o.readAtMs ?? RECONCILE_TIMINGS.readAtMs,
      clockSkewMs: o.clockSkewMs ?? RECONCILE_TIMINGS.clockSkewMs,
    },
    processing: {
      delaysMs: o.processingDelaysMs ?? PROCESSING_TIMINGS.delaysMs,
      giveUpAfterMs: o.giveUpAfterMs ?? PROCESSING_TIMINGS.giveUpAfterMs,
    },
  };
}

/** From an attempt's start: when its last invoice read is due, after which "not charged" can be said. */
export const checkEndsAt = (createdAt: string, timings: ReconcileTimings): number =>
  Date.parse(createdAt) + Math.max(0, ...timings.readAtMs);
