/**
 * THE schedule function: when a message to one recipient goes out. Given
 * what the sender wants (now, a given instant, or a wall-clock time such as
 * "09:00 on 5 December" on the recipient's own clock) and the sending rules,
 * it gives the instant, moved forward to the next slot the rules allow in
 * the recipient's time zone (DDD → zone, or the contact's own), and why it
 * moved. Campaigns (at freeze, and again at send time when a slot has
 * passed), automations and test sends all ask here; nothing else decides a
 * message's `schedule`.
 *
 * Pure: date-fns-tz reads the zone's clock (Intl's tz data); no Node, no DOM.
 */
import { formatInTimeZone, fromZonedTime } from '../dates/zoned-clock';
import { zoneOfPhone } from './ddd-zones';
import { holidayOn } from './holidays';
import type { SendingRules } from './sending-rules';
import { minutesOf, WEEKDAYS, type DayHours } from './week-hours';

/** What the sender asked for. */
export type Wanted =
  /** As soon as the rules allow. */
  | { kind: 'now' }
  /** This instant (or, when it is past, now); then as soon as the rules allow. */
  | { kind: 'instant'; at: Date }
  /** This wall-clock time on the recipient's own clock (`YYYY-MM-DD`, `HH:MM`). */
  | { kind: 'local'; date: string; time: string };

/** Why a message goes out later than wanted: the first rule it met. */
export type MoveReason = 'window' | 'sunday' | 'holiday';

export interface ScheduleDecision {
  /** When it goes out. */
  at: Date;
  /** Null: when wanted (or now). */
  moved: MoveReason | null;
  /** The zone it was timed in. */
  zone: string;
}

/** Who it is for: the number, and the contact's own zone when it has one. */
export interface ScheduleRecipient {
  phone: string;
  zone?: string | null;
}

/** Days looked ahead before giving up: a window that opens Monday to Saturday always opens within a week. */
const HORIZON_DAYS = 40;
const ALL_DAY: DayHours = { start: '00:00', end: '24:00' };

/**
 * `YYYY-MM-DD` that many days before `date` (a negative count: after). The
 * calendar's one day arithmetic, on UTC midnights where every day has 24
 * hours; the gallery's relative days and the retail calendar use it too.
 */
export function dayBefore(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - days)).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` the day after. */
const nextDate = (date: string): string => dayBefore(date, -1);

/** Monday is 0 … Sunday 6, like WEEKDAYS. */
function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return (new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The instant a wall-clock time happens in `zone`. Brazil keeps no daylight
 * saving time now; should a zone skip an hour again, date-fns-tz places a
 * time that does not exist after the jump, never before.
 */
export const zonedInstant = (date: string, minutes: number, zone: string): Date =>
  fromZonedTime(`${date}T${clock(minutes)}:00`, zone);

/** The date and minute of the day an instant shows on `zone`'s clock. */
export function localClock(at: Date, zone: string): { date: string; minutes: number } {
  const [date, time] = formatInTimeZone(at, zone, "yyyy-MM-dd'T'HH:mm").split('T');
  return { date: date!, minutes: minutesOf(time!) };
}

/** Why a whole day (`YYYY-MM-DD`) is closed, or null. */
export function closedDay(date: string, rules: SendingRules): MoveReason | null {
  if (rules.sundays && weekdayOf(date) === 6) return 'sunday';
  if (rules.holidays && holidayOn(date) !== null) return 'holiday';
  return null;
}

/** A day's sending hours (all day when the window is off); null: none. */
export function hoursOn(date: string, rules: SendingRules): DayHours | null {
  return rules.window.on ? rules.window.hours[WEEKDAYS[weekdayOf(date)]!] : ALL_DAY;
}

export function scheduleFor(
  recipient: ScheduleRecipient,
  wanted: Wanted,
  rules: SendingRules,
  now: Date,
): ScheduleDecision {
  const zone = zoneOfPhone(recipient.phone, recipient.zone);
  let start =
    wanted.kind === 'now'
      ? now
      : wanted.kind === 'instant'
        ? wanted.at
        : zonedInstant(wanted.date, minutesOf(wanted.time), zone);
  if (start.getTime() < now.getTime()) start = now;

  let { date, minutes } = localClock(start, zone);
  let moved: MoveReason | null = null;
  for (let day = 0; day < HORIZON_DAYS; day++) {
    const closed = closedDay(date, rules);
    const hours = closed ? null : hoursOn(date, rules);
    if (hours) {
      const opens = minutesOf(hours.start);
      if (minutes < minutesOf(hours.end)) {
        if (minutes >= opens && moved === null) return { at: start, moved: null, zone };
        return { at: zonedInstant(date, Math.max(minutes, opens), zone), moved: moved ?? 'window', zone };
      }
    }
    moved ??= closed ?? 'window';
    date = nextDate(date);
    minutes = 0;
  }
  throw new Error('The sending rules leave no day to send on.');
}

/**
 * One decision per zone for many recipients wanting the same thing at the
 * same `now` (a campaign's freeze): every recipient of a zone gets the same
 * instant, so a million recipients cost a handful of computations.
 */
export function scheduleMemo(wanted: Wanted, rules: SendingRules, now: Date) {
  const byZone = new Map<string, ScheduleDecision>();
  return (recipient: ScheduleRecipient): ScheduleDecision => {
    const zone = zoneOfPhone(recipient.phone, recipient.zone);
    let decision = byZone.get(zone);
    if (!decision) {
      decision = scheduleFor({ phone: recipient.phone, zone }, wanted, rules, now);
      byZone.set(zone, decision);
    }
    return decision;
  };
}

/** A campaign's `scheduleAt` as a wall-clock time on each recipient's clock: `YYYY-MM-DDTHH:MM`. */
export const LOCAL_SCHEDULE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/**
 * What a campaign's `scheduleAt` asks for: null is now; `YYYY-MM-DDTHH:MM`
 * that time on each recipient's own clock; an ISO instant with `Z` (set
 * before schedules were local, or given with an offset) that instant.
 */
export function wantedOf(scheduleAt: string | null): Wanted {
  if (scheduleAt === null) return { kind: 'now' };
  const local = LOCAL_SCHEDULE.exec(scheduleAt);
  if (local) return { kind: 'local', date: local[1]!, time: local[2]! };
  return { kind: 'instant', at: new Date(scheduleAt) };
}

/**
 * The earliest instant a schedule can mean (a local time reaches Fernando de
 * Noronha first): before it, nobody's message has gone out; a campaign
 * scheduled for a time this far in the past is not scheduled any more.
 */
export function earliestOf(scheduleAt: string): Date {
  const wanted = wantedOf(scheduleAt);
  return wanted.kind === 'local'
    ? zonedInstant(wanted.date, minutesOf(wanted.time), 'America/Noronha')
    : wanted.kind === 'instant'
      ? wanted.at
      : new Date(0);
}

/** Days before a greeting's own looked at for an open moment. */
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
 * A greeting whose moment the sending rules close (a birthday on a Sunday or
 * a national holiday, or at an hour after the window shuts) goes out at the
 * last open moment before it on the same clock, never after its day: a shop
 * owner would rather wish happy birthday on Saturday morning than on Monday.
 * The open moment is the greeting's hour on the last open day, fitted into
 * that day's hours (09:00 stays 09:00 on a Saturday open 09:00-13:00; 20:00
 * becomes 12:59). Only EARLIER_DAYS before are looked at: beyond that the
 * greeting would feel unrelated to the day.
 *
 * Null when the rules let `minutes` of `date` (`YYYY-MM-DD`) on `zone`'s
 * clock through on its day (itself, or later that same day: scheduleFor
 * moves it); `'none'` when no open moment is near enough.
 */
export function earlierOpenMoment(
  date: string,
  minutes: number,
  zone: string,
  rules: SendingRules,
): OpenMoment | 'none' | null {
  if (openAt(date, minutes, rules)) return null;
  const own = closedDay(date, rules) ? null : hoursOn(date, rules);
  // Before its hours open on an open day: later that day, as scheduleFor moves it.
  if (own && minutes < minutesOf(own.start)) return null;
  for (let back = 0; back <= EARLIER_DAYS; back++) {
    const day = dayBefore(date, back);
    if (closedDay(day, rules)) continue;
    const hours = hoursOn(day, rules);
    if (!hours) continue;
    const end = minutesOf(hours.end);
    const at = Math.min(Math.max(minutes, minutesOf(hours.start)), end - 1);
    return { at: zonedInstant(day, at, zone), closes: zonedInstant(day, end, zone) };
  }
  return 'none';
}
