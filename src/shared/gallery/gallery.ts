/**
 * The gallery of ready messages: every message of messages-*.ts with its
 * stable id (`pet-shop/cliente-sumido`) and its text as sent, in plain
 * letters (gallery-message.ts says why), in each language.
 */
import type { AppLanguage } from '../app-language';
import { toPlainLetters } from '../plain-letters';
import type { BusinessType, Purpose } from './business-types';
import { AUDIENCES, type GalleryAudience } from './gallery-audience';
import type { WrittenMessage } from './gallery-message';
import { CARE_MESSAGES } from './messages-care';
import { SHOP_MESSAGES } from './messages-shops';

export interface GalleryMessage {
  /** `business/purpose`: stable, what the window and the CLI name a message by. */
  id: string;
  business: BusinessType;
  purpose: Purpose;
  /** `HH:MM` on each recipient's own clock. */
  hour: string;
  audience: GalleryAudience;
  /** The text as sent (plain letters), per language. */
  text: Readonly<Record<AppLanguage, string>>;
}

const ready = (m: WrittenMessage): GalleryMessage => ({
  id: `${m.business}/${m.purpose}`,
  business: m.business,
  purpose: m.purpose,
  hour: m.hour,
  audience: AUDIENCES[m.audience],
  text: { 'pt-BR': toPlainLetters(m.written['pt-BR']), en: toPlainLetters(m.written.en) },
});

/** Every message, by business then in the order written. */
export const GALLERY: readonly GalleryMessage[] = Object.freeze(
  [...CARE_MESSAGES, ...SHOP_MESSAGES].map(ready),
);

export const galleryMessage = (id: string): GalleryMessage | undefined => GALLERY.find((m) => m.id === id);

/** A business's messages; every message when none is given. */
export const galleryFor = (business?: BusinessType | null): GalleryMessage[] =>
  GALLERY.filter((m) => !business || m.business === business);
