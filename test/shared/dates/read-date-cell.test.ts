import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dateOfDayNumber,
  dayNumber,
  DayOrderEvidence,
  formatCellDate,
  fullYear,
  readDateCell,
  type CellDate,
} from '@shared/dates/read-date-cell';

const NOW = new Date('2026-05-10T12:00:00Z');
const read = (text: string, options = {}) => readDateCell(text, { now: NOW, ...options });
const day = (text: string, options = {}) => {
  const reading = read(text, options);
  return reading.ok ? formatCellDate(reading.date) : reading.reason;
};

describe('readDateCell: the forms a cell holds', () => {
  it('reads dd/mm/aaaa, with one-digit parts, other separators and a time that is dropped', () => {
    expect(day('15/03/2026')).toBe('15/03/2026');
    expect(day('5/3/2026')).toBe('05/03/2026');
    expect(day('15-03-2026')).toBe('15/03/2026');
    expect(day('15.03.2026')).toBe('15/03/2026');
    expect(day(' 15/03/2026 14:30 ')).toBe('15/03/2026');
    expect(day('15/03/2026 14:30:59')).toBe('15/03/2026');
    expect(read('15/03/2026')).toMatchObject({ ok: true, form: 'd/m/y' });
  });

  it('reads dd/mm/aa in the century within 89 years before and 10 after now', () => {
    expect(day('15/03/26')).toBe('15/03/2026');
    expect(day('15/03/36')).toBe('15/03/2036');
    expect(day('15/03/37')).toBe('15/03/1937');
    expect(day('01/01/85')).toBe('01/01/1985');
    expect(read('01/01/00')).toMatchObject({ ok: true, date: { year: 2000 }, form: 'd/m/yy' });
    expect(fullYear(99, new Date('2090-01-01'))).toBe(2099);
    expect(fullYear(1, new Date('2090-01-01'))).toBe(2001);
  });

  it('keeps dd/mm as a day without a year, and 29/02 exists without one', () => {
    expect(read('15/03')).toEqual({ ok: true, date: { year: null, month: 3, day: 15 }, form: 'd/m' });
    expect(day('29/02')).toBe('29/02');
    expect(day('30/02')).toBe('impossible');
  });

  it('reads aaaa-mm-dd (and an ISO time after it)', () => {
    expect(day('2026-03-15')).toBe('15/03/2026');
    expect(day('2026/3/5')).toBe('05/03/2026');
    expect(day('2026-03-15T10:00:00.000Z')).toBe('15/03/2026');
    expect(read('2026-03-15')).toMatchObject({ ok: true, form: 'iso' });
    // The order of a column never turns an ISO date around.
    expect(day('2026-03-04', { order: 'mdy' })).toBe('04/03/2026');
  });

  it('reads month names in Portuguese and English, as Excel shows its built-in formats', () => {
    expect(day('15-mar-26')).toBe('15/03/2026');
    expect(day('15-Mar-2026')).toBe('15/03/2026');
    expect(day('15 de março de 2026')).toBe('15/03/2026');
    expect(day('1 fev 2026')).toBe('01/02/2026');
    expect(day('10-Oct')).toBe('10/10');
    expect(day('31 de fevereiro de 2026')).toBe('impossible');
    expect(day('15 de marte')).toBe('unknown-form');
  });

  it('reads Excel serials of the 1900 system only when the column holds dates', () => {
    expect(day('45366')).toBe('unknown-form');
    expect(day('45366', { serials: true })).toBe('15/03/2024');
    expect(day('45366.75', { serials: true })).toBe('15/03/2024');
    expect(day('1', { serials: true })).toBe('01/01/1900');
    expect(day('59', { serials: true })).toBe('28/02/1900');
    // Excel's 29/02/1900 never was.
    expect(day('60', { serials: true })).toBe('impossible');
    expect(day('61', { serials: true })).toBe('01/03/1900');
    expect(day('2958465', { serials: true })).toBe('31/12/9999');
    expect(day('2958466', { serials: true })).toBe('impossible');
    expect(day('0', { serials: true })).toBe('impossible');
  });

  it('refuses impossible days with that reason, and what is no date as such', () => {
    for (const text of ['31/02/2026', '29/02/2026', '32/01/2026', '15/13/2026', '00/01/2026', '2026-02-30'])
      expect(day(text)).toBe('impossible');
    expect(day('29/02/2024')).toBe('29/02/2024');
    expect(day('')).toBe('empty');
    expect(day('   ')).toBe('empty');
    for (const text of ['ontem', '15/03/2026/1', '2026', '1.5', '15/03/202', 'abc 15/03/2026'])
      expect(day(text)).toBe('unknown-form');
  });
});

describe('dd/mm against mm/dd, per column', () => {
  const orderOf = (cells: string[]) => {
    const evidence = new DayOrderEvidence();
    for (const cell of cells) evidence.add(cell);
    return evidence;
  };

  it('a first part above 12 settles dd/mm; a second above 12 settles mm/dd; neither is dd/mm', () => {
    expect(orderOf(['03/04/2026', '13/04/2026']).order).toBe('dmy');
    expect(orderOf(['03/04/2026', '04/13/2026']).order).toBe('mdy');
    const none = orderOf(['03/04/2026', '05/06/2026', '2026-12-31', '']);
    expect([none.order, none.settled]).toEqual(['dmy', false]);
    // Both: dd/mm, and the mm/dd cells are then impossible (the error file says so).
    expect(orderOf(['13/04/2026', '04/13/2026']).order).toBe('dmy');
  });

  it('reads each cell in the column’s order', () => {
    expect(day('04/13/2026', { order: 'mdy' })).toBe('13/04/2026');
    expect(day('03/04', { order: 'mdy' })).toBe('04/03');
    expect(day('04/13/2026', { order: 'dmy' })).toBe('impossible');
  });
});

describe('day numbers', () => {
  it('count days from 1970-01-01 and back', () => {
    expect(dayNumber({ year: 1970, month: 1, day: 1 })).toBe(0);
    expect(dayNumber({ year: 2026, month: 3, day: 15 })).toBe(20527);
    expect(dayNumber({ year: 1969, month: 12, day: 31 })).toBe(-1);
    expect(dayNumber({ year: null, month: 3, day: 15 })).toBeNull();
  });

  it('round-trip every real day, and formatting reads back the same day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 2_900_000 }), (days) => {
        const date = dateOfDayNumber(days);
        expect(dayNumber(date)).toBe(days);
        if (date.year !== null && date.year >= 1000) {
          const reread = read(formatCellDate(date));
          expect(reread.ok && (reread.date as CellDate)).toEqual(date);
        }
      }),
    );
  });
});
