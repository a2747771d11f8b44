import { fromZonedTime } from 'date-fns-tz/fromZonedTime';
import { toZonedTime } from 'date-fns-tz/toZonedTime';
import { dateFormat } from '@shared/display-format';

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

/**
 * A schedule "at 10:00" on each customer's own clock is kept as a wall-clock
 * time without a zone (`2026-12-06T10:00`, the core's form); an instant
 * (ISO with Z) is one moment for everyone (drafts saved before the sending rules).
 */
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
export const isWallClock = (scheduleAt: string): boolean => WALL.test(scheduleAt);

/** The picker's value (a local timestamp) as a wall-clock time on each customer's clock. */
export function wallOfPicker(pickerValue: number): string {
  const d = new Date(pickerValue);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A wall-clock schedule as the picker shows it. */
export function pickerOfWall(wall: string): number {
  const [, y, m, d, h, mi] = WALL.exec(wall)!.map(Number);
  return new Date(y!, m! - 1, d!, h!, mi!).getTime();
}

/** A schedule in words: a wall-clock time as written, an instant on `zone`'s clock. */
export function formatSchedule(scheduleAt: string, zone: string, locale: string): string {
  if (!isWallClock(scheduleAt)) return formatInZone(scheduleAt, zone, locale);
  return dateFormat(locale, { dateStyle: 'full', timeStyle: 'short' }, 'UTC').format(
    new Date(`${scheduleAt}:00Z`),
  );
}

/** When a schedule comes, as an instant: a wall-clock time read on `zone`'s clock (Brasília's, the app's). */
export function scheduleInstant(scheduleAt: string, zone: string): number {
  return isWallClock(scheduleAt) ? fromZonedTime(scheduleAt, zone).getTime() : Date.parse(scheduleAt);
}
