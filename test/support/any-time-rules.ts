/**
 * Sending rules that move nothing (no window, Sundays and holidays allowed):
 * for the tests that are not about the rules, so that a campaign frozen at
 * 23:00 or on a Sunday goes out at once, as the test expects, whatever the
 * hour the suite runs at. The rules' own tests set the rules they test.
 */
import type { Core } from '@core/kernel/core';
import { DEFAULT_WEEK_HOURS } from '@shared/rules/week-hours';

export const ANY_TIME = {
  window: { on: false, hours: DEFAULT_WEEK_HOURS },
  sundays: false,
  holidays: false,
};

export async function sendAnyTime(core: Pick<Core, 'dispatch'>): Promise<void> {
  const set = await core.dispatch('rules:set', ANY_TIME);
  if (!set.ok) throw new Error(`rules:set failed: ${set.error.message}`);
}

/** What the rules did to a campaign when they moved nothing and nobody was left out. */
export const NOTHING_MOVED = {
  excluded: { blocked: 0, cap: 0 },
  moved: { window: 0, holiday: 0, sunday: 0 },
};
