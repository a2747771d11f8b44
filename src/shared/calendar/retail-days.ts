/**
 * The days Brazilian shops sell on, for any year: fixed dates, and the ones
 * that move (a Sunday of the month, the Friday after Thanksgiving).
 *
 * - Volta às aulas: the first Monday of February. The state school networks
 *   of most of the country start the year in the first week of February
 *   (São Paulo's on 3 February 2025 and 2 February 2026), and the buying of
 *   material and uniforms peaks in the week before: the reminder a week
 *   ahead lands on it.
 * - Dia das Mães and Dia dos Pais: the second Sunday of May and of August.
 * - Black Friday: the Friday after the fourth Thursday of November, as in
 *   the United States, whence Brazilian retail took it.
 * - The shop's own anniversary: a day and a month the owner gives (29
 *   February falls on the 28th in a year without one).
 *
 * Dates are calendar dates (`YYYY-MM-DD`), computed on UTC dates so that no
 * clock's time zone can move a day; pure, for the core and the window.
 */

export const RETAIL_DAYS = [
  'voltaAsAulas',
  'diaDasMaes',
  'diaDosNamorados',
  'diaDosPais',
  'diaDoCliente',
  'diaDasCriancas',
  'blackFriday',
  'natal',
  'aniversarioDaLoja',
] as const;
export type RetailDay = (typeof RETAIL_DAYS)[number];

export interface MonthDay {
  month: number;
  day: number;
}

export interface RetailDate {
  date: string;
  name: RetailDay;
}

const two = (n: number) => String(n).padStart(2, '0');
const iso = (at: Date) => `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;

/** The `nth` (1-based) `weekday` (0 Sunday … 6 Saturday) of a month (1-12). */
export function nthWeekdayOf(year: number, month: number, weekday: number, nth: number): Date {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const offset = (weekday - first.getUTCDay() + 7) % 7;
  return new Date(Date.UTC(year, month - 1, 1 + offset + (nth - 1) * 7));
}

const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A day and month in a year; 29 February is the 28th when the year has none. */
export function anniversaryIn(year: number, at: MonthDay): string {
  const day = at.month === 2 && at.day === 29 && !isLeap(year) ? 28 : at.day;
  return `${year}-${two(at.month)}-${two(day)}`;
}

/** A day and month that exist in some year (29 February does). */
export const isMonthDay = (at: MonthDay): boolean =>
  Number.isInteger(at.month) &&
  Number.isInteger(at.day) &&
  at.month >= 1 &&
  at.month <= 12 &&
  at.day >= 1 &&
  at.day <= new Date(Date.UTC(2024, at.month, 0)).getUTCDate();

/** The year's selling days in date order; the anniversary only when the shop gave one. */
export function retailDaysOf(year: number, anniversary: MonthDay | null = null): RetailDate[] {
  const thanksgiving = nthWeekdayOf(year, 11, THURSDAY, 4);
  const days: RetailDate[] = [
    { date: iso(nthWeekdayOf(year, 2, MONDAY, 1)), name: 'voltaAsAulas' },
    { date: iso(nthWeekdayOf(year, 5, SUNDAY, 2)), name: 'diaDasMaes' },
    { date: `${year}-06-12`, name: 'diaDosNamorados' },
    { date: iso(nthWeekdayOf(year, 8, SUNDAY, 2)), name: 'diaDosPais' },
    { date: `${year}-09-15`, name: 'diaDoCliente' },
    { date: `${year}-10-12`, name: 'diaDasCriancas' },
    { date: iso(new Date(thanksgiving.getTime() + 86_400_000)), name: 'blackFriday' },
    { date: `${year}-12-25`, name: 'natal' },
  ];
  if (anniversary && isMonthDay(anniversary))
    days.push({ date: anniversaryIn(year, anniversary), name: 'aniversarioDaLoja' });
  return days.sort((a, b) => a.date.localeCompare(b.date));
}
