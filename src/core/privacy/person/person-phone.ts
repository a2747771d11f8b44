/**
 * The number a person's page, export or erase is about, from however it was
 * typed: +55 or not, spaces, dashes, brackets, and an old mobile without the
 * 9 (read as the mobile it became, as the import reads it), through the
 * contacts' one phone reader.
 */
import { APP_ERROR_CODES } from '../../../shared/app-error';
import { AppFailure } from '../../app-failure';
import { normalizePhone } from '../../contacts/contacts-module';

export function personPhone(typed: string): string {
  const read = normalizePhone(typed);
  if (read.ok) return read.e164;
  if (read.reason === 'old_mobile' && read.suggestion) return read.suggestion;
  throw new AppFailure(APP_ERROR_CODES.invalidInput, 'This is not a phone number Torpedo can read.', {
    fields: [{ field: 'phone', message: 'Enter the person’s phone number, with the area code (DDD)' }],
  });
}
