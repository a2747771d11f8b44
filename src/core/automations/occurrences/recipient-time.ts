/**
 * When one recipient's message of an occurrence goes out: "09:00 on their
 * birthday" is an instant that depends on the recipient's clock, and the
 * catch-up policy decides what a late one does.
 *
 * - On time (its moment is still ahead): it goes at that moment.
 * - Late, its day not over (the computer was off at 09:00 and on at 15:00):
 *   it goes now, late that day.
 * - Late past its day: it is skipped (and logged), never sent a day late.
 *
 * `decideTime` is the one function the automations ask for a time. The
 * recipient's clock is the app's one (shared/rules/ddd-zones.ts: the DDD,
 * or the contact's own zone, which wins for DDDs 81 and 97); the sending
 * rules' window, Sundays and holidays are applied by the hand-over
 * (campaigns/handover/hand-over.ts, with scheduleFor), which refuses a
 * message they would move past its day. A greeting given the rules
 * (`earlier`) is first moved back to the last open moment before a closed
 * day (open-moment.ts), so the hand-over has nothing to move.
 */
import { formatInTimeZone, fromZonedTime } from '../../../shared/dates/zoned-clock';
import { APP_TIME_ZONE } from '../../../shared/display-format';
import { zoneOfPhone } from '../../../shared/rules/ddd-zones';
import type { SendingRules } from '../../../shared/rules/sending-rules';
import { addDays, dateKey, minutesOf, parseDateKey, type LocalDate } from './local-date';
import { earlierOpenMoment } from './open-moment';

export interface TimedRecipient {
  phone: string;
  /** The contact's own zone, when it has one (a DDD that covers two clocks). */
  zone?: string | null;
}

export type TimeDecision =
  /** `at`: the message's schedule; null: at once (late, inside its day). `until`: its day's end. */
  { send: true; at: Date | null; until: Date } | { send: false; until: Date };

/** Wall-clock time in a zone as an instant. */
export function zonedInstant(date: LocalDate, minutes: number, zone: string): Date {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return fromZonedTime(`${dateKey(date)}T${hh}:${mm}:00`, zone);
}

/** The calendar date in a zone at an instant. */
export const zonedDate = (at: Date, zone: string): LocalDate =>
  parseDateKey(formatInTimeZone(at, zone, 'yyyy-MM-dd'))!;

/** The app's calendar (Brasília time): "today" on its pages, in its forecast and in its rounds. */
export const appDate = (at: Date): LocalDate => zonedDate(at, APP_TIME_ZONE);

/** An occurrence's time on the app's clock (the one the pages show). */
export const appInstant = (date: LocalDate, minutes: number): Date =>
  zonedInstant(date, minutes, APP_TIME_ZONE);

/** The recipient's zone. */
const zoneOf = (recipient: TimedRecipient): string => zoneOfPhone(recipient.phone, recipient.zone);

/**
 * An occurrence's moment and its day's end on one clock, by zone, date and
 * hour: the same for each of a day's few thousand recipients, and reading a
 * zone's rules (Intl) for each of them took most of a round.
 */
const moments = new Map<string, { wanted: number; until: number }>();
const MOMENTS_KEPT = 4_096;

function momentsOf(zone: string, date: LocalDate, hhmm: string): { wanted: number; until: number } {
  const key = `${zone} ${dateKey(date)} ${hhmm}`;
  let found = moments.get(key);
  if (!found) {
    const wanted = zonedInstant(date, minutesOf(hhmm), zone);
    const until = zonedInstant(addDays(zonedDate(wanted, zone), 1), 0, zone);
    found = { wanted: wanted.getTime(), until: until.getTime() };
    if (moments.size >= MOMENTS_KEPT) moments.clear();
    moments.set(key, found);
  }
  return found;
}

/** On time (`wanted` ahead), late but before `end`, or not at all. */
function decide(wanted: number, end: number, now: Date): TimeDecision {
  const until = new Date(end);
  if (wanted > now.getTime()) return { send: true, at: new Date(wanted), until };
  return now.getTime() < end ? { send: true, at: null, until } : { send: false, until };
}

/**
 * When the recipient's message for `date` at `hhmm` goes out, at `now`: on
 * time, late that day, or not at all. With `earlier` (a greeting's sending
 * rules), a moment the rules close is moved back to the last open one
 * before it, and is late until that day's hours close.
 */
export function decideTime(
  recipient: TimedRecipient,
  date: LocalDate,
  hhmm: string,
  now: Date,
  earlier?: SendingRules,
): TimeDecision {
  const zone = zoneOf(recipient);
  const open = earlier ? earlierOpenMoment(date, minutesOf(hhmm), zone, earlier) : null;
  if (open !== null && open !== 'none') return decide(open.at.getTime(), open.closes.getTime(), now);
  const { wanted, until } = momentsOf(zone, date, hhmm);
  return decide(wanted, until, now);
}

/**
 * An occurrence's time on the app's clock as its greetings go (moved back
 * from a closed day with `earlier`): when the round hands it over.
 */
export function occurrenceInstant(earlier?: SendingRules): (date: LocalDate, minutes: number) => Date {
  return (date, minutes) => {
    const open = earlier ? earlierOpenMoment(date, minutes, APP_TIME_ZONE, earlier) : null;
    return open !== null && open !== 'none' ? open.at : appInstant(date, minutes);
  };
}
