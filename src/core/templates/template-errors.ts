import { APP_ERROR_CODES } from '../../shared/app-error';
import { AppFailure } from '../app-failure';

/** The name is another template's (whatever its case and accents): shown under the name field. */
export const duplicateName = (taken: string): AppFailure => {
  const message = `There is already a template called "${taken}".`;
  return new AppFailure(APP_ERROR_CODES.invalidInput, message, {
    fields: [{ field: 'name', message }],
    reason: 'duplicate_template_name',
    params: { name: taken },
  });
};

export const templateNotFound = (): AppFailure =>
  new AppFailure(APP_ERROR_CODES.notFound, 'This template no longer exists.', {
    params: { what: 'template' },
  });

/** The undo of a delete came after its window (or for a template that was not deleted). */
export const undoTooLate = (): AppFailure =>
  new AppFailure(APP_ERROR_CODES.undoExpired, 'It is too late to bring this template back.');
