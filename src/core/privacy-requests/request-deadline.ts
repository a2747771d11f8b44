import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
// The app's one zoned clock (Intl): date-fns-tz's formatInTimeZone loads all of date-fns's format, a second per CLI start.
import { formatInTimeZone } from '../../shared/dates/zoned-clock';
import { PRIVACY_REQUEST_DAYS } from '../../shared/contract/privacy-requests';

/** The shop's days are Brasília's: a request received at 22:00 on the 1st was received on the 1st. */
const SHOP_ZONE = 'America/Sao_Paulo';

/** A calendar day as a date at UTC noon: adding days never meets a clock change. */
const dayOf = (text: string) => new Date(`${text}T12:00:00Z`);

/** Today in Brasília, `YYYY-MM-DD`. */
export const shopToday = (now: Date): string => formatInTimeZone(now, SHOP_ZONE, 'yyyy-MM-dd');

/** The day a full answer is due: 15 calendar days after the request (LGPD art. 19 II). */
export const dueOn = (receivedOn: string): string =>
  addDays(dayOf(receivedOn), PRIVACY_REQUEST_DAYS).toISOString().slice(0, 10);

/** Days from today (Brasília) to the due date: 0 due today, negative overdue by that many. */
export const daysLeft = (due: string, now: Date): number =>
  differenceInCalendarDays(dayOf(due), dayOf(shopToday(now)));
