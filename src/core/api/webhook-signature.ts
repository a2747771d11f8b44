/**
 * The signature of outbound webhook events (service-wire-facts.md):
 * `X-SMSGo-Signature: sha256=<lowercase hex HMAC-SHA256 of the raw body, keyed
 * with the webhook secret>`. The sandbox signs with it; a receiver verifies
 * with it, always against the raw bytes as received, never a re-serialised body.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_SCHEME = 'sha256=';

const HEX_DIGEST = /^[0-9a-f]{64}$/;

function hmacHex(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** The full header value, `sha256=<hex>`. */
export function signWebhookBody(rawBody: string, secret: string): string {
  return SIGNATURE_SCHEME + hmacHex(rawBody, secret);
}

/** True only for a well-formed header whose digest matches; compared in constant time. */
export function verifyWebhookSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith(SIGNATURE_SCHEME)) return false;
  const given = header.slice(SIGNATURE_SCHEME.length).trim().toLowerCase();
  if (!HEX_DIGEST.test(given)) return false;
  const expected = Buffer.from(hmacHex(rawBody, secret), 'hex');
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
