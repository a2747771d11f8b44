/**
 * Shapes of the service's requests and responses (service-wire-facts.md),
 * as zod schemas. The client validates every response with them; the sandbox
 * validates every request body with the request schemas and builds its
 * responses from the same types, so the two cannot drift apart.
 *
 * LENIENT EXACTLY WHERE THE OFFICIAL SDKs ARE. The real service may send
 * whatever its four official SDKs accept, so a response schema accepts that
 * too and normalises it here, at the edge, once: the rest of the app only
 * ever sees the normalised type (`z.infer`, the schema's output). Each
 * loosened field says so beside it, with the facts file's row; every other
 * field is strict on purpose (a service that changed shape should fail loudly
 * with `invalid_response`, not deep in the UI). The sandbox builds its answers
 * as the wire's input types (`…Wire`, `z.input`), which allow the lenient shapes.
 *
 * Casing is the service's, not ours: account and billing request bodies are
 * snake_case, responses camelCase.
 */
import { z } from 'zod';
import { LIMITS, LINK_TRACKING_MODES, NUMBER_STATUS_FILTERS, WEBHOOK_EVENTS, WEBHOOK_STATUSES } from './wire';

// ---------------------------------------------------------------- common

/** ISO 8601 date-time with milliseconds and Z, as the service wants `schedule`. */
export const isoMillisZ = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'must be ISO 8601 with milliseconds and Z')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date');

/** An absolute http(s) URL: `z.url()` alone also takes `javascript:`, `mailto:`, `ftp:`. */
export const httpUrl = z.url({ protocol: /^https?$/ });

export const e164 = z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be E.164 with a leading +');

export const paginationMeta = z.object({
  total: z.number().int(),
  perPage: z.number().int(),
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  firstPage: z.number().int(),
  firstPageUrl: z.string(),
  lastPageUrl: z.string(),
  nextPageUrl: z.string().nullable(),
  previousPageUrl: z.string().nullable(),
});
export type PaginationMeta = z.infer<typeof paginationMeta>;

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ meta: paginationMeta, data: z.array(item) });
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
 * Facts, Authentication: "the SDKs read a missing or other `mode` as live".
 * LENIENT: `mode` may be absent or any value; only `"test"` is test mode.
 * STRICT: `token` must be a non-empty string (every SDK refuses the answer otherwise).
 */
export const tokenResponse = z.object({
  token: z.string().min(1),
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
  schedule: isoMillisZ.optional(),
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

export const sendResult = z.object({
  id: z.string(),
  quantity: z.number().int(),
  status: z.string(), // 'queued', or 'scheduled' when a schedule was given
  test: z.boolean().optional(),
});
export type SendResult = z.infer<typeof sendResult>;

export const sendListItem = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  date: z.string().nullable(),
  quantity: z.number().int(),
  full_name: z.string(),
  created_at: z.string(),
  status: z.string(),
  type: z.string(),
});
export type SendListItem = z.infer<typeof sendListItem>;

export const sendSummary = z.object({
  total: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  inProgress: z.number().int(),
  done: z.boolean(),
});
export type SendSummary = z.infer<typeof sendSummary>;

export const sendNumberDetail = z.object({
  id: z.string(),
  characters: z.number().int(),
  code: z.string().nullable(),
  cost: z.number(),
  message: z.string(),
  phone: z.string(),
  status: z.string(),
  template: z.string().nullable(),
  created_at: z.string(),
});
export type SendNumberDetail = z.infer<typeof sendNumberDetail>;

export const sendDetail = z.object({
  id: z.string(),
  quantity: z.number().int(),
  characters: z.number().int(),
  date: z.string().nullable(),
  total: z.number(),
  cost: z.number(),
  user: z.string(),
  status: z.string(),
  type: z.string(),
  summary: sendSummary,
  phones: z.array(sendNumberDetail),
});
export type SendDetail = z.infer<typeof sendDetail>;

export const sendNumberItem = z.object({
  id: z.string(),
  phone: z.string(),
  code: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type SendNumberItem = z.infer<typeof sendNumberItem>;

export const numberStatusFilter = z.enum(NUMBER_STATUS_FILTERS);
export type NumberStatusFilter = z.infer<typeof numberStatusFilter>;

/** Facts, SMS: SmsTypeItem `sale: number|null` (as written: null when not on sale). */
export const smsTypeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  sale: z.number().nullable(),
});
export type SmsTypeItem = z.infer<typeof smsTypeItem>;
export const smsTypesResponse = z.object({ data: z.array(smsTypeItem) });

// ---------------------------------------------------------------- account

/**
 * Facts, Account: `currency (a string, "BRL")`. LENIENT: any string (the SDKs
 * type it `string`); money is shown in R$ whatever it says, as the facts
 * file's Basics row says every amount is in BRL.
 */
export const balance = z.object({
  balance: z.number(),
  currency: z.string(),
  company: z.object({ name: z.string(), document: z.string().nullable() }),
});
export type Balance = z.infer<typeof balance>;

export const autoRechargeConfig = z.object({
  enabled: z.boolean(),
  threshold: z.number(),
  planQuantity: z.number().int(),
  cardId: z.string().nullable(),
  alertEnabled: z.boolean(),
  alertThreshold: z.number(),
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

export const webhookConfig = z.object({ url: z.string().nullable(), secret: z.string().nullable() });
export type WebhookConfig = z.infer<typeof webhookConfig>;

/** `""` as url disables the webhook. */
export const webhookUpdate = z.object({
  url: z.union([z.literal(''), httpUrl]).optional(),
  rotate_secret: z.boolean().optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdate>;

// ---------------------------------------------------------------- billing

/**
 * Facts, Billing: Plan `sale` "is always a number here, unlike
 * SmsTypeItem's". LENIENT: a number or null (the sandbox once sent null; the
 * Go SDK reads null as 0). Normalised to the app's meaning, "the promotional
 * price per SMS, or null when there is no promotion": only a price below the
 * regular one is a promotion (ASSUMED, listed in wire.ts: what `sale` holds
 * for a plan that is not on sale is not published; 0 and the regular price
 * both read as "no promotion").
 */
export const plan = z
  .object({
    id: z.string(),
    quantity: z.number().int(),
    price: z.number(),
    sale: z.number().nullable(),
    unit: z.number(),
    total: z.number(),
    popular: z.boolean(),
  })
  .transform((p) => ({ ...p, sale: p.sale !== null && p.sale > 0 && p.sale < p.price ? p.sale : null }));
export type Plan = z.infer<typeof plan>;
export type PlanWire = z.input<typeof plan>;
export const plansResponse = z.object({ data: z.array(plan) });

export const card = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  validate: z.string(),
  flag: z.string(),
  default: z.boolean(),
});
export type Card = z.infer<typeof card>;
export const cardsResponse = z.object({ data: z.array(card) });

/**
 * Facts, Billing: invoice `displayId (integer)`. LENIENT: an integer or a
 * string (earlier sandboxes, and any service that formats it), normalised to
 * the text shown to the user. Everything else strict.
 */
export const invoiceItem = z.object({
  uuid: z.string(),
  total: z.number(),
  date: z.string(),
  expiry: z.string(),
  displayId: z.union([z.number().int(), z.string()]).transform(String),
  status: z
    .object({ code: z.string(), name: z.string(), icon: z.string().nullable(), color: z.string().nullable() })
    .nullable(),
  card: z.object({ code: z.string(), name: z.string() }).nullable(),
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

/**
 * Facts, Billing: PurchaseResult `status: succeeded|processing (the SDKs also
 * accept any other string)`, and "a 200 with a status other than `succeeded`
 * or `processing` still means the request was accepted and a charge may exist:
 * treat it like `processing`". LENIENT: any string; normalised to
 * `processing` unless it is `succeeded`, with the word the service used kept
 * in `reportedStatus` for diagnostics. STRICT: the other fields (without the
 * invoice's uuid the charge could not be followed).
 */
export const purchaseResult = z
  .object({
    status: z.string(),
    invoiceUuid: z.string(),
    total: z.number(),
    quantity: z.number().int(),
    paymentIntentId: z.string(),
  })
  .transform(({ status, ...rest }) => ({
    ...rest,
    status: status === 'succeeded' ? ('succeeded' as const) : ('processing' as const),
    reportedStatus: status,
  }));
export type PurchaseResult = z.infer<typeof purchaseResult>;
export type PurchaseResultWire = z.input<typeof purchaseResult>;

// ---------------------------------------------------------------- contacts and lists

export const contactInput = z.object({
  full_name: z.string().min(1).max(255),
  phone: e164,
  email: z.email().optional(),
  lists: z.array(z.string()).optional(),
});
export type ContactInput = z.infer<typeof contactInput>;

/** ASSUMED: fields of a contact in GET /v1/contacts/list are not published. */
export const contactListItem = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ContactListItem = z.infer<typeof contactListItem>;

export const contactDetail = z.object({
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
});
export type ContactDetail = z.infer<typeof contactDetail>;

/**
 * Facts, Contacts: create and update answer "the contact's uuid as a JSON
 * string (the PHP SDK also accepts `{id}`)". LENIENT: both, normalised to the uuid.
 */
export const contactIdResponse = z.union([
  z.string().min(1),
  z.object({ id: z.string().min(1) }).transform((o) => o.id),
]);

export const listInput = z.object({ name: z.string().min(LIMITS.listNameMin).max(LIMITS.listNameMax) });
export type ListInput = z.infer<typeof listInput>;
export const listResult = z.object({ id: z.string(), name: z.string() });
export type ListResult = z.infer<typeof listResult>;

export const messageResponse = z.object({ message: z.string() });

// ---------------------------------------------------------------- short links (ASSUMED)

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

/**
 * Facts, Outbound webhook events: `{id, event, sentAt, test, data}`, from the
 * SDKs' examples and test vectors. "Unknown fields may appear; receivers
 * ignore them": the data objects are loose, so the extra fields the sandbox
 * adds (`messageId`, `code`, `reference`, a click's `phone`) pass.
 */
const eventEnvelope = {
  id: z.string().min(1),
  /** ISO 8601, the real time of sending: receivers may refuse a stale one. */
  sentAt: z.string(),
  test: z.boolean(),
};

/** `sms.status`: the phone is written without `+` (`5511999990000`). */
export const smsStatusData = z.looseObject({
  sendId: z.string(),
  phone: z.string().regex(/^[1-9]\d{7,14}$/, 'digits only, without +'),
  status: z.enum(WEBHOOK_STATUSES),
});
export const smsReplyData = z.looseObject({
  fromPhone: z.string(),
  message: z.string(),
  receivedAt: z.string(),
});
/** ASSUMED (named by the interface, absent from the SDKs): see wire.ts. */
export const linkClickData = z.looseObject({
  linkId: z.string(),
  shortUrl: z.string(),
  clickedAt: z.string(),
});

export const webhookEvent = z.discriminatedUnion('event', [
  z.object({ ...eventEnvelope, event: z.literal(WEBHOOK_EVENTS.status), data: smsStatusData }),
  z.object({ ...eventEnvelope, event: z.literal(WEBHOOK_EVENTS.reply), data: smsReplyData }),
  z.object({ ...eventEnvelope, event: z.literal(WEBHOOK_EVENTS.linkClick), data: linkClickData }),
]);
export type WebhookEvent = z.infer<typeof webhookEvent>;
export type SmsStatusData = z.infer<typeof smsStatusData>;
export type SmsReplyData = z.infer<typeof smsReplyData>;
export type LinkClickData = z.infer<typeof linkClickData>;
