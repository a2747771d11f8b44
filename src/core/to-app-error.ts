import { z } from 'zod';
import { APP_ERROR_CODES, isErrorCode, type AppError } from '../shared/app-error';
import { AppFailure } from './app-failure';
import { isNetworkError, isServiceError } from './api/service-error';
import { dataProblemFailure, dataProblemOf } from './db/data-problem';

/** Errors from other layers that already carry a stable `code` (keychain, database). */
const hasStableCode = (e: unknown): e is Error & { code: string } => {
  const code: unknown = e instanceof Error ? (e as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[a-z][a-z0-9_]*$/.test(code);
};

export const zodIssuesToFields = (error: z.ZodError) =>
  error.issues.map((issue) => ({ field: issue.path.join('.') || '(input)', message: issue.message }));

/**
 * Turns anything thrown by a handler into the serialisable error union.
 * Service errors keep the service's own code (`insufficient_balance`, ...);
 * transport failures become `network_error`; anything unexpected becomes
 * `internal_error` with a generic message, so that no stack, request option
 * or secret can reach the renderer through an error.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) {
    return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  }
  if (isServiceError(error)) {
    // A code of the union passes as it is; any other the service sent (a legacy numeric `1006`)
    // crosses as `service_refused`, with the service's code and words beside it.
    const known = isErrorCode(error.code);
    return {
      code: known ? error.code : APP_ERROR_CODES.serviceRefused,
      message: error.message,
      details: {
        status: error.status,
        ...(known ? {} : { serviceCode: error.code }),
        ...(error.errors.length ? { fields: error.errors } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
        ...(error.serviceMessage !== undefined ? { serviceMessage: error.serviceMessage } : {}),
      },
    };
  }
  if (isNetworkError(error)) {
    return {
      // A call that ran out of time has its own words: the service was reached, and slow.
      code: error.kind === 'deadline' ? APP_ERROR_CODES.serviceTooSlow : APP_ERROR_CODES.networkError,
      message: error.message,
      details: { maybeCommitted: error.maybeCommitted },
    };
  }
  if (error instanceof z.ZodError) {
    return {
      code: APP_ERROR_CODES.invalidInput,
      message: 'Some fields are not valid.',
      details: { fields: zodIssuesToFields(error) },
    };
  }
  if (hasStableCode(error) && isErrorCode(error.code)) {
    return { code: error.code, message: error.message };
  }
  // A full disk, a read-only folder, a damaged file: named, with what to do (the underlying code as reason).
  const problem = dataProblemOf(error);
  if (problem) return toAppError(dataProblemFailure(problem, ''));
  return {
    code: APP_ERROR_CODES.internal,
    message: 'Something went wrong inside Torpedo. Please try again.',
  };
}
