/**
 * When a draft made from the gallery is scheduled: the message's hour on
 * the first day, from today, that the sending rules open at that hour (not
 * a Sunday or a holiday when those rules are on, the hour inside that day's
 * window). Today counts only while the hour is still ahead. When the owner's
 * window never holds that hour (a window of 14:00 to 18:00 and a 10:00
 * message), the first open day's opening time: never outside the rules.
 * Days are the shop's (Brasília); each recipient then gets that time on
 * their own clock (the campaign's local schedule).
 */
import { localClock, closedDay, hoursOn } from '../../shared/rules/schedule';
import type { SendingRules } from '../../shared/rules/sending-rules';
import { minutesOf } from '../../shared/rules/week-hours';
import { APP_TIME_ZONE } from '../../shared/display-format';
import { dayBefore } from '../../shared/gallery/gallery-audience';

/** A window holding any message's day opens within a week; a month covers the holidays and Sundays between. */
const HORIZON_DAYS = 40;

/** `YYYY-MM-DDTHH:MM`: the wanted hour on the first open day. */
export function nextOpenSlot(hour: string, rules: SendingRules, now: Date): string {
  const today = localClock(now, APP_TIME_ZONE);
  const wanted = minutesOf(hour);
  let fallback: string | null = null;
  for (let offset = 0; offset < HORIZON_DAYS; offset++) {
    const date = dayBefore(today.date, -offset);
    if (closedDay(date, rules)) continue;
    const hours = hoursOn(date, rules);
    if (!hours) continue;
    const opens = minutesOf(hours.start);
    const closes = minutesOf(hours.end);
    const ahead = (minutes: number) => offset > 0 || minutes > today.minutes;
    if (wanted >= opens && wanted < closes && ahead(wanted)) return `${date}T${hour}`;
    if (fallback === null && ahead(opens)) fallback = `${date}T${hours.start}`;
  }
  if (fallback !== null) return fallback;
  throw new Error('The sending rules leave no day to send on.');
}
