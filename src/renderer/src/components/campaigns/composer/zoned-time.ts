import { fromZonedTime, toZonedTime } from 'date-fns-tz';
import { dateFormat } from '../../../../../shared/display-format';

/**
 * The schedule is chosen as a date and time on the clock of the campaign's
 * time zone (America/Sao_Paulo by default), whatever zone this computer is
 * in. The date picker works in the computer's zone, so its value holds that
 * wall-clock time as if it were local; these two functions convert it to and
 * from the instant the wire wants (ISO 8601 with milliseconds and Z).
 */

/** The picker value (a local timestamp) showing `iso` as the clock in `zone` reads it. */
export function pickerValueOf(iso: string, zone: string): number {
  return toZonedTime(iso, zone).getTime();
}

/** The instant at which the clock in `zone` shows the picker's date and time (whole minutes). */
export function scheduleOf(pickerValue: number, zone: string): string {
  const wall = new Date(pickerValue);
  wall.setSeconds(0, 0);
  return fromZonedTime(wall, zone).toISOString();
}

/** `iso` as a date and time in `zone`, e.g. `sexta-feira, 21 de março de 2025 às 09:00`. */
export function formatInZone(iso: string, zone: string, locale: string): string {
  return dateFormat(locale, { dateStyle: 'full', timeStyle: 'short' }, zone).format(new Date(iso));
}

/** A short date and time in `zone`, e.g. `21/03/2025, 09:00`. */
export function formatShortInZone(iso: string, zone: string, locale: string): string {
  return dateFormat(locale, { dateStyle: 'short', timeStyle: 'short' }, zone).format(new Date(iso));
}

/** Brazil's time zones, the default first (the select offers these). */
export const BRAZIL_TIME_ZONES = [
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Cuiaba',
  'America/Rio_Branco',
  'America/Noronha',
] as const;
