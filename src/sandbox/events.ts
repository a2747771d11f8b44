/**
 * Bodies of outbound webhook events (wire facts, ASSUMED shape):
 * `{id, type, sentAt, test, data}`. `sentAt` is simulated time, like every
 * other time the sandbox shows.
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '../core/api/wire-schemas';

export interface MessageStatusData {
  sendId: string;
  messageId: string;
  phone: string;
  status: string;
  code: string | null;
  reference: string | null;
}

export interface LinkClickData {
  linkId: string;
  phone: string | null;
}

export const newEventId = (): string => 'evt_' + randomBytes(12).toString('hex');

function event(type: WebhookEvent['type'], at: number, data: WebhookEvent['data']): string {
  const body: WebhookEvent = { id: newEventId(), type, sentAt: new Date(at).toISOString(), test: true, data };
  return JSON.stringify(body);
}

export const messageStatusEvent = (at: number, data: MessageStatusData): string =>
  event('message.status', at, { ...data });

export const linkClickEvent = (at: number, data: LinkClickData): string =>
  event('link.click', at, { ...data });
