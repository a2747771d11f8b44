/**
 * A sliding-window limiter on the simulated clock: at most `limit` hits per
 * `windowMs` for each id. Tests get past a window by advancing the clock.
 */
export type LimitResult = { ok: true } | { ok: false; retryAfterSec: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  hit(id: string, now: number): LimitResult {
    const recent = (this.hits.get(id) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(id, recent);
      const oldest = recent[0]!;
      return { ok: false, retryAfterSec: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(id, recent);
    return { ok: true };
  }
}

/** POST /v1/billing/purchase: the "strict" limit of the interface, per account. */
export const PURCHASE_LIMIT = { limit: 5, windowMs: 60_000 } as const;
