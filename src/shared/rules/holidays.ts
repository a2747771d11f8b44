/**
 * Brazil's national holidays for any year, computed here (no list to keep
 * up to date, no network): the fixed dates set by law, and the days that
 * move with Easter.
 *
 * Which days count, and why (the sending rule keeps every one of them free
 * of campaign and automation messages):
 * - `national`: the fixed national holidays (Lei 662/1949 as amended by
 *   Lei 10.607/2002: 1 Jan, 21 Apr, 1 May, 7 Sep, 2 Nov, 15 Nov, 25 Dec;
 *   Lei 6.802/1980: 12 Oct; Lei 14.759/2023: 20 Nov, from 2024), and Good
 *   Friday (Sexta-feira Santa, Easter − 2), a religious holiday by
 *   Lei 9.093/1995 kept across the country and listed as a national holiday
 *   in the federal government's yearly calendar.
 * - `optional`: days the federal calendar lists as "ponto facultativo" that
 *   most of the country takes off all the same: Carnaval Monday and Tuesday
 *   (Easter − 48 and − 47; a state holiday in Rio de Janeiro, and the
 *   country stops) and Corpus Christi (Easter + 60; a municipal holiday in
 *   São Paulo, Rio, Belo Horizonte, Curitiba and many other cities). They
 *   count: the rule exists so that nobody gets a marketing message on a day
 *   off, and on these days most people are off. Ash Wednesday does not
 *   count (work resumes at midday), nor do state and municipal holidays,
 *   which differ city by city.
 *
 * Dates are calendar dates (`YYYY-MM-DD`): a holiday is a day on the
 * recipient's own clock.
 */

export type HolidayKind = 'national' | 'optional';

/** The stable name of each day (the renderer words it in the owner's language). */
export type HolidayName =
  | 'newYear'
  | 'carnivalMonday'
  | 'carnivalTuesday'
  | 'goodFriday'
  | 'tiradentes'
  | 'labourDay'
  | 'corpusChristi'
  | 'independence'
  | 'aparecida'
  | 'allSouls'
  | 'republic'
  | 'blackConsciousness'
  | 'christmas';

export interface Holiday {
  /** `YYYY-MM-DD`. */
  date: string;
  name: HolidayName;
  kind: HolidayKind;
}

/** The first year the calendar is computed for (the Gregorian Easter rule and today's laws). */
export const FIRST_YEAR = 1990;
export const LAST_YEAR = 2300;

const two = (n: number) => String(n).padStart(2, '0');
const isoDate = (year: number, month: number, day: number) => `${year}-${two(month)}-${two(day)}`;

/**
 * Easter Sunday of a Gregorian year (the anonymous algorithm of 1876 known
 * as Meeus/Jones/Butcher): month and day.
 */
export function easterOf(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** The date `days` after (or before) Easter of `year`. */
function fromEaster(year: number, days: number): string {
  const { month, day } = easterOf(year);
  const at = new Date(Date.UTC(year, month - 1, day + days));
  return isoDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

const FIXED: readonly { month: number; day: number; name: HolidayName; since?: number }[] = [
  { month: 1, day: 1, name: 'newYear' },
  { month: 4, day: 21, name: 'tiradentes' },
  { month: 5, day: 1, name: 'labourDay' },
  { month: 9, day: 7, name: 'independence' },
  { month: 10, day: 12, name: 'aparecida' },
  { month: 11, day: 2, name: 'allSouls' },
  { month: 11, day: 15, name: 'republic' },
  { month: 11, day: 20, name: 'blackConsciousness', since: 2024 },
  { month: 12, day: 25, name: 'christmas' },
];

const cache = new Map<number, readonly Holiday[]>();

/** The year's holidays in date order. */
export function holidaysOf(year: number): readonly Holiday[] {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) return [];
  let list = cache.get(year);
  if (list) return list;
  const days: Holiday[] = FIXED.filter((f) => f.since === undefined || year >= f.since).map((f) => ({
    date: isoDate(year, f.month, f.day),
    name: f.name,
    kind: 'national',
  }));
  days.push(
    { date: fromEaster(year, -48), name: 'carnivalMonday', kind: 'optional' },
    { date: fromEaster(year, -47), name: 'carnivalTuesday', kind: 'optional' },
    { date: fromEaster(year, -2), name: 'goodFriday', kind: 'national' },
    { date: fromEaster(year, 60), name: 'corpusChristi', kind: 'optional' },
  );
  list = Object.freeze(days.sort((a, b) => a.date.localeCompare(b.date)));
  cache.set(year, list);
  return list;
}

/** The holiday on a `YYYY-MM-DD` date, or null. */
export function holidayOn(date: string): Holiday | null {
  return holidaysOf(Number(date.slice(0, 4))).find((h) => h.date === date) ?? null;
}
