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

const zoneOf = (activity: Activity) =>
  activity.phone === null ? APP_TIME_ZONE : zoneOfPhone(activity.phone, activity.zone);

/** The weekday and hour an activity happened at on its customer's clock, as a slot (weekday × 24 + hour). */
export function customerSlot(activity: Activity, zone = zoneOf(activity)): number {
  const { date, minutes } = localClock(new Date(activity.at), zone);
  return weekdayIndex(date) * 24 + Math.floor(minutes / 60);
}

/** Every weekday-hour with activity, most first (ties in week order). */
export function hourTable(activities: Iterable<Activity>): BestHourCell[] {
  const cells = new Map<number, { clicks: number; replies: number }>();
  // Brazil's clocks are whole hours from UTC: one UTC hour is one local hour per zone, so a shop's
  // thousands of clicks cost one clock reading per zone and hour.
  const slots = new Map<string, number>();
  let total = 0;
  for (const activity of activities) {
    const zone = zoneOf(activity);
    const key = `${zone}|${new Date(activity.at).toISOString().slice(0, 13)}`;
    let slot = slots.get(key);
    if (slot === undefined) slots.set(key, (slot = customerSlot(activity, zone)));
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
