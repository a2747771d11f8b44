import type { CalendarEntryView } from '@shared/dto/gallery';
import { APP_TIME_ZONE } from '@shared/display-format';

/**
 * Days of the retail calendar as the owner counts them: on the shop's date
 * (Brasília, as the core's calendar and its reminders are), whole days apart.
 * Dates are `YYYY-MM-DD` throughout, compared as text.
 */

/** The shop's date at `now` (`YYYY-MM-DD`). */
export function shopToday(now: number = Date.now()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: APP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / 86_400_000;
};

/** Whole days from `today` to `date` (0: today; negative: past). */
export const daysBetween = (today: string, date: string): number => dayNumber(date) - dayNumber(today);

/** `25/12` (pt-BR) or `25/12` (en-GB: the English UI writes day first too). */
export const dayMonth = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** "em 12 dias", "amanhã", "hoje" / "in 12 days", "tomorrow", "today". */
export function inDays(days: number, locale: string): string {
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day');
}

/** The entries from `today` on, in date order, the retail days first on a day both fall on. */
export function upcoming(entries: readonly CalendarEntryView[], today: string): CalendarEntryView[] {
  return entries
    .filter((e) => e.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'retail' ? -1 : 1));
}

/** A retail day whose reminder has come (from its `remindAt` to the day itself). */
export const isReminding = (entry: CalendarEntryView, today: string): boolean =>
  entry.kind === 'retail' && entry.remindAt !== undefined && entry.remindAt <= today && today <= entry.date;
