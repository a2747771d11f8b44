/**
 * Quiet hours: a campaign may send only inside a daily window (`HH:MM` to
 * `HH:MM`, in the campaign's IANA time zone; the start is included, the end
 * is not, and an end before the start wraps midnight: 20:00–08:00 is the
 * night). Outside it, batches are held until the window next opens.
 *
 * Times are computed with Intl (the zone's rules, including daylight saving
 * time), never with the machine's own zone: the shop and its customers are in
 * the campaign's zone wherever the computer is.
 */
import type { QuietHours } from '../../../shared/dto/campaigns';

export type WindowState = { open: true } | { open: false; opensAt: Date };

interface LocalTime {
  year: number;
  month: number;
  day: number;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(instant: number, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return out;
}

function localTime(instant: number, timeZone: string): LocalTime {
  const p = parts(instant, timeZone);
  return { year: p.year!, month: p.month!, day: p.day!, minutes: p.hour! * 60 + p.minute! };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const p = parts(instant, timeZone);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in `timeZone`. Two passes settle the
 * offset across a daylight-saving change. A wall time that does not exist
 * (skipped by the clock going forward) comes out late by the skipped time
 * (02:30 on a night that jumps from 02:00 to 03:00 gives 03:30), never early:
 * early would find the window still shut and look again at once.
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  minutes: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, Math.floor(minutes / 60), minutes % 60);
  let instant = wall - zoneOffset(wall, timeZone);
  const second = wall - zoneOffset(instant, timeZone);
  if (second !== instant) instant = Math.max(instant, second);
  return new Date(instant);
}

export const clockMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

const isInside = (minutes: number, start: number, end: number): boolean =>
  start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;

/** Whether `now` is inside the window, and if not, when it next opens. */
export function sendWindowState(window: QuietHours, timeZone: string, now: Date): WindowState {
  const start = clockMinutes(window.start);
  const end = clockMinutes(window.end);
  const local = localTime(now.getTime(), timeZone);
  if (isInside(local.minutes, start, end)) return { open: true };
  // Closed: it opens today at `start` if that is still ahead on the wall clock, else tomorrow.
  const today = { year: local.year, month: local.month, day: local.day };
  if (local.minutes < start)
    return { open: false, opensAt: later(zonedInstant(today, start, timeZone), now) };
  const next = new Date(Date.UTC(local.year, local.month - 1, local.day + 1));
  const tomorrow = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
  return { open: false, opensAt: later(zonedInstant(tomorrow, start, timeZone), now) };
}

/** Never an opening at or before now (a zone's odd day must not make the worker spin). */
const later = (opensAt: Date, now: Date): Date =>
  opensAt.getTime() > now.getTime() ? opensAt : new Date(now.getTime() + 60_000);
