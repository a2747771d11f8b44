import { describe, expect, it } from 'vitest';
import type { CalendarEntryView } from '@shared/dto/gallery';
import {
  dayMonth,
  daysBetween,
  inDays,
  isReminding,
  shopToday,
  upcoming,
} from '@renderer/composables/gallery/calendar-days';

const day = (date: string, kind: 'retail' | 'holiday', remindAt?: string): CalendarEntryView => ({
  date,
  day: kind === 'retail' ? 'natal' : 'christmas',
  name: kind === 'retail' ? 'Natal' : 'Natal (feriado)',
  kind,
  ...(remindAt ? { remindAt } : {}),
});

describe('the calendar’s days, as the owner counts them', () => {
  it('takes the shop’s date in Brasília, not the computer’s UTC date', () => {
    // 01:30 UTC on 1 January is still 31 December, 22:30, in São Paulo.
    expect(shopToday(Date.UTC(2027, 0, 1, 1, 30))).toBe('2026-12-31');
    expect(shopToday(Date.UTC(2027, 0, 1, 3, 0))).toBe('2027-01-01');
  });

  it('counts whole days across months, years and a leap day', () => {
    expect(daysBetween('2026-12-07', '2026-12-25')).toBe(18);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-12-25', '2026-12-07')).toBe(-18);
  });

  it('says the distance in the UI’s words, and the date day first', () => {
    expect(inDays(12, 'pt-BR')).toBe('em 12 dias');
    expect(inDays(1, 'pt-BR')).toBe('amanhã');
    expect(inDays(0, 'pt-BR')).toBe('hoje');
    expect(inDays(12, 'en')).toBe('in 12 days');
    expect(inDays(0, 'en')).toBe('today');
    expect(dayMonth('2027-01-05')).toBe('05/01');
  });

  it('keeps the days from today on, a selling day before the holiday on the same date', () => {
    const entries = [day('2026-12-25', 'holiday'), day('2026-11-27', 'retail'), day('2026-12-25', 'retail')];
    expect(upcoming(entries, '2026-12-01').map((e) => `${e.date} ${e.kind}`)).toEqual([
      '2026-12-25 retail',
      '2026-12-25 holiday',
    ]);
  });

  it('reminds from the reminder day to the day itself, of selling days only', () => {
    const natal = day('2026-12-25', 'retail', '2026-12-18');
    expect(isReminding(natal, '2026-12-17')).toBe(false);
    expect(isReminding(natal, '2026-12-18')).toBe(true);
    expect(isReminding(natal, '2026-12-25')).toBe(true);
    expect(isReminding(natal, '2026-12-26')).toBe(false);
    expect(isReminding(day('2026-12-25', 'holiday'), '2026-12-20')).toBe(false);
  });
});
