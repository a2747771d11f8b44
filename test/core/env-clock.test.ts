import { describe, expect, it } from 'vitest';
import { envClock } from '@core/env-clock';

describe('TORPEDO_CLOCK', () => {
  it('moves the core’s clock on by aheadMs; unset, it is the machine’s; anything else is refused by name', () => {
    const ahead = envClock({ TORPEDO_CLOCK: JSON.stringify({ aheadMs: 86_400_000 }) })();
    expect(ahead.getTime() - Date.now()).toBeGreaterThan(86_400_000 - 1_000);
    expect(Math.abs(envClock({})().getTime() - Date.now())).toBeLessThan(1_000);
    expect(() => envClock({ TORPEDO_CLOCK: '{"ahead": 5}' })).toThrow(/TORPEDO_CLOCK/);
    expect(() => envClock({ TORPEDO_CLOCK: 'tomorrow' })).toThrow('TORPEDO_CLOCK is not valid JSON.');
  });
});
