/**
 * The retail calendar against published dates: the days that move (Mother's
 * and Father's Day, Black Friday) for several years as Brazilian retail
 * announced them, the fixed ones, the shop's anniversary, the reminders a
 * set number of days ahead, and the national holidays of the sending rules
 * as days without sends.
 */
import { describe, expect, it } from 'vitest';
import { calendarOf, suggestionFor } from '@shared/calendar/calendar';
import { CALENDAR_NAMES } from '@shared/calendar/calendar-names';
import { anniversaryIn, retailDaysOf } from '@shared/calendar/retail-days';
import { BUSINESS_TYPES } from '@shared/gallery/business-types';
import { galleryMessage } from '@shared/gallery/gallery';
import { holidaysOf } from '@shared/rules/holidays';

const dateOf = (year: number, name: string) => retailDaysOf(year).find((d) => d.name === name)?.date;

describe('the retail calendar', () => {
  it('puts Dia das Mães on the second Sunday of May (published: 2025-05-11, 2026-05-10, 2027-05-09)', () => {
    expect(dateOf(2025, 'diaDasMaes')).toBe('2025-05-11');
    expect(dateOf(2026, 'diaDasMaes')).toBe('2026-05-10');
    expect(dateOf(2027, 'diaDasMaes')).toBe('2027-05-09');
    expect(dateOf(2024, 'diaDasMaes')).toBe('2024-05-12');
  });

  it('puts Dia dos Pais on the second Sunday of August (2024-08-11, 2025-08-10, 2026-08-09)', () => {
    expect(dateOf(2024, 'diaDosPais')).toBe('2024-08-11');
    expect(dateOf(2025, 'diaDosPais')).toBe('2025-08-10');
    expect(dateOf(2026, 'diaDosPais')).toBe('2026-08-09');
  });

  it('puts Black Friday the day after the fourth Thursday of November (2024-11-29 … 2027-11-26)', () => {
    expect(dateOf(2024, 'blackFriday')).toBe('2024-11-29');
    expect(dateOf(2025, 'blackFriday')).toBe('2025-11-28');
    expect(dateOf(2026, 'blackFriday')).toBe('2026-11-27');
    expect(dateOf(2027, 'blackFriday')).toBe('2027-11-26');
    // November starting on a Friday: the fourth Thursday is the 28th, Black Friday the 29th.
    expect(dateOf(2030, 'blackFriday')).toBe('2030-11-29');
  });

  it('keeps the fixed days and starts school on the first Monday of February', () => {
    for (const year of [2025, 2026, 2027]) {
      expect(dateOf(year, 'diaDosNamorados')).toBe(`${year}-06-12`);
      expect(dateOf(year, 'diaDoCliente')).toBe(`${year}-09-15`);
      expect(dateOf(year, 'diaDasCriancas')).toBe(`${year}-10-12`);
      expect(dateOf(year, 'natal')).toBe(`${year}-12-25`);
    }
    expect(dateOf(2025, 'voltaAsAulas')).toBe('2025-02-03');
    expect(dateOf(2026, 'voltaAsAulas')).toBe('2026-02-02');
    expect(dateOf(2027, 'voltaAsAulas')).toBe('2027-02-01');
  });

  it('adds the shop’s anniversary only when given; 29 February is the 28th in a common year', () => {
    expect(retailDaysOf(2026).some((d) => d.name === 'aniversarioDaLoja')).toBe(false);
    expect(retailDaysOf(2026, { month: 3, day: 14 }).find((d) => d.name === 'aniversarioDaLoja')?.date).toBe(
      '2026-03-14',
    );
    expect(anniversaryIn(2027, { month: 2, day: 29 })).toBe('2027-02-28');
    expect(anniversaryIn(2028, { month: 2, day: 29 })).toBe('2028-02-29');
    expect(retailDaysOf(2026, { month: 2, day: 30 }).some((d) => d.name === 'aniversarioDaLoja')).toBe(false);
  });

  it('lists selling days with a reminder and a message, and the holidays as days without sends, in date order', () => {
    const year = calendarOf(2026, { business: 'pet-shop', reminderDays: 10 });
    const dates = year.map((e) => e.date);
    expect([...dates].sort()).toEqual(dates);
    const mothers = year.find((e) => e.name === 'diaDasMaes')!;
    expect(mothers).toEqual({
      date: '2026-05-10',
      name: 'diaDasMaes',
      kind: 'retail',
      galleryId: 'pet-shop/cliente-sumido',
      remindAt: '2026-04-30',
    });
    const holidays = year.filter((e) => e.kind === 'holiday');
    expect(holidays.map((h) => h.date)).toEqual(holidaysOf(2026).map((h) => h.date));
    expect(holidays.every((h) => h.galleryId === undefined && h.remindAt === undefined)).toBe(true);
    // Christmas is both: the selling day first.
    expect(year.filter((e) => e.date === '2026-12-25').map((e) => e.kind)).toEqual(['retail', 'holiday']);
    // The default reminder is a week ahead, across a year's turn too.
    expect(calendarOf(2027).find((e) => e.name === 'voltaAsAulas')?.remindAt).toBe('2027-01-25');
    expect(calendarOf(2026).find((e) => e.name === 'diaDasMaes')?.galleryId).toBe('loja-de-roupa/promocao');
  });

  it('suggests a gallery message of every business for its selling days', () => {
    for (const business of BUSINESS_TYPES) {
      const id = suggestionFor(business);
      expect(id, business).toBeDefined();
      expect(galleryMessage(id!)?.business).toBe(business);
    }
  });

  it('names every day in both languages (the holidays as the Rules page does: test/renderer/gallery)', () => {
    for (const language of ['pt-BR', 'en'] as const) {
      for (const entry of calendarOf(2026, { anniversary: { month: 1, day: 5 } })) {
        expect(CALENDAR_NAMES[language][entry.name], entry.name).toBeTruthy();
      }
    }
  });
});
