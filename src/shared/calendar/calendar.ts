/**
 * The shop's calendar for a year: the days it sells on (retail-days.ts),
 * each with a ready message of the gallery for the shop's business and the
 * day the owner is reminded of it, and the national holidays the sending
 * rules keep free of messages (rules/holidays.ts), shown as days without
 * sends. Pure: the core answers `calendar:list` with it, the window may
 * compute it too.
 */
import { galleryFor } from '../gallery/gallery';
import type { BusinessType, Purpose } from '../gallery/business-types';
import { dayBefore } from '../gallery/gallery-audience';
import { holidaysOf, type HolidayName } from '../rules/holidays';
import { retailDaysOf, type MonthDay, type RetailDay } from './retail-days';

export type CalendarKind = 'retail' | 'holiday';

export interface CalendarEntry {
  /** `YYYY-MM-DD`. */
  date: string;
  name: RetailDay | HolidayName;
  kind: CalendarKind;
  /** Retail days: the gallery message suggested for it (`loja-de-roupa/promocao`). */
  galleryId?: string;
  /** Retail days: the day the owner is reminded (`YYYY-MM-DD`). */
  remindAt?: string;
}

export interface CalendarOptions {
  /** The owner's business; none: the gallery's clothing store, the archetypal retail shop. */
  business?: BusinessType | null;
  anniversary?: MonthDay | null;
  /** Days ahead of a selling day the owner is reminded (default 7). */
  reminderDays?: number;
}

export const DEFAULT_REMINDER_DAYS = 7;
export const MAX_REMINDER_DAYS = 60;
const DEFAULT_BUSINESS: BusinessType = 'loja-de-roupa';

/** What a selling day wants said, best first: an offer; else bring back who went quiet. */
const WANTED: readonly Purpose[] = ['promocao', 'cliente-sumido', 'reativacao'];

/** The business's message for a selling day: its first purpose in WANTED order. */
export function suggestionFor(business: BusinessType): string | undefined {
  const own = galleryFor(business);
  for (const purpose of WANTED) {
    const found = own.find((m) => m.purpose === purpose);
    if (found) return found.id;
  }
  return undefined;
}

/** The year's selling days and holidays in date order (a selling day first on a date they share). */
export function calendarOf(year: number, options: CalendarOptions = {}): CalendarEntry[] {
  const reminder = options.reminderDays ?? DEFAULT_REMINDER_DAYS;
  const galleryId = suggestionFor(options.business ?? DEFAULT_BUSINESS);
  const retail = retailDaysOf(year, options.anniversary ?? null).map((d): CalendarEntry => ({
    date: d.date,
    name: d.name,
    kind: 'retail',
    ...(galleryId ? { galleryId } : {}),
    remindAt: dayBefore(d.date, reminder),
  }));
  const holidays = holidaysOf(year).map((h): CalendarEntry => ({
    date: h.date,
    name: h.name,
    kind: 'holiday',
  }));
  return [...retail, ...holidays].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'retail' ? -1 : 1),
  );
}
