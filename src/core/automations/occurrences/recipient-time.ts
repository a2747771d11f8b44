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
 * `recipientTimes` is what the automations ask for a time, per occurrence:
 * the instants come from the app's one clock (shared/rules/schedule.ts:
 * `zonedInstant`, and `earlierOpenMoment` for a greeting the rules close),
 * the recipient's zone from shared/rules/ddd-zones.ts (the DDD, or the
 * contact's own zone, which wins for DDDs 81 and 97). What is left here is
 * the automations' own catch-up policy above. The sending rules' window,
 * Sundays and holidays are applied by the hand-over (scheduleFor, in
 * campaigns/handover/hand-over.ts), which refuses a message they would move
 * past its day; a greeting given the rules (`earlier`) is first moved back
 * to the last open moment before a closed day, so the hand-over has nothing
 * to move.
 */
import { formatInTimeZone } from '../../../shared/dates/zoned-clock';
import { APP_TIME_ZONE } from '../../../shared/display-format';
import { zoneOfPhone } from '../../../shared/rules/ddd-zones';
import { earlierOpenMoment, zonedInstant } from '../../../shared/rules/schedule';
import type { SendingRules } from '../../../shared/rules/sending-rules';
import { minutesOf } from '../../../shared/rules/week-hours';
import { addDays, dateKey, parseDateKey, type LocalDate } from './local-date';

export interface TimedRecipient {
  phone: string;
  /** The contact's own zone, when it has one (a DDD that covers two clocks). */
  zone?: string | null;
}

export type TimeDecision =
  /** `at`: the message's schedule; null: at once (late, inside its day). `until`: its day's end. */
  { send: true; at: Date | null; until: Date } | { send: false; until: Date };

/** The calendar date in a zone at an instant. */
export const zonedDate = (at: Date, zone: string): LocalDate =>
  parseDateKey(formatInTimeZone(at, zone, 'yyyy-MM-dd'))!;

/** The app's calendar (Brasília time): "today" on its pages, in its forecast and in its rounds. */
export const appDate = (at: Date): LocalDate => zonedDate(at, APP_TIME_ZONE);

/** An occurrence's time on the app's clock (the one the pages show). */
export const appInstant = (date: LocalDate, minutes: number): Date =>
  zonedInstant(dateKey(date), minutes, APP_TIME_ZONE);

/** On time (`wanted` ahead), late but before `end`, or not at all. */
function decide(wanted: number, end: number, now: Date): TimeDecision {
  const until = new Date(end);
  if (wanted > now.getTime()) return { send: true, at: new Date(wanted), until };
  return now.getTime() < end ? { send: true, at: null, until } : { send: false, until };
}

/**
 * When each recipient's message for `date` at `hhmm` goes out, at `now`: on
 * time, late that day, or not at all. With `earlier` (a greeting's sending
 * rules), a moment the rules close is moved back to the last open one
 * before it, and is late until that day's hours close.
 *
 * One decision per zone: an occurrence's few thousand recipients live on a
 * handful of clocks, and reading a zone's rules (Intl) for each of them took
 * most of a round.
 */
export function recipientTimes(
  date: LocalDate,
  hhmm: string,
  now: Date,
  earlier?: SendingRules,
): (recipient: TimedRecipient) => TimeDecision {
  const key = dateKey(date);
  const minutes = minutesOf(hhmm);
  const byZone = new Map<string, TimeDecision>();
  return (recipient) => {
    const zone = zoneOfPhone(recipient.phone, recipient.zone);
    let decision = byZone.get(zone);
    if (!decision) {
      const open = earlier ? earlierOpenMoment(key, minutes, zone, earlier) : null;
      decision =
        open !== null && open !== 'none'
          ? decide(open.at.getTime(), open.closes.getTime(), now)
          : decide(
              zonedInstant(key, minutes, zone).getTime(),
              zonedInstant(dateKey(addDays(date, 1)), 0, zone).getTime(),
              now,
            );
      byZone.set(zone, decision);
    }
    return decision;
  };
}

/**
 * An occurrence's time on the app's clock as its greetings go (moved back
 * from a closed day with `earlier`): when the round hands it over.
 */
export function occurrenceInstant(earlier?: SendingRules): (date: LocalDate, minutes: number) => Date {
  return (date, minutes) => {
    const open = earlier ? earlierOpenMoment(dateKey(date), minutes, APP_TIME_ZONE, earlier) : null;
    return open !== null && open !== 'none' ? open.at : appInstant(date, minutes);
  };
}
