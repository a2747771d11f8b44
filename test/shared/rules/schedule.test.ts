import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holidayOn } from '@shared/rules/holidays';
import {
  earlierOpenMoment,
  localClock,
  scheduleFor,
  scheduleMemo,
  type Wanted,
} from '@shared/rules/schedule';
import { DEFAULT_RULES, type SendingRules } from '@shared/rules/sending-rules';
import { WEEKDAYS, minutesOf } from '@shared/rules/week-hours';

const SP = '+5511999990001';
const RIO_BRANCO = '+5568999990002';
const MANAUS = '+5592999990003';
const RECIFE = '+5581999990004';

const rules = (change: Partial<SendingRules> = {}): SendingRules => ({ ...DEFAULT_RULES, ...change });
const at = (iso: string) => new Date(iso);
const local = (date: string, time: string): Wanted => ({ kind: 'local', date, time });
const iso = (d: { at: Date }) => d.at.toISOString();

describe('scheduleFor: each recipient’s own clock and the sending rules', () => {
  it('sends "at 09:00" at 09:00 on each recipient’s clock', () => {
    const now = at('2026-06-01T12:00:00Z'); // a Monday
    const wanted = local('2026-06-03', '09:00'); // Wednesday
    expect(iso(scheduleFor({ phone: SP }, wanted, rules(), now))).toBe('2026-06-03T12:00:00.000Z');
    expect(iso(scheduleFor({ phone: RIO_BRANCO }, wanted, rules(), now))).toBe('2026-06-03T14:00:00.000Z');
    expect(iso(scheduleFor({ phone: MANAUS }, wanted, rules(), now))).toBe('2026-06-03T13:00:00.000Z');
    expect(iso(scheduleFor({ phone: RECIFE, zone: 'America/Noronha' }, wanted, rules(), now))).toBe(
      '2026-06-03T11:00:00.000Z',
    );
    expect(scheduleFor({ phone: SP }, wanted, rules(), now).moved).toBeNull();
  });

  it('sends now when now is inside the window on the recipient’s clock, else at the next opening', () => {
    // Monday 08:30 in São Paulo is 06:30 in Rio Branco.
    const now = at('2026-06-01T11:30:00Z');
    // 08:30 is before 09:00: moved to 09:00 the same day.
    const sp = scheduleFor({ phone: SP }, { kind: 'now' }, rules(), now);
    expect(sp).toEqual({ at: at('2026-06-01T12:00:00Z'), moved: 'window', zone: 'America/Sao_Paulo' });
    const inside = scheduleFor({ phone: SP }, { kind: 'now' }, rules(), at('2026-06-01T12:30:00Z'));
    expect(inside).toMatchObject({ moved: null, at: at('2026-06-01T12:30:00Z') });
    const rb = scheduleFor({ phone: RIO_BRANCO }, { kind: 'now' }, rules(), at('2026-06-01T12:30:00Z'));
    expect(rb).toMatchObject({ moved: 'window', at: at('2026-06-01T14:00:00Z') });
  });

  it('moves a Saturday afternoon past Sunday to Monday, and a holiday to the next working day', () => {
    // Saturday 2026-04-18, 14:00 in São Paulo: Saturday closes at 13:00, Sunday is closed.
    const saturday = at('2026-04-18T17:00:00Z');
    const d = scheduleFor({ phone: SP }, { kind: 'now' }, rules(), saturday);
    expect(d).toMatchObject({ moved: 'window', at: at('2026-04-20T12:00:00Z') });
    // Tuesday 2026-04-21 is Tiradentes: 09:00 that day becomes 09:00 on Wednesday, in each zone.
    const wanted = local('2026-04-21', '09:00');
    const holiday = scheduleFor({ phone: SP }, wanted, rules(), saturday);
    expect(holiday).toMatchObject({ moved: 'holiday', at: at('2026-04-22T12:00:00Z') });
    expect(scheduleFor({ phone: RIO_BRANCO }, wanted, rules(), saturday).at).toEqual(
      at('2026-04-22T14:00:00Z'),
    );
    // A Sunday wanted is moved for the Sunday.
    const sunday = scheduleFor({ phone: SP }, local('2026-04-19', '10:00'), rules(), saturday);
    expect(sunday).toMatchObject({ moved: 'sunday', at: at('2026-04-20T12:00:00Z') });
    // Good Friday then Saturday: Thursday evening goes out on Saturday morning.
    const thursday = scheduleFor(
      { phone: SP },
      local('2026-04-02', '19:00'),
      rules(),
      at('2026-04-01T12:00:00Z'),
    );
    expect(thursday).toMatchObject({ moved: 'window', at: at('2026-04-04T12:00:00Z') });
  });

  it('follows each rule switched off', () => {
    const saturday = at('2026-04-18T17:00:00Z');
    const anyHour = rules({ window: { ...DEFAULT_RULES.window, on: false } });
    expect(scheduleFor({ phone: SP }, { kind: 'now' }, anyHour, saturday)).toMatchObject({
      moved: null,
      at: saturday,
    });
    // Sundays off, but the window names no hours for Sunday: still Monday.
    const sundaysOff = rules({ sundays: false });
    expect(scheduleFor({ phone: SP }, { kind: 'now' }, sundaysOff, saturday).at).toEqual(
      at('2026-04-20T12:00:00Z'),
    );
    const sundayHours = rules({
      sundays: false,
      window: { on: true, hours: { ...DEFAULT_RULES.window.hours, sun: { start: '10:00', end: '12:00' } } },
    });
    expect(scheduleFor({ phone: SP }, { kind: 'now' }, sundayHours, saturday).at).toEqual(
      at('2026-04-19T13:00:00Z'),
    );
    const holidaysOff = rules({ holidays: false });
    expect(scheduleFor({ phone: SP }, local('2026-04-21', '09:00'), holidaysOff, saturday)).toMatchObject({
      moved: null,
      at: at('2026-04-21T12:00:00Z'),
    });
  });

  it('takes an instant as an instant, and a past one as now', () => {
    const now = at('2026-06-01T13:00:00Z');
    const instant = scheduleFor(
      { phone: RIO_BRANCO },
      { kind: 'instant', at: at('2026-06-02T15:00:00Z') },
      rules(),
      now,
    );
    expect(instant).toMatchObject({ moved: null, at: at('2026-06-02T15:00:00Z') });
    const past = scheduleFor(
      { phone: SP },
      { kind: 'instant', at: at('2026-05-01T15:00:00Z') },
      rules(),
      now,
    );
    expect(past).toMatchObject({ moved: null, at: now });
  });

  it('gives every recipient of a zone the one decision (a campaign’s freeze)', () => {
    const decide = scheduleMemo({ kind: 'now' }, rules(), at('2026-06-01T12:30:00Z'));
    expect(decide({ phone: SP })).toBe(decide({ phone: '+5521999990009' }));
    expect(decide({ phone: RIO_BRANCO }).at).toEqual(at('2026-06-01T14:00:00Z'));
  });

  it('always lands on an allowed minute on the recipient’s clock, never before what was wanted', () => {
    const zones = [SP, RIO_BRANCO, MANAUS, RECIFE, '+5595999990000', '+14155550100'];
    fc.assert(
      fc.property(
        fc.date({ min: at('2024-01-01T00:00:00Z'), max: at('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.boolean(),
        fc.boolean(),
        (now, phone, sundays, holidays) => {
          const r = rules({ sundays, holidays });
          const d = scheduleFor({ phone }, { kind: 'now' }, r, now);
          expect(d.at.getTime()).toBeGreaterThanOrEqual(now.getTime());
          const { date, minutes } = localClock(d.at, d.zone);
          const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
          const hours = r.window.hours[weekday]!;
          expect(hours).not.toBeNull();
          expect(minutes).toBeGreaterThanOrEqual(minutesOf(hours.start));
          expect(minutes).toBeLessThan(minutesOf(hours.end));
          if (sundays) expect(weekday).not.toBe('sun');
          if (holidays) expect(holidayOn(date)).toBeNull();
          // Nothing allowed was skipped: half an hour earlier (if still after now) was not allowed.
          const earlier = new Date(d.at.getTime() - 30 * 60_000);
          if (d.moved !== null && earlier.getTime() > now.getTime()) {
            expect(scheduleFor({ phone }, { kind: 'instant', at: earlier }, r, earlier).moved).not.toBeNull();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('earlierOpenMoment: a greeting the rules close goes at the last open moment before it', () => {
  const minutes = (hhmm: string) => minutesOf(hhmm);

  it('lets an open moment through, and one before the hours open later that day (scheduleFor moves it)', () => {
    expect(earlierOpenMoment('2026-06-03', minutes('10:00'), 'America/Sao_Paulo', rules())).toBeNull();
    expect(earlierOpenMoment('2026-06-03', minutes('06:00'), 'America/Sao_Paulo', rules())).toBeNull();
  });

  it('moves a Sunday birthday back to Saturday at its hour, on the recipient’s own clock', () => {
    // 2026-06-07 is a Sunday; Saturday's default hours hold 09:00.
    const sp = earlierOpenMoment('2026-06-07', minutes('09:00'), 'America/Sao_Paulo', rules());
    const manaus = earlierOpenMoment('2026-06-07', minutes('09:00'), 'America/Manaus', rules());
    expect(sp !== null && sp !== 'none' && sp.at.toISOString()).toBe('2026-06-06T12:00:00.000Z');
    expect(manaus !== null && manaus !== 'none' && manaus.at.toISOString()).toBe('2026-06-06T13:00:00.000Z');
  });

  it('fits a late hour into the last open day’s hours, and finds none when every day near is closed', () => {
    const late = earlierOpenMoment('2026-06-03', minutes('23:30'), 'America/Sao_Paulo', rules());
    expect(late).not.toBeNull();
    expect(late !== null && late !== 'none' && localClock(late.at, 'America/Sao_Paulo').date).toBe(
      '2026-06-03',
    );
    const closedWeek = rules({
      window: {
        on: true,
        hours: Object.fromEntries(WEEKDAYS.map((d) => [d, null])) as SendingRules['window']['hours'],
      },
    });
    expect(earlierOpenMoment('2026-06-03', minutes('10:00'), 'America/Sao_Paulo', closedWeek)).toBe('none');
  });
});
