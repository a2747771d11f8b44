import { APP_ERROR_CODES } from '../../shared/app-error';
import { AppFailure } from '../app-failure';

/** Codes of the contacts module (beside the shared ones in shared/app-error.ts). */
export const CONTACT_ERROR_CODES = {
  /** The contact or list does not exist in the signed-in profile (or was deleted). */
  notFound: 'not_found',
  /** The undo token is unknown, expired, or a newer delete replaced it. */
  undoExpired: 'undo_expired',
} as const;

/** A field the user must correct, as the renderer's forms show it. */
export function fieldFailure(field: string, message: string, reason: string): AppFailure {
  return new AppFailure(APP_ERROR_CODES.invalidInput, message, { fields: [{ field, message }], reason });
}

export function notFound(what: 'contact' | 'list'): AppFailure {
  return new AppFailure(CONTACT_ERROR_CODES.notFound, `This ${what} no longer exists.`);
}
