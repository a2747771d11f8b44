import { APP_ERROR_CODES } from '../../../shared/app-error';
import { appFieldName } from '../../api/field-names';
import { ERROR_CODES } from '../../api/wire';
import { isNetworkError, isServiceError } from '../../api/service-error';
import { AppFailure } from '../../app-failure';
import type { AttemptErrorDetails } from './attempt-repo';

export interface ClassifiedFailure {
  /**
   * failed: the service refused and nothing was charged;
   * not-charged: the request never reached the service (code APP_ERROR_CODES.purchaseNotSent);
   * checking: it may have been processed; read the invoices before anything else.
   */
  state: 'failed' | 'not-charged' | 'checking';
  code: string;
  message: string;
  details: AttemptErrorDetails | null;
}

/**
 * Refusing to send a purchase at all: the service did not answer the read
 * just before it. Nothing can have been charged, and the user reads "not
 * sent" rather than the "sent, but no answer" of a purchase settled by
 * reading the invoices.
 */
export const purchaseNotSent = () =>
  new AppFailure(
    APP_ERROR_CODES.purchaseNotSent,
    'The SMS service did not answer, so the purchase was not sent. Nothing was charged.',
  );

/**
 * What a failed purchase call means for the money. A refusal (4xx, and 503
 * `payment_unavailable`, which the service defines as "gateway down") charged
 * nothing. A success status with an unreadable body, any other 5xx (a proxy's
 * 502/504 may hide a processed request), and anything unexpected might have
 * charged: those go to `checking`, never to a retry.
 */
export function classifyPurchaseError(error: unknown): ClassifiedFailure {
  if (isNetworkError(error)) {
    return {
      state: error.maybeCommitted ? 'checking' : 'not-charged',
      code: error.maybeCommitted ? error.code : APP_ERROR_CODES.purchaseNotSent,
      message: error.message,
      details: null,
    };
  }
  if (isServiceError(error)) {
    const details: AttemptErrorDetails = { status: error.status };
    if (error.errors.length) {
      details.fields = error.errors.map((e) => ({ field: appFieldName(e.field), message: e.message }));
    }
    if (error.retryAfterSeconds !== undefined) details.retryAfterSeconds = error.retryAfterSeconds;
    if (error.serviceMessage) details.serviceMessage = error.serviceMessage;
    const refused =
      (error.status >= 400 && error.status < 500) ||
      (error.status === 503 && error.code === ERROR_CODES.paymentUnavailable);
    return { state: refused ? 'failed' : 'checking', code: error.code, message: error.message, details };
  }
  return {
    state: 'checking',
    code: 'internal_error',
    message: 'The purchase failed in an unexpected way.',
    details: null,
  };
}
