/**
 * Bodies of outbound webhook events, in the official SDKs' format (facts,
 * "Outbound webhook events"): `{id, event, sentAt, test, data}`.
 *
 * `sentAt` is REAL time, unlike every other time the sandbox shows (which
 * follow its simulated clock): it is the moment of sending, and receivers
 * built with the SDKs compare it with their own clock to refuse replays, so a
 * simulated time days ahead would be refused. The times inside `data`
 * (a click's `clickedAt`) stay simulated, like the rest of the account.
 *
 * The data carry the SDKs' fields plus a few of ours (`messageId`, `code`,
 * `reference`, a click's `phone`): the facts allow unknown fields, and a
 * receiver ignores them.
 */
import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENTS } from '../../core/api/wire';
import type { LinkClickData, SmsReplyData, SmsStatusData, WebhookEvent } from '../../core/api/wire-schemas';

export interface MessageStatus {
  sendId: string;
  messageId: string;
  /** E.164 with `+`, as the sandbox keeps it. */
  phone: string;
  status: SmsStatusData['status'];
  code: string | null;
  reference: string | null;
}

export interface LinkClick {
  linkId: string;
  shortUrl: string;
  /** Simulated time of the click. */
  clickedAt: number;
  phone: string | null;
}

export const newEventId = (): string => 'evt_' + randomBytes(12).toString('hex');

const envelope = () => ({ id: newEventId(), sentAt: new Date().toISOString(), test: true });

/** `sms.status`: the phone without `+`, as the SDKs' test vectors write it. */
export function messageStatusEvent(m: MessageStatus): string {
  const data: SmsStatusData = {
    sendId: m.sendId,
    phone: m.phone.replace(/^\+/, ''),
    status: m.status,
    messageId: m.messageId,
    code: m.code,
    reference: m.reference,
  };
  const body: WebhookEvent = { ...envelope(), event: WEBHOOK_EVENTS.status, data };
  return JSON.stringify(body);
}

/** `sms.reply`: a customer answered one of the account's messages. */
export function replyEvent(reply: { fromPhone: string; message: string; receivedAt: number }): string {
  const data: SmsReplyData = {
    fromPhone: reply.fromPhone.replace(/^\+/, ''),
    message: reply.message,
    receivedAt: new Date(reply.receivedAt).toISOString(),
  };
  const body: WebhookEvent = { ...envelope(), event: WEBHOOK_EVENTS.reply, data };
  return JSON.stringify(body);
}

/** `link.click` (ASSUMED, see wire.ts) in the same envelope. */
export function linkClickEvent(click: LinkClick): string {
  const data: LinkClickData = {
    linkId: click.linkId,
    shortUrl: click.shortUrl,
    clickedAt: new Date(click.clickedAt).toISOString(),
    phone: click.phone,
  };
  const body: WebhookEvent = { ...envelope(), event: WEBHOOK_EVENTS.linkClick, data };
  return JSON.stringify(body);
}
