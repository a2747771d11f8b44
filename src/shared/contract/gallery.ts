/**
 * The gallery part of the IPC contract (merged into ../ipc-contract.ts):
 * ready messages by type of business (shared/gallery), the retail calendar
 * (shared/calendar), and what the owner told about the business once (its
 * type, its anniversary, how many days ahead a selling day is announced).
 *
 * Using a message makes the owner's own template (through the templates
 * domain) or a draft campaign (through the campaigns domain) to the
 * message's audience, saved as a segment (through the segments domain; the
 * same segment saved before is used again), scheduled at the message's hour
 * on the next day the sending rules open.
 *
 * Errors: `not_found` (no gallery message with that id); `invalid_input`
 * (with fields; `duplicate_template_name` when a template with the name
 * given exists); `not_signed_in`.
 */
import { z } from 'zod';
import { MAX_REMINDER_DAYS } from '../calendar/calendar';
import { isMonthDay } from '../calendar/retail-days';
import type {
  CalendarEntryView,
  GalleryMessageView,
  GallerySettingsView,
  GalleryUseView,
} from '../dto/gallery';
import { BUSINESS_TYPES } from '../gallery/business-types';
import { FIRST_YEAR, LAST_YEAR } from '../rules/holidays';
import { channel, none } from './channel';
import { templateName } from './templates';

export const businessType = z.enum(BUSINESS_TYPES);
/** `business/purpose`, as the gallery names its messages. */
export const galleryId = z.string().regex(/^[a-z-]{1,40}\/[a-z-]{1,40}$/, 'Not a gallery message');

export const monthDay = z
  .strictObject({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) })
  .refine(isMonthDay, 'This day does not exist');

export const galleryListInput = z.strictObject({
  /** Only this business's messages; none: all of them. */
  business: businessType.optional(),
});
export const galleryUseInput = z.strictObject({
  id: galleryId,
  as: z.enum(['template', 'draft']),
  /** The template's or the campaign's name; none: the message's business and purpose. */
  name: templateName.optional(),
});
export const calendarListInput = z.strictObject({
  /** None: this year (on the app's clock). */
  year: z.number().int().min(FIRST_YEAR).max(LAST_YEAR).optional(),
});
export const gallerySettingsInput = z.strictObject({
  business: businessType.nullable().optional(),
  anniversary: monthDay.nullable().optional(),
  reminderDays: z.number().int().min(0).max(MAX_REMINDER_DAYS).optional(),
});

export const galleryContract = {
  /** Ready messages in the UI's language, by business then purpose. */
  'gallery:list': channel<typeof galleryListInput, GalleryMessageView[]>(galleryListInput),
  /** A ready message made the owner's own template, or a draft campaign with its audience and hour. */
  'gallery:use': channel<typeof galleryUseInput, GalleryUseView>(galleryUseInput),
  /** The year's selling days (with their reminder and message) and national holidays, in date order. */
  'calendar:list': channel<typeof calendarListInput, CalendarEntryView[]>(calendarListInput),
  'gallery:settings': channel<typeof none, GallerySettingsView>(none),
  /** The settings given replace those settings; the others stay. */
  'gallery:saveSettings': channel<typeof gallerySettingsInput, GallerySettingsView>(gallerySettingsInput),
};

export type GalleryChannel = keyof typeof galleryContract;
