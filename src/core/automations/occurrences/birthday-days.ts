/**
 * Birthdays on the calendar. A birthday is a day and a month (the year of
 * birth, when known, only gives an age). 29 February is celebrated on
 * 28 February in the years that have no 29th: never on 1 March, never
 * skipped.
 *
 * In SQL a birthday is one number, month × 100 + day (`315` for 15/03), so
 * one index finds a day's birthdays and a month's are a range.
 */
import { addDays, isLeapYear, type LocalDate } from './local-date';

/** A day and month of birth, and the year when it is known. */
export interface Birthday {
  day: number;
  month: number;
  year: number | null;
}

/** month × 100 + day: the form a birthday is indexed in (`contacts.birth_md`). */
export const monthDayNumber = (month: number, day: number): number => month * 100 + day;

/** The birthdays (as month-day numbers) celebrated on `date`: on 28/02 of a common year, the 29ths too. */
export function birthdaysOn(date: LocalDate): number[] {
  const own = monthDayNumber(date.month, date.day);
  return date.month === 2 && date.day === 28 && !isLeapYear(date.year) ? [own, 229] : [own];
}

/** The date a birthday is celebrated in `year` (29/02 on 28/02 when the year has no 29th). */
export function celebratedIn(birthday: Pick<Birthday, 'day' | 'month'>, year: number): LocalDate {
  if (birthday.month === 2 && birthday.day === 29 && !isLeapYear(year)) return { year, month: 2, day: 28 };
  return { year, month: birthday.month, day: birthday.day };
}

/**
 * A birthday automation that greets `daysBefore` days ahead sends on `date`
 * for the birthdays celebrated `daysBefore` days later: that date, whose year
 * is the one the greeting counts against ("once per birthday per year").
 */
export const celebratedFrom = (sendDate: LocalDate, daysBefore: number): LocalDate =>
  addDays(sendDate, daysBefore);
