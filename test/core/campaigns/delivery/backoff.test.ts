import { describe, expect, it } from 'vitest';
import { backoffDelay, retryDelay } from '@core/campaigns/delivery/backoff';

const policy = { baseMs: 1000, maxMs: 60_000 };

describe('backoff', () => {
  it('doubles per failure in a row, between half and all of each step', () => {
    const low = [1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, () => 0));
    const high = [1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, () => 0.999999));
    expect(low).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(high).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('never waits longer than the ceiling, however many failures (no overflow to Infinity or NaN)', () => {
    for (const n of [7, 30, 1000, 1e9]) {
      const d = backoffDelay(n, policy, () => 0.999999);
      expect(d).toBeLessThanOrEqual(60_000);
      expect(d).toBeGreaterThanOrEqual(30_000);
    }
  });

  it('spreads retries that failed together (jitter)', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4, policy, random)));
    expect(delays.size).toBeGreaterThan(40);
  });

  it("honours the service's Retry-After when it asks for longer than the backoff", () => {
    expect(retryDelay(1, policy, 5, () => 0)).toBe(5000);
    expect(retryDelay(6, policy, 1, () => 0)).toBe(16_000);
    expect(retryDelay(1, policy, undefined, () => 0)).toBe(500);
  });
});
