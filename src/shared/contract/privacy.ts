/**
 * One person's rights under the LGPD (art. 18; merged into ../ipc-contract.ts):
 * everything Torpedo holds about a number on one page, its export for the
 * person, and its erase at their request (the number then stays only as a
 * keyed hash, so nothing brings the person back).
 *
 * Errors: `invalid_input` (a phone that cannot be read), `not_signed_in`,
 * `file_not_saved` (the export could not be written), `privacy_key_missing`
 * (the keychain did not give the suppression key: nothing was erased).
 */
import { z } from 'zod';
import type { PersonEraseResult, PersonExportResult, PersonView } from '../dto';
import { channel } from './channel';

export const PRIVACY_ERRORS = {
  /** The key of the erased people's hashes could not be read from the keychain: nothing was erased. */
  privacyKeyMissing: 'privacy_key_missing',
} as const;

/** A phone as anyone writes it: +55, with or without the 9, spaces, dashes, brackets. */
const phone = z.string().trim().min(1, 'Enter a phone number').max(64);

export const personInput = z.strictObject({ phone });
export const personEraseInput = z.strictObject({
  phone,
  /** Who asked for the erase, for its record: the owner in the window, or the CLI. */
  by: z.enum(['owner', 'cli']).default('owner'),
});

export const privacyContract = {
  /** Everything held about the number, grouped (the person's page). */
  'privacy:show': channel<typeof personInput, PersonView>(personInput),
  /** Saves the person's summary (HTML, in the app's language) and its JSON copy beside it. */
  'privacy:export': channel<typeof personInput, PersonExportResult>(personInput),
  /** Erases the person, in one transaction, and keeps the number's keyed hash so nothing brings it back. */
  'privacy:erase': channel<typeof personEraseInput, PersonEraseResult>(personEraseInput),
};

export type PrivacyChannel = keyof typeof privacyContract;
