/**
 * The signature of outbound webhook events (service-wire-facts.md):
 * `X-SMSGo-Signature: sha256=<lowercase hex HMAC-SHA256 of the raw body, keyed
 * with the webhook secret>`. One piece for both sides: the sandbox and the
 * app's "send a test event" sign with it, Torpedo Server verifies with it,
 * always against the raw bytes as received, never a re-serialised body.
 *
 * Web Crypto (`globalThis.crypto.subtle`), not node:crypto: src/shared runs
 * in the renderer too. `subtle.verify` compares the digests in constant time.
 */

export const SIGNATURE_SCHEME = 'sha256=';

const HEX_DIGEST = /^[0-9a-f]{64}$/;
const utf8 = new TextEncoder();

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<HmacKey> {
  return crypto.subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    usage,
  ]);
}

const toHex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The full header value, `sha256=<hex>`. */
export async function signWebhookBody(rawBody: string, secret: string): Promise<string> {
  const digest = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), utf8.encode(rawBody));
  return SIGNATURE_SCHEME + toHex(digest);
}

/** True only for a well-formed header whose digest matches; compared in constant time. */
export async function verifyWebhookSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
): Promise<boolean> {
  if (typeof header !== 'string' || !header.startsWith(SIGNATURE_SCHEME)) return false;
  const given = header.slice(SIGNATURE_SCHEME.length).trim().toLowerCase();
  if (!HEX_DIGEST.test(given)) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), fromHex(given), utf8.encode(rawBody));
}
