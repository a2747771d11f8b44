/**
 * Which dates an automation's rule has an occurrence on, and which of them
 * are due: the occurrence engine. Pure: the caller gives the present, the
 * clock and what was already worked out.
 *
 * Each date is worked out once, in order (`planned_through` is the last one
 * done), so a round that runs twice, or after a restart, never looks at a
 * date again. A date is due once its time, on the app's clock, is within
 * the horizon; the recipients' own clocks decide each message's instant and
 * whether its day is over (hand-over.ts).
 */
import type { AutomationRule } from '../../../shared/dto/automations';
import { minutesOf } from '../../../shared/rules/week-hours';
import { addDays, compareDates, dateKey, parseDateKey, type LocalDate } from './local-date';
import { recursOn } from './recurring-days';

/** Occurrences are handed over when due within this long: a day, with room for a night switched off. */
export const HORIZON_MS = 36 * 60 * 60 * 1000;
/** A computer off for longer than this: only the last days' missed occurrences are worked out (and logged). */
export const CATCH_UP_DAYS = 31;

export interface OccurrenceDay {
  date: LocalDate;
  /** `YYYY-MM-DD`. */
  key: string;
  /** The occurrence's time on the app's clock (each recipient's own may differ). */
  at: Date;
}

/** Whether the rule has an occurrence on `date` (every date, for a birthday rule). */
export function hasOccurrenceOn(rule: AutomationRule, date: LocalDate): boolean {
  return rule.kind === 'birthday' ? true : recursOn(rule, date);
}

export interface DueWindow {
  /** The last date already worked out; null: none yet. */
  plannedThrough: string | null;
  /** Created or resumed at: nothing due before it is sent (nor logged). */
  activeSince: Date;
  now: Date;
  /** The app's clock: a date's time as an instant. */
  instant: (date: LocalDate, minutes: number) => Date;
  /** The app's calendar date at an instant. */
  dateAt: (at: Date) => LocalDate;
  horizonMs?: number;
}

/** The dates to work out now, oldest first: those due by now + the horizon and not worked out yet. */
export function dueOccurrences(rule: AutomationRule, w: DueWindow): OccurrenceDay[] {
  const minutes = minutesOf(rule.at);
  const until = w.now.getTime() + (w.horizonMs ?? HORIZON_MS);
  const since = w.activeSince.getTime();
  // The day before activeSince's date too: on another recipient clock it may still be that day.
  let date = addDays(w.dateAt(w.activeSince), -1);
  const oldest = addDays(w.dateAt(w.now), -CATCH_UP_DAYS);
  if (compareDates(date, oldest) < 0) date = oldest;
  const done = w.plannedThrough === null ? null : parseDateKey(w.plannedThrough);
  if (done && compareDates(date, done) <= 0) date = addDays(done, 1);

  const due: OccurrenceDay[] = [];
  for (;;) {
    const at = w.instant(date, minutes);
    if (at.getTime() > until) return due;
    if (at.getTime() >= since && hasOccurrenceOn(rule, date)) due.push({ date, key: dateKey(date), at });
    date = addDays(date, 1);
  }
}

/**
 * The next `count` occurrences from `from` on (its time not before `after`),
 * within `maxDays`: what the log shows as coming and the forecast counts.
 */
export function nextOccurrences(
  rule: AutomationRule,
  from: LocalDate,
  after: Date,
  instant: (date: LocalDate, minutes: number) => Date,
  maxDays: number,
  count = Infinity,
): OccurrenceDay[] {
  const minutes = minutesOf(rule.at);
  const out: OccurrenceDay[] = [];
  for (let i = 0, date = from; i < maxDays && out.length < count; i++, date = addDays(date, 1)) {
    if (!hasOccurrenceOn(rule, date)) continue;
    const at = instant(date, minutes);
    if (at.getTime() >= after.getTime()) out.push({ date, key: dateKey(date), at });
  }
  return out;
}
