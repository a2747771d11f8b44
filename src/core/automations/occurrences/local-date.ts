/**
 * A calendar date with no time and no zone: the day an occurrence is for, as
 * the recipient's wall calendar shows it. Arithmetic goes through UTC
 * midnights, where every day has 24 hours (no daylight-saving change), so
 * adding a day is always the next date.
 */
export interface LocalDate {
  year: number;
  /** 1-12. */
  month: number;
  /** 1-31. */
  day: number;
}

/** Days of the week as the rules name them; index 0 is Sunday, as Date.getUTCDay counts. */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const DAY_MS = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');

const utcOf = (d: LocalDate): number => Date.UTC(d.year, d.month - 1, d.day);

const fromUtc = (ms: number): LocalDate => {
  const at = new Date(ms);
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
};

/** `2026-03-05`: how a date is stored and compared (text order is date order). */
export const dateKey = (d: LocalDate): string =>
  `${String(d.year).padStart(4, '0')}-${two(d.month)}-${two(d.day)}`;

/** The date of a `YYYY-MM-DD` key; null when it is not one or does not exist (2026-02-30). */
export function parseDateKey(key: string): LocalDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isRealDate(date) ? date : null;
}

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const isRealDate = (d: LocalDate): boolean =>
  Number.isInteger(d.year) &&
  Number.isInteger(d.month) &&
  Number.isInteger(d.day) &&
  d.month >= 1 &&
  d.month <= 12 &&
  d.day >= 1 &&
  d.day <= daysInMonth(d.year, d.month);

export const addDays = (d: LocalDate, days: number): LocalDate => fromUtc(utcOf(d) + days * DAY_MS);

export const compareDates = (a: LocalDate, b: LocalDate): number => utcOf(a) - utcOf(b);

export const weekdayOf = (d: LocalDate): Weekday => WEEKDAYS[new Date(utcOf(d)).getUTCDay()]!;

/** Every date from `from` to `to`, both included (none when `to` is earlier). */
export function* eachDate(from: LocalDate, to: LocalDate): Generator<LocalDate> {
  for (let ms = utcOf(from), end = utcOf(to); ms <= end; ms += DAY_MS) yield fromUtc(ms);
}
