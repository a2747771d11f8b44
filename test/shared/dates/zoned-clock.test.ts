import { describe, expect, it } from 'vitest';
import { formatInTimeZone } from '@shared/dates/zoned-clock';

/**
 * The zone's clock Torpedo reads (schedules, "is this a real time here?"),
 * without date-fns' root: the same answers date-fns-tz gave, for zones with
 * and without daylight saving, on both sides of a change.
 */
describe('formatInTimeZone', () => {
  it("shows an instant on the zone's own clock, whatever the computer's", () => {
    const at = new Date('2026-12-05T12:00:00Z');
    expect(formatInTimeZone(at, 'America/Sao_Paulo', "yyyy-MM-dd'T'HH:mm")).toBe('2026-12-05T09:00');
    expect(formatInTimeZone(at, 'America/Manaus', "yyyy-MM-dd'T'HH:mm")).toBe('2026-12-05T08:00');
    expect(formatInTimeZone(at, 'America/Noronha', "yyyy-MM-dd'T'HH:mm")).toBe('2026-12-05T10:00');
    expect(formatInTimeZone(at, 'Asia/Kolkata', "yyyy-MM-dd'T'HH:mm")).toBe('2026-12-05T17:30');
  });

  it('gives the date alone, which may be another day than UTC', () => {
    const lateEvening = new Date('2026-12-06T02:30:00Z');
    expect(formatInTimeZone(lateEvening, 'America/Rio_Branco', 'yyyy-MM-dd')).toBe('2026-12-05');
    expect(formatInTimeZone(lateEvening, 'UTC', 'yyyy-MM-dd')).toBe('2026-12-06');
  });

  it('writes midnight as 00, not 24', () => {
    expect(
      formatInTimeZone(new Date('2026-12-05T03:00:00Z'), 'America/Sao_Paulo', "yyyy-MM-dd'T'HH:mm"),
    ).toBe('2026-12-05T00:00');
  });

  it('follows a daylight-saving change (Brazil kept one until 2019)', () => {
    // 2018-11-04: São Paulo's clocks jumped from 00:00 to 01:00 (UTC-3 to UTC-2).
    expect(
      formatInTimeZone(new Date('2018-11-04T02:59:00Z'), 'America/Sao_Paulo', "yyyy-MM-dd'T'HH:mm"),
    ).toBe('2018-11-03T23:59');
    expect(
      formatInTimeZone(new Date('2018-11-04T03:00:00Z'), 'America/Sao_Paulo', "yyyy-MM-dd'T'HH:mm"),
    ).toBe('2018-11-04T01:00');
  });

  it('pads a year below 1000 to four digits', () => {
    expect(formatInTimeZone(new Date('0950-03-01T12:00:00Z'), 'UTC', 'yyyy-MM-dd')).toBe('0950-03-01');
  });

  it('refuses an invalid date or zone, as date-fns-tz did', () => {
    expect(() => formatInTimeZone(new Date(Number.NaN), 'UTC', 'yyyy-MM-dd')).toThrow(RangeError);
    expect(() => formatInTimeZone(new Date(), 'Mars/Olympus', 'yyyy-MM-dd')).toThrow(RangeError);
  });
});
