import { APP_ERROR_CODES } from '../../shared/app-error';
import { AppFailure } from '../app-failure';

/**
 * A file saved through the host (the save dialog of the desktop app, the
 * CLI's current folder): when the write fails, the user is told it was not
 * saved, with only the failure's kind (EACCES, ENOSPC, EEXIST...) as the
 * reason, never the error itself: its message and path may name the user's
 * folders.
 */
export async function saveWithHost<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    const reason = (error as { code?: unknown }).code;
    throw new AppFailure(APP_ERROR_CODES.fileNotSaved, 'The file could not be saved.', {
      ...(typeof reason === 'string' ? { reason } : {}),
    });
  }
}
