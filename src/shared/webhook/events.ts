/**
 * The service's outbound webhook events (service-wire-facts.md, "Outbound
 * webhook events"): `{id, event, sentAt, test, data}`, from the SDKs'
 * examples and test vectors. Shared by the sandbox (which sends them), the
 * core (its wire module re-exports them) and Torpedo Server (which receives
 * them). "Unknown fields may appear; receivers ignore them": the data
 * objects are loose, so the extra fields the sandbox adds (`messageId`,
 * `code`, `reference`, a click's `phone`) pass.
 */
import { z } from 'zod';

/** The `event` names. ASSUMED: `link.click`, named by the interface, absent from the SDKs. */
export const WEBHOOK_EVENTS = { status: 'sms.status', reply: 'sms.reply', linkClick: 'link.click' } as const;

/** `data.status` of an `sms.status` event. */
export const WEBHOOK_STATUSES = ['delivered', 'failed', 'in_progress'] as const;

/** The header the signature travels in (signature.ts). */
export const WEBHOOK_SIGNATURE_HEADER = 'X-SMSGo-Signature';

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
/** ASSUMED (named by the interface, absent from the SDKs). */
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
