/**
 * The gallery and the calendar as the window and the CLI read them: words
 * in the UI's language, and each audience judged against the columns this
 * shop's contacts have (a column missing, or of another type, is named).
 */
import type { AppLanguage } from '../../shared/app-language';
import { calendarOf } from '../../shared/calendar/calendar';
import { CALENDAR_NAMES } from '../../shared/calendar/calendar-names';
import type {
  CalendarEntryView,
  GalleryAudienceView,
  GalleryMessageView,
  GallerySettingsView,
} from '../../shared/dto/gallery';
import type { SegmentFieldView } from '../../shared/dto/segments';
import { BUSINESS_NAMES, PURPOSE_NAMES } from '../../shared/gallery/business-types';
import type { GalleryMessage } from '../../shared/gallery/gallery';
import {
  ASSUMED_COLUMNS,
  AUDIENCE_NAMES,
  columnsOf,
  resolveAudience,
  type GalleryAudience,
} from '../../shared/gallery/gallery-audience';

/** The columns an audience needs that the contacts lack, or hold with another type. */
export function missingColumns(audience: GalleryAudience, fields: readonly SegmentFieldView[]): string[] {
  return columnsOf(audience).filter(
    (column) => !fields.some((f) => f.field === column && f.kind === ASSUMED_COLUMNS[column]),
  );
}

export function audienceView(
  audience: GalleryAudience,
  language: AppLanguage,
  today: string,
  fields: readonly SegmentFieldView[],
): GalleryAudienceView {
  return {
    kind: audience.kind,
    key: audience.key,
    name: AUDIENCE_NAMES[language][audience.key],
    definition: resolveAudience(audience, today),
    columns: columnsOf(audience),
    missingColumns: missingColumns(audience, fields),
  };
}

export function messageView(
  message: GalleryMessage,
  language: AppLanguage,
  today: string,
  fields: readonly SegmentFieldView[],
): GalleryMessageView {
  return {
    id: message.id,
    business: message.business,
    businessName: BUSINESS_NAMES[language][message.business],
    purpose: message.purpose,
    purposeName: PURPOSE_NAMES[language][message.purpose],
    hour: message.hour,
    text: message.text[language],
    audience: audienceView(message.audience, language, today, fields),
  };
}

/** The name a message's template or draft gets unless the owner gives one: `Cliente sumido - Pet shop`. */
export const defaultName = (message: GalleryMessage, language: AppLanguage): string =>
  `${PURPOSE_NAMES[language][message.purpose]} - ${BUSINESS_NAMES[language][message.business]}`;

export function calendarView(
  year: number,
  settings: GallerySettingsView,
  language: AppLanguage,
): CalendarEntryView[] {
  return calendarOf(year, settings).map((entry) => ({
    date: entry.date,
    day: entry.name,
    name: CALENDAR_NAMES[language][entry.name],
    kind: entry.kind,
    ...(entry.galleryId !== undefined ? { galleryId: entry.galleryId } : {}),
    ...(entry.remindAt !== undefined ? { remindAt: entry.remindAt } : {}),
  }));
}
