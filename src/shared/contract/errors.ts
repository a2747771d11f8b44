/**
 * Error codes every domain may fail with, and the service's own. Each
 * domain's contract file declares the codes only it fails with; app-error.ts
 * gathers them all into the one closed union that crosses IPC.
 */
export const COMMON_ERRORS = {
  invalidInput: 'invalid_input',
  unknownChannel: 'unknown_channel',
  notSignedIn: 'not_signed_in',
  networkError: 'network_error',
  invalidResponse: 'invalid_response',
  internal: 'internal_error',
  /** A contact, list, campaign or send that does not exist in the signed-in profile (or was deleted). */
  notFound: 'not_found',
  /**
   * The service refused with a code Torpedo does not know (a legacy numeric
   * `1006`): `details.serviceCode` holds it as the service sent it, and
   * `details.serviceMessage` its words.
   */
  serviceRefused: 'service_refused',
  /** Main refused an IPC call from a page that is not the app's own. */
  forbiddenSender: 'forbidden_sender',
  /** The service's answer was larger than any real one (core/api/http.ts): Torpedo stopped reading it. */
  responseTooLarge: 'response_too_large',
  /** The service did not finish answering within the call's deadline, retries included. */
  serviceTooSlow: 'service_too_slow',
} as const;

/**
 * The service's documented codes (service-wire-facts.md, "Errors"), here so
 * the window can read them; core/api/wire.ts builds its ERROR_CODES from this
 * list. An error answer without a code gets one of these from its status, or
 * `http_<status>`.
 */
export const SERVICE_ERRORS = {
  badRequest: 'bad_request',
  cardRequired: 'card_required',
  unauthorized: 'unauthorized',
  insufficientBalance: 'insufficient_balance',
  cardDeclined: 'card_declined',
  authenticationRequired: 'authentication_required',
  providerOutOfStock: 'provider_out_of_stock',
  validationError: 'validation_error',
  rateLimited: 'rate_limited',
  paymentUnavailable: 'payment_unavailable',
} as const;
