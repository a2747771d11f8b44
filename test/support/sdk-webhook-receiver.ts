/**
 * A webhook receiver's checks as the official SDKs make them (facts,
 * "Outbound webhook events"; the SDKs' verifyWebhookSignature with its
 * optional anti-replay window): written here from the facts, independently
 * of src/, so that an event our code signs is read the way a shop's own
 * receiver, built with an SDK, would read it.
 *  1. `X-SMSGo-Signature` is exactly `sha256=` + the lowercase hex HMAC-SHA256
 *     of the raw body keyed with the secret (compared in constant time);
 *  2. the body's `sentAt` is within `toleranceSeconds` of the receiver's clock;
 *  3. the body is `{id, event, sentAt, test, data}` with the event's data fields.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { expect } from 'vitest';

/** The window the SDKs' examples use for the freshness check. */
export const SDK_TOLERANCE_SECONDS = 300;

const DATA_FIELDS: Record<string, string[]> = {
  'sms.status': ['sendId', 'phone', 'status'],
  'sms.reply': ['fromPhone', 'message', 'receivedAt'],
  'link.click': ['linkId', 'shortUrl', 'clickedAt'],
};

export type SdkReading =
  | { accepted: true; event: string; id: string; data: Record<string, unknown> }
  | { accepted: false; reason: 'signature' | 'stale' | 'shape' };

export function readAsSdkReceiver(
  rawBody: string,
  signatureHeader: string | undefined,
  secret: string,
  toleranceSeconds = SDK_TOLERANCE_SECONDS,
): SdkReading {
  const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex'));
  const given = Buffer.from(signatureHeader ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { accepted: false, reason: 'signature' };
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    return { accepted: false, reason: 'shape' };
  }
  const sentAt = Date.parse(String(body.sentAt));
  if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > toleranceSeconds * 1000) {
    return { accepted: false, reason: 'stale' };
  }
  const fields = DATA_FIELDS[String(body.event)];
  const data = body.data as Record<string, unknown> | null;
  if (
    !fields ||
    typeof body.id !== 'string' ||
    typeof body.test !== 'boolean' ||
    typeof data !== 'object' ||
    data === null ||
    fields.some((f) => typeof data[f] !== 'string')
  ) {
    return { accepted: false, reason: 'shape' };
  }
  return { accepted: true, event: String(body.event), id: body.id, data };
}

/** Asserts that an SDK-built receiver accepts the event, and returns what it read. */
export function expectSdkAccepts(rawBody: string, signatureHeader: string | undefined, secret: string) {
  const reading = readAsSdkReceiver(rawBody, signatureHeader, secret);
  expect(reading).toMatchObject({ accepted: true });
  return reading as Extract<SdkReading, { accepted: true }>;
}
