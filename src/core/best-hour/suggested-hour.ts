/**
 * The hour suggested for a campaign, always inside the sending rules: a
 * weekday the rules send on (not Sunday when Sundays are off) and a whole
 * hour inside that day's window (any hour when the window is off). Holidays
 * fall on dates, not weekdays: the schedule function moves a message off
 * one whatever the hour chosen.
 */
import type { BestHourCell, BestHourSuggestion } from '../../shared/dto/best-hour';
import type { SendingRules } from '../../shared/rules/sending-rules';
import { minutesOf, WEEKDAYS, type Weekday } from '../../shared/rules/week-hours';

/**
 * General guidance, until the shop has its own figures: mid-morning on a
 * weekday, Tuesday to Thursday, 10:00. Published send-time advice for SMS
 * marketing converges there: Text-Em-All's "The best time to send SMS
 * marketing messages" (Tuesday through Thursday, 9 a.m. to noon, local
 * time; Monday mornings underperform), Textedly's "best time to send
 * marketing text messages" (9 a.m. to 12 p.m. on weekdays; avoid Mondays),
 * Textla's 2025 tips (mid-morning, 10:00 to 12:00), Messente (Mondays have
 * the lowest response). It is general guidance about other people's
 * customers (mostly in the US), not this shop's, and the UI says so.
 */
export const GENERAL_GUIDANCE = Object.freeze({ days: ['tue', 'wed', 'thu'] as Weekday[], hour: 10 });

/** The whole hours of a weekday the rules send in (starting at HH:00 inside the window). */
export function openHours(weekday: Weekday, rules: SendingRules): number[] {
  if (weekday === 'sun' && rules.sundays) return [];
  if (!rules.window.on) return Array.from({ length: 24 }, (_, h) => h);
  const day = rules.window.hours[weekday];
  if (!day) return [];
  const start = minutesOf(day.start);
  const end = minutesOf(day.end);
  return Array.from({ length: 24 }, (_, h) => h).filter((h) => h * 60 >= start && h * 60 < end);
}

/** The open hour of `weekday` nearest `hour` (the earlier of two as near); null: the day is closed. */
function nearestOpen(weekday: Weekday, hour: number, rules: SendingRules): number | null {
  const open = openHours(weekday, rules);
  if (open.length === 0) return null;
  return open.reduce((best, h) => (Math.abs(h - hour) < Math.abs(best - hour) ? h : best));
}

/** The guidance inside the rules: its days that are open (else every open day), at the open hour nearest 10:00, on the days open then. */
export function defaultSuggestion(rules: SendingRules): BestHourSuggestion {
  const guided = GENERAL_GUIDANCE.days.filter((d) => openHours(d, rules).length > 0);
  const days = guided.length > 0 ? guided : WEEKDAYS.filter((d) => openHours(d, rules).length > 0);
  // Rules that open no day at all cannot be saved; the guidance is said as it is then.
  if (days.length === 0)
    return { weekday: null, days: [...GENERAL_GUIDANCE.days], hour: GENERAL_GUIDANCE.hour };
  // The hour nearest the guidance's that one of the days opens at (the earlier of two as near).
  const hour = days
    .map((d) => nearestOpen(d, GENERAL_GUIDANCE.hour, rules)!)
    .reduce((best, h) => {
      const [dh, db] = [Math.abs(h - GENERAL_GUIDANCE.hour), Math.abs(best - GENERAL_GUIDANCE.hour)];
      return dh < db || (dh === db && h < best) ? h : best;
    });
  // The days kept are those open at that hour, so "terça a quinta, 10h" is true of each.
  const atHour = days.filter((d) => openHours(d, rules).includes(hour));
  return { weekday: atHour.length === 1 ? atHour[0]! : null, days: atHour, hour };
}

/**
 * The busiest weekday-hour the rules allow; when every busy hour is closed,
 * the open hour nearest the busiest one on its day; when that day is closed
 * too, the general guidance.
 */
export function ownSuggestion(cells: readonly BestHourCell[], rules: SendingRules): BestHourSuggestion {
  const allowed = cells.find((c) => openHours(c.weekday, rules).includes(c.hour));
  if (allowed) return { weekday: allowed.weekday, days: [allowed.weekday], hour: allowed.hour };
  const top = cells[0];
  const near = top ? nearestOpen(top.weekday, top.hour, rules) : null;
  if (top && near !== null) return { weekday: top.weekday, days: [top.weekday], hour: near };
  return defaultSuggestion(rules);
}
