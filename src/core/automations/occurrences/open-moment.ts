/**
 * A greeting whose moment the sending rules close (a birthday on a Sunday
 * or a national holiday, or at an hour after the window shuts) goes out at
 * the last open moment before it on the same clock, never after its day: a
 * shop owner would rather wish happy birthday on Saturday morning than on
 * Monday. The open moment is the greeting's hour on the last open day,
 * fitted into that day's hours (09:00 stays 09:00 on a Saturday open
 * 09:00-13:00; 20:00 becomes 12:59). Only the 3 days before are looked at:
 * beyond that the greeting would feel unrelated to the day, and it is
 * refused (`outside_rules`).
 *
 * Pure: the rules' calendar (closedDay, hoursOn) is shared/rules/schedule.ts's.
 */
import { closedDay, hoursOn, zonedInstant } from '../../../shared/rules/schedule';
import type { SendingRules } from '../../../shared/rules/sending-rules';
import { minutesOf } from '../../../shared/rules/week-hours';
import { addDays, dateKey, type LocalDate } from './local-date';

/** Days before the greeting's own looked at for an open moment. */
export const EARLIER_DAYS = 3;

export interface OpenMoment {
  /** When the greeting goes out. */
  at: Date;
  /** When that day's hours close: after it, the greeting has no open moment left. */
  closes: Date;
}

/** Whether the rules let `minutes` of `date` through as it is (an open day, inside its hours). */
function openAt(date: string, minutes: number, rules: SendingRules): boolean {
  if (closedDay(date, rules)) return false;
  const hours = hoursOn(date, rules);
  return hours !== null && minutes >= minutesOf(hours.start) && minutes < minutesOf(hours.end);
}

/**
 * Where a greeting for `date` at `minutes` on `zone`'s clock goes: null when
 * the rules let it through on its day (itself, or later that same day: the
 * caller's scheduleFor moves it), otherwise the last open moment before it
 * within EARLIER_DAYS, or `'none'` when there is none.
 */
export function earlierOpenMoment(
  date: LocalDate,
  minutes: number,
  zone: string,
  rules: SendingRules,
): OpenMoment | 'none' | null {
  const key = dateKey(date);
  if (openAt(key, minutes, rules)) return null;
  const own = closedDay(key, rules) ? null : hoursOn(key, rules);
  // Before its hours open on an open day: later that day, as scheduleFor moves it.
  if (own && minutes < minutesOf(own.start)) return null;
  for (let back = 0; back <= EARLIER_DAYS; back++) {
    const day = dateKey(addDays(date, -back));
    if (closedDay(day, rules)) continue;
    const hours = hoursOn(day, rules);
    if (!hours) continue;
    const end = minutesOf(hours.end);
    const at = Math.min(Math.max(minutes, minutesOf(hours.start)), end - 1);
    return { at: zonedInstant(day, at, zone), closes: zonedInstant(day, end, zone) };
  }
  return 'none';
}
