/**
 * One ready message of the gallery, as written: its business, what it is
 * for, the hour it suggests (on each recipient's own clock, inside the
 * default sending window of every open day: 09:00 to 13:00 fits Saturdays
 * too), whom it suggests (gallery-audience.ts), and its text in each of the
 * app's languages.
 *
 * Texts are written in good Portuguese, accents and all, and sent in plain
 * letters (gallery.ts): Torpedo counts an SMS strictly (sms-segments.ts),
 * and `ã`, `ç`, `õ`, `á`, `ê`... are not in GSM-7's default alphabet, so one
 * of them makes a message UCS-2, 70 characters a part: a 130-character
 * greeting would cost two SMS per customer, three with the business name
 * and the stop line. Plain (`promocao`, `voce`), the way Brazilian shops
 * already write SMS, it fits one, and `é` and `à`, which GSM-7 has, stay.
 *
 * The only merge field is the first name, with an empty fallback (`Oi
 * {{primeiro_nome|}}!` reads "Oi!" for a contact without a name:
 * template-gaps.ts), because it is the one field every contact book has: a
 * custom field that no contact has is refused at send (`unknown_field`).
 */
import type { AppLanguage } from '../app-language';
import type { AudienceKey } from './gallery-audience';
import type { BusinessType, Purpose } from './business-types';

export interface WrittenMessage {
  business: BusinessType;
  purpose: Purpose;
  /** `HH:MM` on each recipient's own clock. */
  hour: string;
  audience: AudienceKey;
  /** As written; what is sent is its plain letters. */
  written: Readonly<Record<AppLanguage, string>>;
}

/** A message of one business, its business named once for the file. */
export const writtenFor =
  (business: BusinessType) =>
  (purpose: Purpose, hour: string, audience: AudienceKey, ptBr: string, en: string): WrittenMessage => ({
    business,
    purpose,
    hour,
    audience,
    written: { 'pt-BR': ptBr, en },
  });
