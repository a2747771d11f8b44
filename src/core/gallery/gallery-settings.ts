/**
 * What the owner told about the business once (its type, its anniversary,
 * how many days ahead a selling day is announced), kept in the settings
 * table under one key for the data folder: the business is the same shop
 * whichever profile is signed in, like the sending rules. A value stored by
 * an older version, or edited by hand, that does not parse takes its
 * default, each setting on its own.
 */
import { DEFAULT_REMINDER_DAYS } from '../../shared/calendar/calendar';
import { gallerySettingsInput } from '../../shared/contract/gallery';
import type { GallerySettingsView } from '../../shared/dto/gallery';
import type { SettingsRepo } from '../db/settings-repo';

const KEY = 'gallery';

export const DEFAULT_GALLERY_SETTINGS: Readonly<GallerySettingsView> = Object.freeze({
  business: null,
  anniversary: null,
  reminderDays: DEFAULT_REMINDER_DAYS,
});

type Change = Partial<GallerySettingsView>;
const FIELDS = ['business', 'anniversary', 'reminderDays'] as const;

export function readGallerySettings(settings: SettingsRepo): GallerySettingsView {
  const stored = settings.get<unknown>(KEY);
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const read: GallerySettingsView = { ...DEFAULT_GALLERY_SETTINGS };
  for (const field of FIELDS) {
    const parsed = gallerySettingsInput.shape[field].safeParse(raw[field]);
    if (parsed.success && parsed.data !== undefined)
      (read as unknown as Record<string, unknown>)[field] = parsed.data;
  }
  return read;
}

export function saveGallerySettings(settings: SettingsRepo, change: Change): GallerySettingsView {
  const next = { ...readGallerySettings(settings) };
  for (const field of FIELDS) {
    if (change[field] !== undefined) (next as unknown as Record<string, unknown>)[field] = change[field];
  }
  settings.set(KEY, next);
  return next;
}
