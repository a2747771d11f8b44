import { describe, expect, it } from 'vitest';
import { easterOf, holidayOn, holidaysOf } from '@shared/rules/holidays';

const days = (year: number) => holidaysOf(year).map((h) => `${h.date} ${h.name} ${h.kind}`);

describe('national holidays', () => {
  it('finds Easter Sunday as published, including the earliest and latest possible dates', () => {
    const published: [number, string][] = [
      [1990, '04-15'],
      [2000, '04-23'],
      [2008, '03-23'],
      [2011, '04-24'],
      [2019, '04-21'],
      [2023, '04-09'],
      [2024, '03-31'],
      [2025, '04-20'],
      [2026, '04-05'],
      [2027, '03-28'],
      [2030, '04-21'],
      [2038, '04-25'],
      [2285, '03-22'],
    ];
    for (const [year, date] of published) {
      const { month, day } = easterOf(year);
      expect(`${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, String(year)).toBe(date);
    }
  });

  // The federal government's calendars of holidays and optional days (Portarias MGI for 2024, 2025, 2026).
  it('gives 2024 as the federal calendar lists it (the first year with 20 November)', () => {
    expect(days(2024)).toEqual([
      '2024-01-01 newYear national',
      '2024-02-12 carnivalMonday optional',
      '2024-02-13 carnivalTuesday optional',
      '2024-03-29 goodFriday national',
      '2024-04-21 tiradentes national',
      '2024-05-01 labourDay national',
      '2024-05-30 corpusChristi optional',
      '2024-09-07 independence national',
      '2024-10-12 aparecida national',
      '2024-11-02 allSouls national',
      '2024-11-15 republic national',
      '2024-11-20 blackConsciousness national',
      '2024-12-25 christmas national',
    ]);
  });

  it('gives 2025 and 2026 as the federal calendars list them', () => {
    expect(days(2025)).toEqual([
      '2025-01-01 newYear national',
      '2025-03-03 carnivalMonday optional',
      '2025-03-04 carnivalTuesday optional',
      '2025-04-18 goodFriday national',
      '2025-04-21 tiradentes national',
      '2025-05-01 labourDay national',
      '2025-06-19 corpusChristi optional',
      '2025-09-07 independence national',
      '2025-10-12 aparecida national',
      '2025-11-02 allSouls national',
      '2025-11-15 republic national',
      '2025-11-20 blackConsciousness national',
      '2025-12-25 christmas national',
    ]);
    expect(holidaysOf(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-06-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
  });

  it('has no 20 November before the law of 2023 made it national', () => {
    expect(holidaysOf(2023).map((h) => h.date)).toEqual([
      '2023-01-01',
      '2023-02-20',
      '2023-02-21',
      '2023-04-07',
      '2023-04-21',
      '2023-05-01',
      '2023-06-08',
      '2023-09-07',
      '2023-10-12',
      '2023-11-02',
      '2023-11-15',
      '2023-12-25',
    ]);
  });

  it('answers for a date, and leaves Ash Wednesday a working day', () => {
    expect(holidayOn('2027-03-26')).toEqual({ date: '2027-03-26', name: 'goodFriday', kind: 'national' });
    expect(holidayOn('2027-02-09')?.name).toBe('carnivalTuesday');
    expect(holidayOn('2027-02-10')).toBeNull();
    expect(holidayOn('2027-05-27')?.name).toBe('corpusChristi');
    expect(holidayOn('2027-05-28')).toBeNull();
  });
});
