/**
 * Shapes of the service's requests and responses (service-wire-facts.md),
 * as zod schemas. The client validates every response with them; the sandbox
 * validates every request body with the request schemas and builds its
 * responses from the same types, so the two cannot drift apart.
 *
 * Casing is the service's, not ours: account and billing request bodies are
 * snake_case, responses camelCase.
 */
import { z } from 'zod';
import { LIMITS, LINK_TRACKING_MODES, NUMBER_STATUS_FILTERS, WEBHOOK_EVENT_TYPES } from './wire';

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

export const serviceErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ServiceErrorBody = z.infer<typeof serviceErrorBody>;

// ---------------------------------------------------------------- auth

export const tokenResponse = z.object({ token: z.string().min(1), mode: z.enum(['live', 'test']) });
export type TokenResponse = z.infer<typeof tokenResponse>;

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

export const smsTypeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  sale: z.number().nullable(),
});
export type SmsTypeItem = z.infer<typeof smsTypeItem>;
export const smsTypesResponse = z.object({ data: z.array(smsTypeItem) });

// ---------------------------------------------------------------- account

export const balance = z.object({
  balance: z.number(),
  currency: z.literal('BRL'),
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

export const plan = z.object({
  id: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  sale: z.number().nullable(),
  unit: z.number(),
  total: z.number(),
  popular: z.boolean(),
});
export type Plan = z.infer<typeof plan>;
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

export const invoiceItem = z.object({
  uuid: z.string(),
  total: z.number(),
  date: z.string(),
  expiry: z.string(),
  displayId: z.string(),
  status: z
    .object({ code: z.string(), name: z.string(), icon: z.string().nullable(), color: z.string().nullable() })
    .nullable(),
  card: z.object({ code: z.string(), name: z.string() }).nullable(),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

export const purchaseRequest = z.object({
  quantity: z.number().int().min(LIMITS.purchaseQuantityMin).max(LIMITS.purchaseQuantityMax).optional(),
  plan_id: z.string().optional(),
  card_id: z.string().optional(),
  coupon: z.string().optional(),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

export const purchaseResult = z.object({
  status: z.enum(['succeeded', 'processing']),
  invoiceUuid: z.string(),
  total: z.number(),
  quantity: z.number().int(),
  paymentIntentId: z.string(),
});
export type PurchaseResult = z.infer<typeof purchaseResult>;

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

/** Create and update answer with the contact's uuid as a bare JSON string. */
export const contactIdResponse = z.string();

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

// ---------------------------------------------------------------- outbound webhook events (body ASSUMED)

export const webhookEvent = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  sentAt: z.string(),
  test: z.boolean(),
  data: z.object({
    sendId: z.string().optional(),
    messageId: z.string().optional(),
    phone: z.string().nullable().optional(),
    status: z.string().optional(),
    code: z.string().nullable().optional(),
    text: z.string().optional(),
    linkId: z.string().optional(),
    reference: z.string().nullable().optional(),
  }),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;
