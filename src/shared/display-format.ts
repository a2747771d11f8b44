/**
 * How money and dates read in each app language, the same in the window and
 * in the core's notifications and names.
 *
 * - Money: `R$ 1.234,56` in pt-BR and `R$ 1,234.56` in English. The real is
 *   written with a space in both (Intl's English has `R$1,234.56`, which sat
 *   beside the core's `R$ 10.00` on the same screen).
 * - Dates: day before month and a 24-hour clock in both languages (a shop in
 *   Brazil reads `25/11/2026, 14:05`, never `11/25/26, 2:05 PM`).
 * - Time zone: Brasília time (America/Sao_Paulo), whatever zone the computer
 *   is set to. It is the clock campaigns are scheduled on by default, the one
 *   campaign names were already stamped with, and the official time Brazilian
 *   businesses, banks and carriers quote; one zone means a time read in the
 *   history, a report or a notification is the same time the composer offered.
 *   A campaign scheduled on another Brazilian zone still shows its schedule
 *   on that zone's clock, named (zoned-time.ts in the renderer).
 */
// No import of the contracts here: they build zod schemas on load, before the renderer sets zod up.
export const APP_TIME_ZONE = 'America/Sao_Paulo';

/** The Intl locale for dates in an app language: English dates are written day first, on a 24-hour clock. */
export const dateLocale = (language: string): string => (language.startsWith('en') ? 'en-GB' : language);

const numberFormats = new Map<string, Intl.NumberFormat>();

/** `R$ 1.234,56` (pt-BR) or `R$ 1,234.56` (en), with a no-break space after `R$`. */
export function formatBrl(amount: number, language: string): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    numberFormats.set(language, format);
  }
  // A sign only when something is left after rounding to the centavo (no "-R$ 0,00").
  const negative = Math.round(amount * 100) < 0;
  return `${negative ? '-' : ''}R$\u00a0${format.format(Math.abs(amount))}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter for dates in `language`, on `timeZone`'s clock (Brasília time unless told). */
export function dateFormat(
  language: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string = APP_TIME_ZONE,
): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(language), { hourCycle: 'h23', ...options, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

/** `25/11/2026, 14:05` in both languages, on Brasília time (or `timeZone`'s). */
export function formatDateTime(at: string | number | Date, language: string, timeZone?: string): string {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at;
  if (Number.isNaN(ms)) return String(at);
  return dateFormat(language, { dateStyle: 'short', timeStyle: 'short' }, timeZone).format(ms);
}
