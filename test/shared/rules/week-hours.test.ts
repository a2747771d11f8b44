import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEK_HOURS, formatWeekHours, parseWeekHours } from '@shared/rules/week-hours';
import { parseCap } from '@shared/rules/sending-rules';

describe('the sending window as people write it', () => {
  it('reads the default in English and in Portuguese, and writes it back the short way', () => {
    const en = parseWeekHours('mon-fri 09:00-18:00, sat 09:00-13:00');
    expect(en).toEqual({ ok: true, hours: DEFAULT_WEEK_HOURS });
    expect(parseWeekHours('seg a sex 9:00-18:00; sáb 09:00 às 13:00'.replace('às', 'até'))).toEqual(en);
    expect(parseWeekHours('segunda-feira a sexta-feira 09:00 - 18:00, Sábado 09:00-13:00')).toEqual(en);
    expect(formatWeekHours(DEFAULT_WEEK_HOURS)).toBe('mon-fri 09:00-18:00, sat 09:00-13:00');
  });

  it('keeps days apart when their hours differ', () => {
    const read = parseWeekHours('mon-tue 08:00-20:00, wed 10:00-12:00, thu-sat 08:00-20:00, sun 10:00-24:00');
    expect(read.ok && formatWeekHours(read.hours)).toBe(
      'mon-tue 08:00-20:00, wed 10:00-12:00, thu-sat 08:00-20:00, sun 10:00-24:00',
    );
  });

  it('refuses a day named twice, naming both entries and the day: one window a day, as the Rules page has (issue 32)', () => {
    expect(parseWeekHours('mon-sat 08:00-20:00, wed 10:00-12:00')).toEqual({
      ok: false,
      problem:
        '"wed 10:00-12:00" overlaps "mon-sat 08:00-20:00" on Wednesday: a day has one window, ' +
        'so name each day once (e.g. "mon-tue 08:00-20:00, wed 10:00-12:00").',
    });
    // A lunch break as two windows is not one the rules can hold.
    const lunch = parseWeekHours('seg 09:00-12:00, seg 14:00-18:00');
    expect(lunch.ok ? null : lunch.problem).toMatch(
      /^"seg 14:00-18:00" overlaps "seg 09:00-12:00" on Monday/,
    );
  });

  it('says what is wrong', () => {
    const problem = (text: string) => {
      const read = parseWeekHours(text);
      return read.ok ? null : read.problem;
    };
    expect(problem('')).toMatch(/Give days and hours/);
    expect(problem('mon-fri')).toMatch(/not days and hours/);
    expect(problem('funday 09:00-10:00')).toMatch(/unknown day/);
    expect(problem('mon 18:00-09:00')).toMatch(/end after they start/);
    expect(problem('mon 25:00-26:00')).toMatch(/HH:MM/);
    expect(problem('fri-mon 09:00-10:00')).toMatch(/Monday to Sunday/);
    expect(problem('sun 09:00-13:00')).toMatch(/at least one day from Monday to Saturday/);
  });

  it('reads a cap as N/Dd within its bounds', () => {
    expect(parseCap('4/7d')).toEqual({ messages: 4, days: 7 });
    expect(parseCap(' 5 / 30 ')).toEqual({ messages: 5, days: 30 });
    expect(parseCap('OFF')).toBe('off');
    expect(parseCap('0/7d')).toBeNull();
    expect(parseCap('4/32d')).toBeNull();
    expect(parseCap('four a week')).toBeNull();
  });
});
