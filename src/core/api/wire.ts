/**
 * The SMS service on the wire: every path, header, limit and constant the
 * client and the sandbox share, transcribed from ../shared/spec/service-wire-facts.md.
 *
 * Items the provider does not publish are marked ASSUMED here and listed in
 * `ASSUMED` below, so that one edit in this folder corrects a wrong guess for
 * the client and the sandbox at once. Response and request shapes live in
 * `wire-schemas.ts` beside this file.
 *
 * FACTS SETTLED BY THE SDKs' OWN SOURCES (sms-go/smsgo-sdk-{nodejs,go,python,php},
 * all at 0.4.0; service-wire-facts.md, "What the SDKs' own test vectors show"):
 * - How lenient a response is read: as the PHP models read it (src/Model/*.php,
 *   `fromArray`: every key cast and defaulted), Go's zero values and Python's
 *   `.get` agreeing; only what a decision depends on is required
 *   (wire-schemas.ts, STRICT; the list: wire-strict.ts).
 * - Plans: `price` and `sale` are PACKAGE amounts (PHP tests/ClientTest.php
 *   `{quantity 5000, price 500, sale 450, unit 0.09, total 450}`, Python
 *   tests/test_client.py `{1000, 120, 100, 0.1, 100}`); `unit` is per credit
 *   ("Preço unitário efetivo" in every SDK), `total` is what is charged
 *   ("Total do pacote"). An SMS type's `price`/`sale` are per SMS ("Preço
 *   unitário"). A promotion is `sale < price` on the same scale.
 * - `schedule` without milliseconds (PHP ClientTest `2026-07-01T12:00:00Z`)
 *   is taken; Torpedo itself always sends milliseconds and `Z`.
 * - A 2xx purchase with fields missing, `total` as text or an empty body is
 *   read by Node, Go and PHP: the order was taken.
 * - A message's status word may be Portuguese (`entregue` in the Python and
 *   PHP vectors beside `summary.delivered: 1`; the Node example's
 *   `entregue/falhou/…`): counts come from `summary` and the numbers' status
 *   filter (NUMBER_STATUS_FILTERS), never from the words.
 * - A body that is not JSON is read as its text by every SDK (a contact's
 *   bare uuid); an empty body or a 204 as nothing (a delete's success).
 * - A numeric token is read as text by Node and Python.
 * - Send detail `total` (Python vector `0.1` beside `cost 0.1`) is not
 *   settled: money or parts; it is kept but never counted as parts.
 */

import { SERVICE_ERRORS } from '../../shared/contract/errors';

export const DEFAULT_BASE_URL = 'https://api.smsgo.com.br';

export const HEADERS = {
  /** Sent only to exchange the account key for a token. */
  accountKey: 'SMSGo-key',
  authorization: 'Authorization',
  /** `sha256=<hex HMAC-SHA256 of the raw body keyed with the webhook secret>` */
  signature: 'X-SMSGo-Signature',
  retryAfter: 'Retry-After',
} as const;

/** Keys that start with this select test mode: nothing dispatched, nothing debited. */
export const TEST_KEY_PREFIX = 'test_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const TOKEN_LIFETIME_MS = 48 * 60 * 60 * 1000;
/** The official SDKs renew an hour before expiry; so do we. */
export const TOKEN_RENEW_AFTER_MS = 47 * 60 * 60 * 1000;

export const LIMITS = {
  bulkMessagesMax: 5000,
  messageCharsMin: 1,
  messageCharsMax: 1600,
  purchaseQuantityMin: 250,
  purchaseQuantityMax: 1_000_000,
  listNameMin: 2,
  listNameMax: 20,
} as const;

const seg = (id: string): string => encodeURIComponent(id);

export const PATHS = {
  authToken: '/v1/auth/token',
  /** ASSUMED: not published. */
  authRevoke: '/v1/auth/revoke',

  smsSendSingle: '/v1/sms/send/single',
  smsSendMultiple: '/v1/sms/send/multiple',
  smsList: '/v1/sms/list',
  smsShow: (id: string) => `/v1/sms/${seg(id)}/show`,
  smsNumbers: (id: string) => `/v1/sms/${seg(id)}/numbers`,
  smsTypes: '/v1/sms-types',

  accountBalance: '/v1/account/balance',
  accountAutoRecharge: '/v1/account/auto-recharge',
  accountWebhook: '/v1/account/webhook',

  billingPlans: '/v1/billing/plans',
  billingCards: '/v1/billing/cards',
  billingInvoices: '/v1/billing/invoices',
  billingPurchase: '/v1/billing/purchase',

  contactsList: '/v1/contacts/list',
  contactsStore: '/v1/contacts/store',
  contactShow: (id: string) => `/v1/contacts/${seg(id)}/show`,
  contactUpdate: (id: string) => `/v1/contacts/${seg(id)}/update`,
  contactDelete: (id: string) => `/v1/contacts/${seg(id)}/delete`,

  listsList: '/v1/lists/list',
  listsStore: '/v1/lists/store',
  listShow: (id: string) => `/v1/lists/${seg(id)}/show`,
  listUpdate: (id: string) => `/v1/lists/${seg(id)}/update`,
  listDelete: (id: string) => `/v1/lists/${seg(id)}/delete`,

  /** ASSUMED: every short-link path. */
  shortLinks: '/v1/short-links',
  shortLink: (id: string) => `/v1/short-links/${seg(id)}`,
  shortLinkDeactivate: (id: string) => `/v1/short-links/${seg(id)}/deactivate`,
  shortLinkClicks: (id: string) => `/v1/short-links/${seg(id)}/clicks`,
} as const;

/** Status filter of GET /v1/sms/{id}/numbers. */
export const NUMBER_STATUS_FILTERS = ['delivered', 'failed', 'in_progress'] as const;

/**
 * ASSUMED: how long the service's short addresses are, used only to count a
 * tracked message's parts before the account has any short link to measure
 * (`https://` + a short host + `/` + a code): once one exists, its real
 * length is used, and a campaign counted with this guess is counted again
 * when its links are made, before anything is sent (core/links/campaign-links.ts).
 */
export const SHORT_URL_LENGTH_GUESS = 28;

/** ASSUMED: allowed values of `link_tracking` are not published. */
export const LINK_TRACKING_MODES = ['none', 'shorten', 'track'] as const;

/**
 * The `event` of an outbound webhook body and `data.status` of an `sms.status`
 * (facts: from the SDKs' examples and test vectors; ASSUMED: `link.click`),
 * kept in src/shared/webhook/events.ts beside their schemas.
 */
export { WEBHOOK_EVENTS, WEBHOOK_STATUSES } from '../../shared/webhook/events';

/**
 * ASSUMED: invoice status codes (`status.code` of an invoice) are not
 * published. The sandbox uses `paid` and `pending`; `paid` settles a
 * purchase, these end it unpaid, anything else is still pending.
 */
export const INVOICE_PAID_CODES: readonly string[] = ['paid'];
export const INVOICE_UNPAID_CODES: readonly string[] = ['failed', 'canceled', 'cancelled', 'refused'];

/**
 * ASSUMED: a send without `sms_type_id` goes as the service's default type,
 * taken to be the first of `/v1/sms-types` (the sandbox's default is its first).
 */
export const defaultSmsType = <T>(types: readonly T[]): T | undefined => types[0];

/**
 * ASSUMED: a message to a fixed line (a landline) is accepted (it is a valid
 * number, and charged), then fails with this code: no SMS reaches a landline.
 * The sandbox does so; Torpedo never sends to one (shared/phone-line.ts).
 */
export const FIXED_LINE_FAILURE_CODE = 'invalid_number';

/**
 * Stable error codes of the service: the documented ones (kept in
 * shared/contract/errors.ts, where the window also reads them) and
 * `not_found`, which Torpedo says of its own data too.
 */
export const ERROR_CODES = { ...SERVICE_ERRORS, notFound: 'not_found' } as const;

/**
 * The code of an error answer whose body carries none, by HTTP status, as all
 * four official SDKs derive it (facts, "How the official SDKs read an error").
 */
const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  402: ERROR_CODES.insufficientBalance,
  409: ERROR_CODES.providerOutOfStock,
  422: ERROR_CODES.validationError,
  429: ERROR_CODES.rateLimited,
  503: ERROR_CODES.paymentUnavailable,
};
export const codeForStatus = (status: number): string => CODE_BY_STATUS[status] ?? `http_${status}`;

/**
 * Everything here that is a guess, in words. The app reports it through
 * `app:info` (diagnostics), so a guess cannot hide.
 */
export const ASSUMED = [
  'POST /v1/auth/revoke (Bearer, no body) answers 204',
  'link_tracking is one of "none" | "shorten" | "track"',
  'short-link paths and fields (/v1/short-links…)',
  'a short address is about 28 characters (SHORT_URL_LENGTH_GUESS), until the account has one to measure',
  'a ShortLinkClick names the recipient (phone) when the link was in a message the service delivered',
  'with link_tracking "shorten" or "track" the service puts a short link of the account in place of each address in the messages (not one of its own short links), counts the parts on that text, and records clicks on it',
  'webhook event "link.click" in the SDKs\' envelope {id, event, sentAt, test, data}, data {linkId, shortUrl, clickedAt}',
  "a plan's `sale` is a promotional package price only when 0 < sale < price (0 or the regular price: no promotion)",
  "a package adds its regular `price` to the balance while its `total` (the sale's, when on sale) is charged; a quantity bought without a package adds its tier's regular price per credit",
  "message status words that mean failed beyond failed/falhou/falha (history/number-outcome.ts): shown only, counts are the service's summary and status filter",
  'contact list item {id, fullName, email, phone, lists}',
  '404 body {code: "not_found", message} for unknown ids',
  'invoice status codes: "paid" settles; "failed" | "canceled" | "cancelled" | "refused" end unpaid',
  "contacts/store and contacts/{id}/update: `lists`, when sent, replaces the contact's lists; absent keeps them",
  'contacts/list `search` matches a full E.164 number; a 422 for unknown list ids names fields "lists.N"',
  'deleting a list removes its memberships (the contacts stay)',
  'a send without sms_type_id is priced as the first type of /v1/sms-types (cost estimates)',
  'a message to a fixed line (landline) is accepted and charged, then fails with code "invalid_number"',
] as const;
