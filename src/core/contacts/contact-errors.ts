import { APP_ERROR_CODES } from '../../shared/app-error';
import { AppFailure } from '../app-failure';

/**
 * A field the user must correct, as the renderer's forms show it. `reason`
 * says why (`duplicate_phone`, `phone_old_mobile`...); `params` carries the
 * values a translated sentence needs (the other contact's name, the 9-digit
 * number), so the window never has to read them out of the English message.
 */
export function fieldFailure(
  field: string,
  message: string,
  reason: string,
  params?: Record<string, string | number>,
): AppFailure {
  return new AppFailure(APP_ERROR_CODES.invalidInput, message, {
    fields: [{ field, message }],
    reason,
    ...(params ? { params } : {}),
  });
}

export function notFound(what: 'contact' | 'list'): AppFailure {
  return new AppFailure(APP_ERROR_CODES.notFound, `This ${what} no longer exists.`, {
    params: { what },
  });
}
