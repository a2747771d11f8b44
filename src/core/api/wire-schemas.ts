/**
 * Shapes of the service's requests and responses (service-wire-facts.md),
 * as zod schemas. The client validates every response with them; the sandbox
 * validates every request body with the request schemas and builds its
 * responses from the same types, so the two cannot drift apart.
 *
 * A RULE, NOT A LIST. The real service may send whatever its four official
 * SDKs accept, so every response schema reads an answer as the most lenient
 * SDK model reads it (wire-codecs.ts says how each kind of field is read,
 * after the PHP SDK's `fromArray` readers): a missing or null key takes the
 * SDKs' default (0, "", null), extra keys are ignored, an empty wrapper
 * (`meta: {}`, no `data`) reads as empty. The rest of the app only ever sees
 * the normalised type (`z.infer`, the schema's output).
 *
 * STRICT ONLY WHERE A DECISION DEPENDS ON IT. A few keys are required, each
 * marked `STRICT:` beside it with the decision a default would get wrong
 * (`STRICT_KEYS` in wire-minimal.ts lists them for the sandbox and the tests).
 * An answer that is not a JSON object where one is expected is refused too
 * (`invalid_response`): Go and Python refuse it; only PHP reads an HTML page
 * as an empty object, and an empty invoice history read from an error page
 * would let a purchase check conclude "not charged". The purchase itself is
 * the exception: after any 2xx the order was taken (purchaseResult).
 *
 * Casing is the service's, not ours: account and billing request bodies are
 * snake_case, responses camelCase.
 */
import { z } from 'zod';
import { LIMITS, LINK_TRACKING_MODES, NUMBER_STATUS_FILTERS } from './wire';
import {
  amount,
  amountOrNull,
  count,
  countOrNull,
  flag,
  id,
  list,
  nested,
  nestedOrNull,
  requiredAmount,
  text,
  textOrNull,
} from './wire-codecs';

// ---------------------------------------------------------------- common

/** ISO 8601 date-time with milliseconds and Z: what Torpedo itself always sends as `schedule`. */
export const isoMillisZ = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'must be ISO 8601 with milliseconds and Z')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date');

/**
 * What the service takes as `schedule`: ISO 8601 with or without fractions of
 * a second, in UTC (`Z`) or with an offset. Facts: the PHP SDK's own test
 * sends `2026-07-01T12:00:00Z`.
 */
export const isoDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/,
    'must be an ISO 8601 date-time with Z or an offset',
  )
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date');

/** An absolute http(s) URL: `z.url()` alone also takes `javascript:`, `mailto:`, `ftp:`. */
export const httpUrl = z.url({ protocol: /^https?$/ });

export const e164 = z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be E.164 with a leading +');

/**
 * Pagination as the service writes it. LENIENT: `meta` may be `{}`, only
 * `{total}` (the SDKs' own test vectors answer so) or absent, and `data`
 * absent. What is missing stays null here: the client fills it from the page
 * it asked for and the rows it got (smsgo-client.ts, `completePage`), since
 * the SDKs' zeros would have a listed page read "0 of 0".
 */
export const paginationMetaWire = z.object({
  total: countOrNull(),
  perPage: countOrNull(),
  currentPage: countOrNull(),
  lastPage: countOrNull(),
  firstPage: countOrNull(),
  firstPageUrl: text(),
  lastPageUrl: text(),
  nextPageUrl: textOrNull(),
  previousPageUrl: textOrNull(),
});
export type PaginationMetaWire = z.infer<typeof paginationMetaWire>;

export interface PaginationMeta {
  total: number;
  perPage: number;
  currentPage: number;
  lastPage: number;
  firstPage: number;
  firstPageUrl: string;
  lastPageUrl: string;
  nextPageUrl: string | null;
  previousPageUrl: string | null;
}

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ meta: nested(paginationMetaWire), data: list(item) });
export interface Paginated<T> {
  meta: PaginationMeta;
  data: T[];
}

/**
 * The error body as the service documents it. Not used to accept or refuse an
 * error answer: service-error.ts reads any error answer as the SDKs do (a
 * missing or numeric `code`, a body that is not JSON); this is the shape the
 * sandbox writes.
 */
export const serviceErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ServiceErrorBody = z.infer<typeof serviceErrorBody>;

// ---------------------------------------------------------------- auth

/**
 * Facts, Authentication: "the SDKs read a missing or other `mode` as live";
 * a numeric token is read as text by Node and Python.
 * STRICT: `token`, non-empty (every SDK refuses the answer without it).
 */
export const tokenResponse = z.object({
  token: id(),
  mode: z
    .unknown()
    .optional()
    .transform((mode): 'live' | 'test' => (mode === 'test' ? 'test' : 'live')),
});
export type TokenResponse = z.infer<typeof tokenResponse>;
export type TokenResponseWire = z.input<typeof tokenResponse>;

// ---------------------------------------------------------------- SMS

const messageText = z.string().min(LIMITS.messageCharsMin).max(LIMITS.messageCharsMax);

export const bulkMessage = z.object({
  phone: e164,
  message: messageText,
  schedule: isoDateTime.optional(),
  reference: z.string().max(255).optional(),
  from: z.string().max(64).optional(),
});
export type BulkMessage = z.infer<typeof bulkMessage>;

export const sendMultipleRequest = z.object({
  messages: z.array(bulkMessage).min(1).max(LIMITS.bulkMessagesMax),
  urlCallback: httpUrl.optional(),
  flashSms: z.boolean().optional(),
  link_tracking: z.enum(LINK_TRACKING_MODES).optional(),
  sms_type_id: z.number().int().positive().optional(),
});
export type SendMultipleRequest = z.infer<typeof sendMultipleRequest>;

export const sendSingleRequest = bulkMessage.extend({ sms_type_id: z.number().int().positive().optional() });
export type SendSingleRequest = z.infer<typeof sendSingleRequest>;

/**
 * STRICT: `id`. It is what ties a batch to the service's send; a 2xx without
 * it is read as "probably registered" and reconciled through the send list
 * (campaigns/delivery/outbox-outcome.ts), never sent again blindly.
 */
export const sendResult = z.object({
  id: id(),
  quantity: count(),
  status: text(), // 'queued', or 'scheduled' when a schedule was given
  test: z
    .boolean()
    .nullish()
    .transform((v) => v ?? undefined),
});
export type SendResult = z.infer<typeof sendResult>;
export type SendResultWire = z.input<typeof sendResult>;

/** STRICT: `id`, the key of the kept history (history/send-repo.ts). */
export const sendListItem = z.object({
  id: id(),
  number: countOrNull(),
  date: textOrNull(),
  quantity: count(),
  full_name: text(),
  created_at: text(),
  status: text(),
  type: text(),
});
export type SendListItem = z.infer<typeof sendListItem>;

export const sendSummary = z.object({
  total: count(),
  delivered: count(),
  failed: count(),
  inProgress: count(),
  done: flag(),
});
export type SendSummary = z.infer<typeof sendSummary>;

/**
 * LENIENT as the SDKs, except `cost`: missing or null it is null (unknown),
 * not the SDKs' 0, because "was this failed message charged?" is answered
 * from it (history/number-outcome.ts): 0 would say "not charged" unasked.
 */
export const sendNumberDetail = z.object({
  id: text(),
  characters: count(),
  code: textOrNull(),
  cost: amountOrNull(),
  message: text(),
  phone: text(),
  status: text(),
  template: textOrNull(),
  created_at: text(),
});
export type SendNumberDetail = z.infer<typeof sendNumberDetail>;

/**
 * STRICT: `id` (the send asked for). LENIENT: the rest; `summary` missing or
 * null is null here (the SDKs' zeros would say "0 delivered, 0 in progress"
 * of a send the service said nothing about: history counts its numbers
 * instead), `cost` and `total` missing are null (unknown, not R$ 0,00).
 */
export const sendDetail = z.object({
  id: id(),
  quantity: count(),
  characters: count(),
  date: textOrNull(),
  total: amountOrNull(),
  cost: amountOrNull(),
  user: text(),
  status: text(),
  type: text(),
  summary: nestedOrNull(sendSummary),
  phones: list(sendNumberDetail),
});
export type SendDetail = z.infer<typeof sendDetail>;
export type SendDetailWire = z.input<typeof sendDetail>;

export const sendNumberItem = z.object({
  id: text(),
  phone: text(),
  code: textOrNull(),
  status: text(),
  created_at: text(),
});
export type SendNumberItem = z.infer<typeof sendNumberItem>;

export const numberStatusFilter = z.enum(NUMBER_STATUS_FILTERS);
export type NumberStatusFilter = z.infer<typeof numberStatusFilter>;

/**
 * Facts, SMS: SmsTypeItem `{id, name, price, sale|null}`, price per SMS.
 * STRICT: `id` (sent back as `sms_type_id`) and `price` (every cost estimate,
 * and whether a campaign waits for credit, is priced with it: a defaulted 0
 * would call a campaign free). LENIENT: `sale` missing is null (no promotion).
 */
export const smsTypeItem = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  name: text(),
  price: requiredAmount(),
  sale: amountOrNull(),
});
export type SmsTypeItem = z.infer<typeof smsTypeItem>;
export const smsTypesResponse = z.object({ data: list(smsTypeItem) });

// ---------------------------------------------------------------- account

/**
 * STRICT: `balance`. It decides whether campaigns are held for credit and
 * what the header says the owner has; a defaulted R$ 0,00 would be a lie.
 * LENIENT: `currency` any string or missing (money is shown in R$ whatever it
 * says: facts, Basics), `company` or its `document` missing.
 */
export const balance = z.object({
  balance: requiredAmount(),
  currency: text(),
  company: nested(z.object({ name: text(), document: textOrNull() })),
});
export type Balance = z.infer<typeof balance>;

export const autoRechargeConfig = z.object({
  enabled: flag(),
  threshold: amount(),
  planQuantity: count(),
  cardId: textOrNull(),
  alertEnabled: flag(),
  alertThreshold: amount(),
});
export type AutoRechargeConfig = z.infer<typeof autoRechargeConfig>;

export const autoRechargeUpdate = z.object({
  enabled: z.boolean().optional(),
  threshold: z.number().nonnegative().optional(),
  plan_quantity: z.number().int().min(LIMITS.purchaseQuantityMin).max(LIMITS.purchaseQuantityMax).optional(),
  card_id: z.string().optional(),
  alert_enabled: z.boolean().optional(),
  alert_threshold: z.number().nonnegative().optional(),
});
export type AutoRechargeUpdate = z.infer<typeof autoRechargeUpdate>;

/** LENIENT: `url` or `secret` missing are null (no webhook; no secret to show). */
export const webhookConfig = z.object({ url: textOrNull(), secret: textOrNull() });
export type WebhookConfig = z.infer<typeof webhookConfig>;

/** `""` as url disables the webhook. */
export const webhookUpdate = z.object({
  url: z.union([z.literal(''), httpUrl]).optional(),
  rotate_secret: z.boolean().optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdate>;

// ---------------------------------------------------------------- billing

/**
 * Facts, Billing: Plan `{id, quantity, price, sale, unit, total, popular}`.
 * The PHP and Python vectors give `price` and `sale` as PACKAGE amounts
 * (`{quantity 5000, price 500, sale 450, unit 0.09, total 450}`): `total` is
 * what is charged, `unit` = total / quantity, and a promotion is a `sale`
 * below `price` on that scale. What the package adds to the balance is its
 * regular price (ASSUMED, listed in wire.ts): that is what makes a sale a
 * saving in a balance kept in reais.
 *
 * STRICT: `id` (sent back as `plan_id`) and `total` (what the card is
 * charged: a defaulted 0 would offer the package free, and the check after a
 * lost answer matches the invoice by it). LENIENT: the rest; `price` missing
 * is `total` (no promotion), `unit` missing is total / quantity, `sale` is
 * normalised to "the package's promotional price, or null": only
 * 0 < sale < price is one (0, null or the regular price: no promotion).
 */
export const plan = z
  .object({
    id: id(),
    quantity: count(),
    price: amountOrNull(),
    sale: amountOrNull(),
    unit: amountOrNull(),
    total: requiredAmount(),
    popular: flag(),
  })
  .transform((p) => {
    const price = p.price ?? p.total;
    const sale = p.sale !== null && p.sale > 0 && p.sale < price ? p.sale : null;
    const unit = p.unit ?? (p.quantity > 0 ? p.total / p.quantity : 0);
    return { ...p, price, sale, unit };
  });
export type Plan = z.infer<typeof plan>;
export type PlanWire = z.input<typeof plan>;
export const plansResponse = z.object({ data: list(plan) });

/** STRICT: `id` (sent back as `card_id`: the card charged). */
export const card = z.object({
  id: id(),
  number: text(),
  name: text(),
  alias: textOrNull(),
  validate: text(),
  flag: text(),
  default: flag(),
});
export type Card = z.infer<typeof card>;
export const cardsResponse = z.object({ data: list(card) });

/**
 * STRICT: `uuid` (a purchase is linked to its invoice by it, and the payment
 * watch follows that invoice) and `total` (the check after a lost answer tells
 * this purchase's invoice by its amount; a defaulted R$ 0,00 would also be a
 * lie in the history). LENIENT: `displayId` an integer (as the SDKs type it)
 * or text, missing "" (shown as a dash); `status` and `card` missing are null,
 * a status without `icon`/`color` reads them null; `date`/`expiry` missing are
 * "" (a purchase check counts an undated invoice as "after", to be safe).
 */
export const invoiceItem = z.object({
  uuid: id(),
  total: requiredAmount(),
  date: text(),
  expiry: text(),
  displayId: text(),
  status: nestedOrNull(z.object({ code: text(), name: text(), icon: textOrNull(), color: textOrNull() })),
  card: nestedOrNull(z.object({ code: text(), name: text() })),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;
export type InvoiceItemWire = z.input<typeof invoiceItem>;

export const purchaseRequest = z.object({
  quantity: z.number().int().min(LIMITS.purchaseQuantityMin).max(LIMITS.purchaseQuantityMax).optional(),
  plan_id: z.string().optional(),
  card_id: z.string().optional(),
  coupon: z.string().optional(),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

const purchaseFields = z.object({
  status: text().catch(''),
  invoiceUuid: textOrNull()
    .transform((v) => (v === '' ? null : v))
    .catch(null),
  total: amountOrNull().catch(null),
  quantity: countOrNull().catch(null),
  paymentIntentId: textOrNull().catch(null),
});

/**
 * Facts, Billing: a 200 to a purchase means the order was taken, whatever its
 * body says: Node, Go and PHP read it "even without `paymentIntentId`, with
 * `total` as text (`"90.00"`), or with an empty body". NOTHING IS STRICT
 * HERE, on purpose: refusing the answer would send the purchase into the
 * "was it charged?" check, which may end in "not charged" after a charge.
 * `status` is `succeeded` or, for any other word or none, `processing` (the
 * word kept in `reportedStatus`); `invoiceUuid`, `total` and `quantity` are
 * null when missing or unreadable, and a missing invoice is found among the
 * invoices (billing/purchase/follow-processing.ts).
 */
export const purchaseResult = z.unknown().transform((body) => {
  const fields = purchaseFields.parse(typeof body === 'object' && body !== null ? body : {});
  return {
    ...fields,
    status: fields.status === 'succeeded' ? ('succeeded' as const) : ('processing' as const),
    reportedStatus: fields.status,
  };
});
export type PurchaseResult = z.infer<typeof purchaseResult>;
export type PurchaseResultWire = z.input<typeof purchaseFields>;

// ---------------------------------------------------------------- contacts and lists

export const contactInput = z.object({
  full_name: z.string().min(1).max(255),
  phone: e164,
  email: z.email().optional(),
  lists: z.array(z.string()).optional(),
});
export type ContactInput = z.infer<typeof contactInput>;

/**
 * ASSUMED: fields of a contact in GET /v1/contacts/list are not published
 * (every SDK returns the raw rows). STRICT: `id` and `phone` (contact sync
 * links and merges a remote contact by them). LENIENT: `lists` missing is
 * none, `fullName` "", `email` null.
 */
export const contactListItem = z.object({
  id: id(),
  fullName: text(),
  email: textOrNull(),
  phone: z.string().min(1),
  lists: list(z.object({ id: id(), name: text() })),
});
export type ContactListItem = z.infer<typeof contactListItem>;

export const contactDetail = z.object({
  fullName: text(),
  email: textOrNull(),
  phone: text(),
});
export type ContactDetail = z.infer<typeof contactDetail>;

/**
 * Facts, Contacts: create and update answer "the contact's uuid as a JSON
 * string (the PHP SDK also accepts `{id}`)", and a bare uuid as text (not
 * JSON) is that uuid (every SDK reads a body that is not JSON as its text).
 * STRICT: a non-empty id: it is stored to link the local contact to the
 * service's (PHP would read `{}` as "").
 */
export const contactIdResponse = z.union([
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1)),
  z.object({ id: id() }).transform((o) => o.id),
]);

export const listInput = z.object({ name: z.string().min(LIMITS.listNameMin).max(LIMITS.listNameMax) });
export type ListInput = z.infer<typeof listInput>;
/** STRICT: `id` (stored to link the local list to the service's). */
export const listResult = z.object({ id: id(), name: text() });
export type ListResult = z.infer<typeof listResult>;

/**
 * A delete's answer. LENIENT: anything a 2xx carries, 204 or empty included
 * (facts: "A delete answered 204, empty or `{}` is success"): `message` is
 * the service's words when it sent some, else "".
 */
export const messageResponse = z.unknown().transform((body) => {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : '';
  return { message: typeof message === 'string' ? message : '' };
});

// ---------------------------------------------------------------- short links (ASSUMED)

/**
 * Not in any SDK: these are our guess (wire.ts, ASSUMED), kept strict so a
 * wrong guess fails loudly with `invalid_response` rather than showing
 * defaults. Their pages take the same lenient pagination as the rest.
 */
export const shortLinkInput = z.object({ url: httpUrl, title: z.string().max(255).optional() });
export type ShortLinkInput = z.infer<typeof shortLinkInput>;

export const shortLink = z.object({
  id: z.string(),
  url: z.string(),
  shortUrl: z.string(),
  title: z.string().nullable(),
  active: z.boolean(),
  clicks: z.number().int(),
  created_at: z.string(),
});
export type ShortLink = z.infer<typeof shortLink>;

export const shortLinkClick = z.object({
  id: z.string(),
  clicked_at: z.string(),
  phone: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type ShortLinkClick = z.infer<typeof shortLinkClick>;

// ---------------------------------------------------------------- outbound webhook events

/** Facts, Outbound webhook events: the schemas live in src/shared, where Torpedo Server reads them too. */
export {
  smsStatusData,
  smsReplyData,
  linkClickData,
  webhookEvent,
  type WebhookEvent,
  type SmsStatusData,
  type SmsReplyData,
  type LinkClickData,
} from '../../shared/webhook/events';
