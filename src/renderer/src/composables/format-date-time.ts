import { dateFormat, formatDateTime as formatShared } from '@shared/display-format';

/**
 * Dates as the user reads them, in one zone and one form per language:
 * Brasília time, day first, 24-hour clock (why: shared/display-format.ts).
 * Every date the window shows goes through here or through zoned-time.ts
 * (a campaign's own schedule zone).
 */

/** A service date as the user reads it (`14/03/2025, 13:05`); an unreadable one as it came. */
export const formatDateTime = (iso: string, locale: string): string => formatShared(iso, locale);

/** The time of day (`13:05`), on Brasília time. */
export const formatTimeOfDay = (ms: number, locale: string): string =>
  dateFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(ms);

/** Day and month (`14/03`), on Brasília time. */
export const formatDayMonth = (ms: number, locale: string): string =>
  dateFormat(locale, { day: '2-digit', month: '2-digit' }).format(ms);

/** The day in words (`sexta-feira, 14 de março`), on Brasília time. */
export const formatDayInWords = (ms: number, locale: string): string =>
  dateFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(ms);
