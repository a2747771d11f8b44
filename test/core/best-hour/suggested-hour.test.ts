import { describe, expect, it } from 'vitest';
import { defaultSuggestion, openHours, ownSuggestion } from '@core/best-hour/suggested-hour';
import type { BestHourCell } from '@shared/dto/best-hour';
import { DEFAULT_RULES, type SendingRules } from '@shared/rules/sending-rules';
import { DEFAULT_WEEK_HOURS, type WeekHours } from '@shared/rules/week-hours';

const withHours = (hours: Partial<WeekHours>, over: Partial<SendingRules> = {}): SendingRules => ({
  ...structuredClone(DEFAULT_RULES),
  window: { on: true, hours: { ...DEFAULT_WEEK_HOURS, ...hours } },
  ...over,
});
const cell = (weekday: BestHourCell['weekday'], hour: number, clicks: number): BestHourCell => ({
  weekday,
  hour,
  clicks,
  replies: 0,
  share: 0,
});

describe('the suggested hour stays inside the sending rules', () => {
  it('opens the whole hours that start inside a day’s window; none on a Sunday when Sundays are off', () => {
    const rules = withHours({ mon: { start: '09:30', end: '12:00' }, sun: { start: '09:00', end: '11:00' } });
    expect(openHours('mon', rules)).toEqual([10, 11]);
    expect(openHours('sun', rules)).toEqual([]);
    expect(openHours('sun', { ...rules, sundays: false })).toEqual([9, 10]);
    expect(openHours('sat', { ...rules, window: { ...rules.window, on: false } })).toHaveLength(24);
  });

  it('the general guidance: Tuesday to Thursday at 10:00, moved into the window, to the days open then', () => {
    expect(defaultSuggestion(DEFAULT_RULES)).toEqual({
      weekday: null,
      days: ['tue', 'wed', 'thu'],
      hour: 10,
    });
    const afternoons = { start: '13:00', end: '18:00' };
    expect(defaultSuggestion(withHours({ tue: afternoons, wed: afternoons, thu: afternoons }))).toEqual({
      weekday: null,
      days: ['tue', 'wed', 'thu'],
      hour: 13,
    });
    // Only Wednesday opens at 10:00 among them: it alone is named.
    expect(defaultSuggestion(withHours({ tue: afternoons, thu: afternoons }))).toEqual({
      weekday: 'wed',
      days: ['wed'],
      hour: 10,
    });
    // The shop sends on Saturdays only: the guidance's days are all closed.
    const saturdays = withHours({ mon: null, tue: null, wed: null, thu: null, fri: null });
    expect(defaultSuggestion(saturdays)).toEqual({ weekday: 'sat', days: ['sat'], hour: 10 });
  });

  it('the shop’s own: the busiest open hour; else the open hour nearest the busiest on its day', () => {
    const cells = [cell('sat', 20, 9), cell('fri', 7, 5), cell('thu', 11, 2)];
    expect(ownSuggestion(cells, DEFAULT_RULES)).toEqual({ weekday: 'thu', days: ['thu'], hour: 11 });
    // Saturday 20:00 is closed, Saturday opens 09:00–13:00: its nearest open hour is 12.
    expect(ownSuggestion(cells.slice(0, 1), DEFAULT_RULES)).toEqual({
      weekday: 'sat',
      days: ['sat'],
      hour: 12,
    });
    // A busiest day that is closed altogether: the guidance.
    expect(ownSuggestion([cell('sun', 10, 3)], DEFAULT_RULES)).toEqual(defaultSuggestion(DEFAULT_RULES));
  });
});
