/**
 * What a failed bulk send means for its batch. The one question that matters
 * is "could the service have registered it?": if it certainly did not, the
 * batch may be sent again; if it might have, it must be reconciled first.
 *
 * | failure                                   | outcome              | why                                                     |
 * | ----------------------------------------- | -------------------- | ------------------------------------------------------- |
 * | no connection (refused, DNS, connect time-out): maybeCommitted false | offline | nothing left this machine; wait for the service |
 * | time-out or reset after sending: maybeCommitted true | ambiguous | it may have been registered                 |
 * | 5xx, 408                                  | ambiguous            | a gateway may answer so after the service committed     |
 * | 2xx we cannot read                        | ambiguous            | it was very likely registered                           |
 * | 409 provider_out_of_stock                 | retry (backoff)      | turned away before any work                             |
 * | 429 rate_limited                          | retry (Retry-After)  | turned away before any work                             |
 * | 402 insufficient_balance                  | insufficient_balance | atomic: nothing registered; hold until there is credit  |
 * | 401 (after the client's own refresh)      | not_signed_in        | refused before any work; the key no longer works        |
 * | 3xx (a redirect, never followed)          | redirected           | sent elsewhere before any work: hold, the owner looks   |
 * | 400, 422, other 4xx                       | rejected             | the service will not take this batch as it is           |
 * | anything else (a bug)                     | ambiguous            | when in doubt, never resend blindly                     |
 */
import { APP_ERROR_CODES } from '../../../shared/app-error';
import { ERROR_CODES } from '../../api/wire';
import {
  InvalidResponseError,
  isNetworkError,
  isServiceError,
  type ServiceError,
} from '../../api/service-error';
import { AppFailure } from '../../app-failure';

export type SendOutcome =
  | { kind: 'offline'; reason: string }
  | { kind: 'ambiguous'; reason: string }
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number }
  | { kind: 'insufficient_balance'; reason: string }
  | { kind: 'not_signed_in'; reason: string }
  | { kind: 'redirected'; reason: string }
  | { kind: 'rejected'; reason: string };

export function classifySendFailure(error: unknown): SendOutcome {
  if (error instanceof AppFailure && error.code === APP_ERROR_CODES.notSignedIn) {
    // Signed out while the batch was being prepared: nothing was sent.
    return { kind: 'offline', reason: error.message };
  }
  if (isNetworkError(error)) {
    return error.maybeCommitted
      ? { kind: 'ambiguous', reason: error.message }
      : { kind: 'offline', reason: error.message };
  }
  if (!isServiceError(error)) return { kind: 'ambiguous', reason: 'The send failed unexpectedly.' };
  const reason = serviceReason(error);
  if (error instanceof InvalidResponseError || error.status < 300) return { kind: 'ambiguous', reason };
  if (error.status >= 500 || error.status === 408) return { kind: 'ambiguous', reason };
  if (error.status === 402 && error.code === ERROR_CODES.insufficientBalance) {
    return { kind: 'insufficient_balance', reason };
  }
  if (error.status === 401) return { kind: 'not_signed_in', reason };
  if (error.status >= 300 && error.status < 400) {
    // A redirect points the send elsewhere before the service does anything with it; following it would
    // hand the key to that address (http.ts). The batch is not lost: it waits, and the owner is told.
    return {
      kind: 'redirected',
      reason:
        `The service answered ${error.status}, sending the batch to another address; Torpedo does not follow ` +
        'redirects with your key, so nothing was sent. Check that Torpedo is up to date and the service address ' +
        'is right, then resume the campaign.',
    };
  }
  if (error.status === 409 || error.status === 429) {
    return error.retryAfterSeconds === undefined
      ? { kind: 'retry', reason }
      : { kind: 'retry', reason, retryAfterSeconds: error.retryAfterSeconds };
  }
  return { kind: 'rejected', reason };
}

/**
 * The service's own words for a batch's reason (shown to the user): its
 * field errors when it named fields, else its message, without our
 * "POST /v1/... answered 422" prefix.
 */
export function serviceReason(error: ServiceError): string {
  if (error.errors.length > 0) {
    return error.errors
      .slice(0, 5)
      .map((e) => `${e.field}: ${e.message}`)
      .join('; ');
  }
  const detail = /^\S+ \S+ answered \d+ \S+: (.+)$/s.exec(error.message)?.[1];
  return detail ? `${detail} (${error.code})` : `The service answered ${error.status} (${error.code}).`;
}
