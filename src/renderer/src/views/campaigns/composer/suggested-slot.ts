/**
 * The date a suggested weekday and hour means: the next such day the sending
 * rules send on (not a Sunday or a holiday they close), at that hour on each
 * customer's own clock (`YYYY-MM-DDTHH:MM`, the composer's wall-clock
 * schedule), at least an hour from now on Brasília's clock so it is not past
 * for anyone by the time the owner sends.
 */
import type { BestHourSuggestion } from '@shared/dto/best-hour';
import { APP_TIME_ZONE } from '@shared/display-format';
import { closedDay, localClock } from '@shared/rules/schedule';
import type { SendingRules } from '@shared/rules/sending-rules';
import { WEEKDAYS } from '@shared/rules/week-hours';

const DAY_MS = 86_400_000;
/** Days looked ahead: a suggested weekday comes back within a week, a holiday at most pushes it one more. */
const HORIZON_DAYS = 21;

const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
const dayAfter = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

export function suggestedSlot(suggestion: BestHourSuggestion, rules: SendingRules | null, now: Date): string {
  const today = localClock(now, APP_TIME_ZONE);
  const hh = String(suggestion.hour).padStart(2, '0');
  for (let ahead = 0; ahead < HORIZON_DAYS; ahead++) {
    const date = dayAfter(today.date, ahead);
    if (!suggestion.days.includes(weekdayOf(date))) continue;
    if (ahead === 0 && suggestion.hour * 60 < today.minutes + 60) continue;
    if (rules && closedDay(date, rules) !== null) continue;
    return `${date}T${hh}:00`;
  }
  // Every suggested day closed for three weeks (rules that changed since): the first of them anyway.
  return `${dayAfter(today.date, 7)}T${hh}:00`;
}
