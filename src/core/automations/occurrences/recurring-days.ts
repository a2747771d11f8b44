/**
 * The dates a recurring automation sends on: every day, on chosen days of
 * the week, or on one day of the month (the 31st is the last day of a
 * shorter month: 30/04, 28/02 or 29/02), from its first date to its last
 * (both included; no last date: for ever).
 */
import {
  compareDates,
  daysInMonth,
  parseDateKey,
  weekdayOf,
  type LocalDate,
  type Weekday,
} from './local-date';

export type Every =
  { unit: 'day' } | { unit: 'week'; weekdays: readonly Weekday[] } | { unit: 'month'; day: number };

export interface Recurrence {
  every: Every;
  /** `YYYY-MM-DD`, the first date it may send on. */
  from: string;
  /** `YYYY-MM-DD`, the last date it may send on; null: no end. */
  until: string | null;
}

/** Whether the rule's calendar has this date (regardless of its first and last dates). */
export function fallsOn(every: Every, date: LocalDate): boolean {
  switch (every.unit) {
    case 'day':
      return true;
    case 'week':
      return every.weekdays.includes(weekdayOf(date));
    case 'month':
      return date.day === Math.min(every.day, daysInMonth(date.year, date.month));
  }
}

/** Whether a recurring automation sends on `date`. */
export function recursOn(rule: Recurrence, date: LocalDate): boolean {
  const from = parseDateKey(rule.from);
  const until = rule.until === null ? null : parseDateKey(rule.until);
  if (from && compareDates(date, from) < 0) return false;
  if (until && compareDates(date, until) > 0) return false;
  return fallsOn(rule.every, date);
}
