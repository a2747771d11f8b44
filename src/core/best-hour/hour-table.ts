/**
 * Clicks and replies counted by weekday and hour ON EACH CUSTOMER'S OWN
 * CLOCK: a customer in Manaus who clicks at 10:00 there clicked at hour 10,
 * though Brasília's clock said 11:00. The zone is the one the sending rules
 * time that customer's messages in (the contact's own zone, else its DDD's:
 * zoneOfPhone); a click the service names no number for is counted on
 * Brasília's clock, the app's.
 */
import type { BestHourCell } from '../../shared/dto/best-hour';
import { APP_TIME_ZONE } from '../../shared/display-format';
import { zoneOfPhone } from '../../shared/rules/ddd-zones';
import { localClock } from '../../shared/rules/schedule';
import { WEEKDAYS } from '../../shared/rules/week-hours';

/** A click or a reply: when (ISO instant), by whom, and the contact's own zone when it has one. */
export interface Activity {
  kind: 'click' | 'reply';
  at: string;
  phone: string | null;
  zone: string | null;
}

/** Monday 0 … Sunday 6 of a `YYYY-MM-DD`, like WEEKDAYS. */
function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return (new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7;
}

/** The weekday and hour an activity happened at on its customer's clock. */
export function customerClock(activity: Activity): { weekday: number; hour: number } {
  const zone = activity.phone === null ? APP_TIME_ZONE : zoneOfPhone(activity.phone, activity.zone);
  const { date, minutes } = localClock(new Date(activity.at), zone);
  return { weekday: weekdayIndex(date), hour: Math.floor(minutes / 60) };
}

/** Every weekday-hour with activity, most first (ties in week order). */
export function hourTable(activities: Iterable<Activity>): BestHourCell[] {
  const cells = new Map<number, { clicks: number; replies: number }>();
  let total = 0;
  for (const activity of activities) {
    const { weekday, hour } = customerClock(activity);
    const slot = weekday * 24 + hour;
    const cell = cells.get(slot) ?? { clicks: 0, replies: 0 };
    if (activity.kind === 'click') cell.clicks += 1;
    else cell.replies += 1;
    cells.set(slot, cell);
    total += 1;
  }
  return [...cells.entries()]
    .map(([slot, cell]) => ({
      weekday: WEEKDAYS[Math.floor(slot / 24)]!,
      hour: slot % 24,
      ...cell,
      share: (cell.clicks + cell.replies) / total,
      slot,
    }))
    .sort((a, b) => b.clicks + b.replies - (a.clicks + a.replies) || a.slot - b.slot)
    .map(({ slot: _slot, ...cell }) => cell);
}
