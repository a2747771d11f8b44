/**
 * A contact's birthday: a day and a month, and the year when it is known
 * ("15/03" from a file that gives no year is a value, not a failure). Kept
 * in the contacts table as month × 100 + day and the year apart
 * (the `contact-birthdays` migration), so a day's birthdays are one index lookup.
 *
 * A birthday is refused when the day does not exist (31/02, 29/02 of a
 * year that had none) or when its year makes an age outside 0 to 120
 * (a typo: 1899, 2089), both with their reason.
 */
import { dayExists, readDateCell, type DayOrder } from './dates/read-date-cell';

export interface ContactBirthday {
  day: number;
  month: number;
  year: number | null;
}

/** The oldest and youngest ages a birthday may give. */
export const BIRTHDAY_AGES = { min: 0, max: 120 } as const;

export type BirthdayProblem = 'impossible' | 'age';

/** month × 100 + day: `315` for 15/03. */
export const birthdayNumber = (b: Pick<ContactBirthday, 'day' | 'month'>): number => b.month * 100 + b.day;

/** A birthday from its two columns; null when there is none. */
export function birthdayOf(md: number | null, year: number | null): ContactBirthday | null {
  if (md === null) return null;
  return { day: md % 100, month: Math.floor(md / 100), year };
}

/** The age reached on `now`'s date (Brasília time is near enough for an age). */
export function ageOn(b: ContactBirthday, now: Date): number | null {
  if (b.year === null) return null;
  const year = now.getUTCFullYear();
  const passed =
    now.getUTCMonth() + 1 > b.month || (now.getUTCMonth() + 1 === b.month && now.getUTCDate() >= b.day);
  return year - b.year - (passed ? 0 : 1);
}

/** Why a birthday cannot be kept, or null. */
export function birthdayProblem(b: ContactBirthday, now: Date): BirthdayProblem | null {
  if (
    !Number.isInteger(b.day) ||
    !Number.isInteger(b.month) ||
    (b.year !== null && !Number.isInteger(b.year))
  )
    return 'impossible';
  if (!dayExists(b)) return 'impossible';
  const age = ageOn(b, now);
  if (age !== null && (age < BIRTHDAY_AGES.min || age > BIRTHDAY_AGES.max)) return 'age';
  return null;
}

/** `15/03/1990`, or `15/03` when the year is unknown. */
export function formatBirthday(b: ContactBirthday): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(b.day)}/${two(b.month)}${b.year === null ? '' : `/${b.year}`}`;
}

/** Why a cell could not be kept as a birthday: not a date, a day that does not exist, an age outside 0-120. */
export type BirthdayCellProblem = 'unreadable' | BirthdayProblem;

/**
 * A birthday column's cell as a birthday (null when empty), read by the one
 * date-cell reader in the column's day order, Excel serials included.
 */
export function readBirthdayCell(
  text: string,
  order: DayOrder,
  now: Date,
): { ok: true; birthday: ContactBirthday | null } | { ok: false; problem: BirthdayCellProblem } {
  const reading = readDateCell(text, { order, serials: true, now });
  if (!reading.ok) {
    if (reading.reason === 'empty') return { ok: true, birthday: null };
    return { ok: false, problem: reading.reason === 'impossible' ? 'impossible' : 'unreadable' };
  }
  const birthday: ContactBirthday = reading.date;
  const problem = birthdayProblem(birthday, now);
  return problem === null ? { ok: true, birthday } : { ok: false, problem };
}
