/**
 * The occurrence engine: which dates a rule sends on, which birthdays a date
 * greets (29/02 on 28/02 in common years), which occurrences are due within
 * the 36-hour horizon, and the catch-up policy for a late one.
 */
import { describe, expect, it } from 'vitest';
import type { AutomationRule, RecurringRule } from '@shared/dto/automations';
import { birthdaysOn, celebratedFrom, celebratedIn } from '@core/automations/occurrences/birthday-days';
import { dateKey, eachDate, parseDateKey, type LocalDate } from '@core/automations/occurrences/local-date';
import { dueOccurrences, HORIZON_MS, nextOccurrences } from '@core/automations/occurrences/occurrence-days';
import { recursOn } from '@core/automations/occurrences/recurring-days';
import { appDate, appInstant, recipientTimes } from '@core/automations/occurrences/recipient-time';

const d = (key: string): LocalDate => parseDateKey(key)!;
const birthday = (at = '09:00', daysBefore = 0): AutomationRule => ({ kind: 'birthday', at, daysBefore });
const recurring = (
  every: RecurringRule['every'],
  from = '2026-01-01',
  until: string | null = null,
): RecurringRule => ({
  kind: 'recurring',
  at: '10:00',
  every,
  from,
  until,
});

/** The dates of a rule between two dates, by key. */
const datesOf = (rule: RecurringRule, from: string, to: string) =>
  [...eachDate(d(from), d(to))].filter((date) => recursOn(rule, date)).map(dateKey);

describe('birthdays on the calendar', () => {
  it('a 29 February birthday is greeted on 28 February in a common year, on the 29th in a leap year', () => {
    expect(birthdaysOn(d('2027-02-28'))).toEqual([228, 229]);
    expect(birthdaysOn(d('2028-02-28'))).toEqual([228]);
    expect(birthdaysOn(d('2028-02-29'))).toEqual([229]);
    expect(birthdaysOn(d('2027-03-01'))).toEqual([301]);
    expect(celebratedIn({ day: 29, month: 2 }, 2027)).toEqual(d('2027-02-28'));
    expect(celebratedIn({ day: 29, month: 2 }, 2028)).toEqual(d('2028-02-29'));
    // 1900 and 2100 are not leap years (centuries), 2000 is.
    expect(birthdaysOn(d('2100-02-28'))).toEqual([228, 229]);
    expect(birthdaysOn(d('2000-02-28'))).toEqual([228]);
  });

  it('N days before: the birthday celebrated N days after the send date, across a year end', () => {
    expect(celebratedFrom(d('2026-12-30'), 3)).toEqual(d('2027-01-02'));
    expect(celebratedFrom(d('2027-02-25'), 3)).toEqual(d('2027-02-28'));
    expect(birthdaysOn(celebratedFrom(d('2027-02-25'), 3))).toEqual([228, 229]);
  });
});

describe('recurring dates', () => {
  it('every day between its first and last dates, both included', () => {
    expect(
      datesOf(recurring({ unit: 'day' }, '2026-03-03', '2026-03-05'), '2026-03-01', '2026-03-08'),
    ).toEqual(['2026-03-03', '2026-03-04', '2026-03-05']);
  });

  it('every week on the chosen days', () => {
    const rule = recurring({ unit: 'week', weekdays: ['mon', 'thu'] });
    // March 2026: Mondays 2, 9; Thursdays 5, 12.
    expect(datesOf(rule, '2026-03-01', '2026-03-12')).toEqual([
      '2026-03-02',
      '2026-03-05',
      '2026-03-09',
      '2026-03-12',
    ]);
  });

  it('every month on a day, the 31st falling on a shorter month’s last day (28/02, 29/02 in a leap year, 30/04)', () => {
    const rule = recurring({ unit: 'month', day: 31 }, '2027-01-01');
    expect(datesOf(rule, '2027-01-01', '2027-05-31')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(datesOf(recurring({ unit: 'month', day: 30 }, '2028-01-01'), '2028-02-01', '2028-03-31')).toEqual([
      '2028-02-29',
      '2028-03-30',
    ]);
    expect(datesOf(recurring({ unit: 'month', day: 5 }), '2026-01-01', '2026-03-31')).toEqual([
      '2026-01-05',
      '2026-02-05',
      '2026-03-05',
    ]);
  });
});

describe('what is due: the 36-hour horizon', () => {
  const window = (now: string, plannedThrough: string | null, activeSince = '2026-01-01T00:00:00.000Z') => ({
    plannedThrough,
    activeSince: new Date(activeSince),
    now: new Date(now),
    instant: appInstant,
    dateAt: appDate,
  });

  it('at 20:00 on the 10th a 09:00 birthday automation has the 11th due (13 h ahead), not the 12th (37 h)', () => {
    // 20:00 in São Paulo is 23:00 UTC.
    const due = dueOccurrences(birthday(), window('2026-03-10T23:00:00.000Z', '2026-03-10'));
    expect(due.map((o) => o.key)).toEqual(['2026-03-11']);
    expect(due[0]!.at.toISOString()).toBe('2026-03-11T12:00:00.000Z');
    expect(due[0]!.at.getTime() - Date.parse('2026-03-10T23:00:00.000Z')).toBeLessThanOrEqual(HORIZON_MS);
  });

  it('what was worked out is never due again; a computer off for days has every missed date due (for the catch-up)', () => {
    const now = '2026-03-15T13:00:00.000Z'; // 10:00 on the 15th
    expect(dueOccurrences(birthday(), window(now, '2026-03-16')).map((o) => o.key)).toEqual([]);
    expect(dueOccurrences(birthday(), window(now, '2026-03-11')).map((o) => o.key)).toEqual([
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
    ]);
  });

  it('nothing due before the automation was created (or resumed) is sent', () => {
    // Created at 10:00 on the 15th: today's 09:00 had passed; tomorrow's is the first.
    const due = dueOccurrences(
      birthday(),
      window('2026-03-15T13:00:00.000Z', null, '2026-03-15T13:00:00.000Z'),
    );
    expect(due.map((o) => o.key)).toEqual(['2026-03-16']);
  });

  it('a recurring automation is due only on its dates, until its last one', () => {
    const rule = { ...recurring({ unit: 'month', day: 5 }, '2026-01-01', '2026-04-05') };
    // Worked out up to the day before (the 4th): the rule's own date is due, the days between are not occurrences.
    const at = (now: string) => dueOccurrences(rule, window(now, now.slice(0, 10))).map((o) => o.key);
    expect(at('2026-03-04T12:00:00.000Z')).toEqual(['2026-03-05']);
    expect(at('2026-04-04T12:00:00.000Z')).toEqual(['2026-04-05']);
    expect(at('2026-05-04T12:00:00.000Z')).toEqual([]);
  });

  it('the coming occurrences, from a date on', () => {
    const next = nextOccurrences(
      recurring({ unit: 'week', weekdays: ['fri'] }),
      d('2026-03-01'),
      new Date(0),
      appInstant,
      15,
    );
    expect(next.map((o) => o.key)).toEqual(['2026-03-06', '2026-03-13']);
  });
});

describe('the catch-up policy', () => {
  const maria = { phone: '+5511987654321' };

  it('on time: the message carries its own time (09:00 Brasília time)', () => {
    const decision = recipientTimes(d('2026-03-15'), '09:00', new Date('2026-03-14T23:00:00.000Z'))(maria);
    expect(decision).toEqual({
      send: true,
      at: new Date('2026-03-15T12:00:00.000Z'),
      until: new Date('2026-03-16T03:00:00.000Z'),
    });
  });

  it('late inside its day (the computer was off at 09:00, on at 15:00): sent at once, that day', () => {
    const decision = recipientTimes(d('2026-03-15'), '09:00', new Date('2026-03-15T18:00:00.000Z'))(maria);
    expect(decision).toMatchObject({ send: true, at: null });
  });

  it('times each recipient on their own clock: 09:00 in Manaus is an hour after 09:00 in São Paulo', () => {
    const timeOf = recipientTimes(d('2026-03-15'), '09:00', new Date('2026-03-14T23:00:00.000Z'));
    expect(timeOf(maria)).toMatchObject({ at: new Date('2026-03-15T12:00:00.000Z') });
    expect(timeOf({ phone: '+5592987654321' })).toMatchObject({ at: new Date('2026-03-15T13:00:00.000Z') });
    expect(timeOf({ phone: '+5581987654321', zone: 'America/Noronha' })).toMatchObject({
      at: new Date('2026-03-15T11:00:00.000Z'),
    });
  });

  it('past its day (on again at 00:30 the next day): skipped, never sent a day late', () => {
    const decision = recipientTimes(d('2026-03-15'), '09:00', new Date('2026-03-16T03:30:00.000Z'))(maria);
    expect(decision.send).toBe(false);
  });
});
