import { APP_ERROR_CODES } from '../../shared/app-error';
import { AppFailure } from '../app-failure';
import { describeFileError, ImportCancelledError, ImportFileError } from './file';

/**
 * What an import error looks like to the window and the CLI: the file
 * error's own stable code (`zip_bomb`, `no_phone_column`, ...) with its
 * parameters, so the renderer can say it in the user's language; the
 * message is the English sentence (the CLI prints it as is).
 */
export function toImportFailure(error: unknown): unknown {
  if (error instanceof ImportFileError) {
    return new AppFailure(error.code, describeFileError(error.code, error.params, 'en'), {
      params: { ...error.params },
    });
  }
  if (error instanceof ImportCancelledError) {
    return new AppFailure(APP_ERROR_CODES.importCancelled, 'The import was cancelled; nothing was changed.');
  }
  const workerCode = (error as { workerCode?: unknown } | null)?.workerCode;
  if (typeof workerCode === 'string' && workerCode.startsWith('SQLITE_BUSY')) {
    return new AppFailure(
      APP_ERROR_CODES.databaseBusy,
      'The contacts are being changed elsewhere (the app or the CLI). Try again in a moment.',
    );
  }
  return error;
}
