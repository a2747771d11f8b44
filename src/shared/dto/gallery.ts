/**
 * The gallery's and the calendar's shapes that cross IPC (the outputs of
 * contract/gallery.ts). Words (a business's, a purpose's, an audience's,
 * a day's name) come in the UI's language, as the core words them: the
 * window shows them as they are.
 */
import type { CalendarDayName } from '../calendar/calendar-names';
import type { CalendarKind } from '../calendar/calendar';
import type { MonthDay } from '../calendar/retail-days';
import type { BusinessType, Purpose } from '../gallery/business-types';
import type { AudienceKey } from '../gallery/gallery-audience';
import type { SegmentDefinition } from '../segments/segment-model';
import type { CampaignView } from './campaigns';
import type { TemplateView } from './templates';

export type { AudienceKey, BusinessType, CalendarDayName, CalendarKind, MonthDay, Purpose };

/** Whom a ready message suggests, as this shop's contacts can have it now. */
export interface GalleryAudienceView {
  /** `segment`: a segment to save; `birthday`: each contact on their birthday (the birthday automation). */
  kind: 'segment' | 'birthday';
  key: AudienceKey;
  /** `Sem comprar há 60 a 180 dias`: the segment's name when it is saved. */
  name: string;
  /** The segment as it would be saved today (relative days made dates); null for birthdays. */
  definition: SegmentDefinition | null;
  /** The contacts' own columns it needs (`ultima_compra`), none for the built-ins. */
  columns: string[];
  /**
   * Of them, those the contacts lack, or hold with another type (a text
   * `ultima_compra`): until a sheet with them is imported, using the
   * message makes a draft without an audience.
   */
  missingColumns: string[];
}

export interface GalleryMessageView {
  /** `pet-shop/cliente-sumido`: stable. */
  id: string;
  business: BusinessType;
  businessName: string;
  purpose: Purpose;
  purposeName: string;
  /** `HH:MM` on each recipient's own clock, inside the default sending window. */
  hour: string;
  /** In the UI's language, as sent (plain letters: one GSM-7 SMS with a business name and the stop line). */
  text: string;
  audience: GalleryAudienceView;
}

/** Whom a draft made from the gallery goes to. */
export type GalleryDraftAudience =
  /** A segment saved now, or the same one saved before (`reused`). */
  | { kind: 'segment'; segmentId: string; segmentName: string; reused: boolean }
  /** The contacts lack these columns: the draft has no audience yet. */
  | { kind: 'missing-columns'; columns: string[] }
  /** A birthday message: no segment can say "today's birthdays"; the birthday automation sends it. */
  | { kind: 'birthday' };

/** What `gallery:use` made. */
export type GalleryUseView =
  | { as: 'template'; template: TemplateView }
  | {
      as: 'draft';
      campaign: CampaignView;
      audience: GalleryDraftAudience;
      /** `YYYY-MM-DDTHH:MM` on each recipient's clock: the next day the sending rules open at the message's hour. */
      scheduleAt: string;
    };

export interface CalendarEntryView {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Stable (`diaDasMaes`, `goodFriday`). */
  day: CalendarDayName;
  /** In the UI's language (`Dia das Mães`). */
  name: string;
  /** `retail`: a day to sell on; `holiday`: a national holiday, a day without sends (when the rule is on). */
  kind: CalendarKind;
  /** Retail days: the ready message suggested for the shop's business. */
  galleryId?: string;
  /** Retail days: when the owner is reminded (`YYYY-MM-DD`). */
  remindAt?: string;
}

/** What the owner told about the business once (the first steps), for the gallery and the calendar. */
export interface GallerySettingsView {
  /** Null until the owner picks one. */
  business: BusinessType | null;
  /** The shop's own anniversary; null: none given. */
  anniversary: MonthDay | null;
  /** Days ahead of a selling day the owner is reminded. */
  reminderDays: number;
}
