import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDate, type DateForm } from '@shared/dates/read-date';

const BOTH: DateForm[] = ['iso-offset', 'br-date-time'];
const read = (text: string, extra: { now?: Date; future?: boolean; zone?: string } = {}) =>
  readDate(text, { forms: BOTH, ...extra });
const iso = (text: string) => {
  const r = read(text);
  if (!r.ok) throw new Error(`${text}: refused (${r.reason})`);
  return r.at.toISOString();
};
const reason = (text: string, extra = {}) => {
  const r = read(text, extra);
  return r.ok ? `read as ${r.at.toISOString()}` : r.reason;
};

describe('readDate', () => {
  it('reads dd/mm/aaaa hh:mm day first, on Brasília time whatever the computer says', () => {
    // 5 December, 09:00 in São Paulo (UTC-3), not 12 May.
    expect(iso('05/12/2026 09:00')).toBe('2026-12-05T12:00:00.000Z');
    expect(iso('5/12/2026 9:00')).toBe('2026-12-05T12:00:00.000Z');
    expect(iso('05/12/2026 09h00')).toBe('2026-12-05T12:00:00.000Z');
    expect(iso('05/12/2026 às 09:00')).toBe('2026-12-05T12:00:00.000Z');
    expect(iso('  05/12/2026   09:00 ')).toBe('2026-12-05T12:00:00.000Z');
  });

  it('reads the wall clock of another zone when told (Manaus is UTC-4)', () => {
    const r = readDate('05/12/2026 09:00', { forms: ['br-date-time'], zone: 'America/Manaus' });
    expect(r.ok && r.at.toISOString()).toBe('2026-12-05T13:00:00.000Z');
  });

  it('reads ISO 8601 with an offset or Z, and nothing without one', () => {
    expect(iso('2026-12-05T09:00-03:00')).toBe('2026-12-05T12:00:00.000Z');
    expect(iso('2026-12-05T09:00:30-0300')).toBe('2026-12-05T12:00:30.000Z');
    expect(iso('2026-12-05T12:00:00.000Z')).toBe('2026-12-05T12:00:00.000Z');
    // No offset: whose clock? Refused, not read on the computer's zone.
    expect(reason('2026-12-05T09:00')).toBe('unknown-form');
    expect(reason('2026-12-05')).toBe('unknown-form');
  });

  it('refuses what JavaScript would guess: bare numbers, impossible dates, other orders', () => {
    expect(reason('9')).toBe('bare-number');
    expect(reason('2026')).toBe('bare-number');
    expect(reason('45000')).toBe('bare-number');
    expect(reason('30/02/2026 09:00')).toBe('impossible');
    expect(reason('29/02/2027 09:00')).toBe('impossible');
    expect(reason('05/13/2026 09:00')).toBe('impossible');
    expect(reason('05/12/2026 25:00')).toBe('impossible');
    expect(reason('05/12/2026 24:00')).toBe('impossible');
    expect(reason('05/12/2026 09:60')).toBe('impossible');
    expect(reason('2026-02-30T09:00-03:00')).toBe('impossible');
    expect(reason('2026-12-05T09:00+25:00')).toBe('impossible');
    expect(reason('December 5, 2026 09:00')).toBe('unknown-form');
    expect(reason('05/12/26 09:00')).toBe('unknown-form');
    expect(reason('05/12/2026')).toBe('unknown-form');
    expect(reason('')).toBe('empty');
    expect(reason('   ')).toBe('empty');
  });

  it('refuses a wall-clock time the zone skipped (São Paulo, daylight saving of 2018)', () => {
    expect(reason('04/11/2018 00:30')).toBe('impossible');
    expect(iso('04/11/2018 01:30')).toBe('2018-11-04T03:30:00.000Z');
  });

  it('refuses a time already past when the caller wants a future one', () => {
    const now = new Date('2026-12-05T12:00:00.000Z');
    expect(reason('05/12/2026 09:00', { now, future: true })).toBe('past');
    expect(reason('05/12/2026 09:01', { now, future: true })).toBe('read as 2026-12-05T12:01:00.000Z');
    expect(reason('05/12/2026 08:00', { now })).toBe('read as 2026-12-05T11:00:00.000Z');
  });

  it('takes only the forms asked for', () => {
    const r = readDate('05/12/2026 09:00', { forms: ['iso-offset'] });
    expect(r).toEqual({ ok: false, reason: 'unknown-form', forms: ['iso-offset'] });
  });

  it('reads every real Brasília wall-clock time back to the same wall clock (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const wall = new Intl.DateTimeFormat('pt-BR', {
            timeZone: 'America/Sao_Paulo',
            day: '2-digit',
            month: '2-digit',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          })
            .format(date)
            .replace(',', '');
          const r = readDate(wall, { forms: ['br-date-time'] });
          expect(r.ok).toBe(true);
          if (r.ok) expect(Math.floor(date.getTime() / 60_000) * 60_000).toBe(r.at.getTime());
        },
      ),
    );
  });

  it('never throws and never accepts a day/month pair that does not exist (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1900, max: 2100 }),
        (d, m, y) => {
          const r = readDate(`${d}/${m}/${y} 10:00`, { forms: BOTH });
          const real = m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
          expect(r.ok).toBe(real);
          if (!r.ok) expect(r.reason).toBe('impossible');
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const r = readDate(text, { forms: BOTH });
        if (r.ok) expect(Number.isNaN(r.at.getTime())).toBe(false);
      }),
    );
  });
});
