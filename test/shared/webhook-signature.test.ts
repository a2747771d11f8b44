import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookBody, verifyWebhookSignature } from '@shared/webhook/signature';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"message.status","test":true}';

describe('webhook signature', async () => {
  it('signs as sha256=<lowercase hex HMAC-SHA256 of the raw body>', async () => {
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(await signWebhookBody(body, secret)).toBe(`sha256=${expected}`);
    expect(await signWebhookBody(body, secret)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('matches a known vector', async () => {
    // The widely published HMAC-SHA256 example (key "key", the quick brown fox).
    expect(await signWebhookBody('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('verifies its own signature and rejects any change', async () => {
    const header = await signWebhookBody(body, secret);
    expect(await verifyWebhookSignature(body, header, secret)).toBe(true);
    expect(await verifyWebhookSignature(body + ' ', header, secret)).toBe(false);
    expect(await verifyWebhookSignature(body, header, 'whsec_other')).toBe(false);
  });

  it('hashes the body as UTF-8', async () => {
    const text = '{"message":"Promoção ✓ 😀"}';
    const expected = createHmac('sha256', secret).update(Buffer.from(text, 'utf8')).digest('hex');
    expect(await signWebhookBody(text, secret)).toBe(`sha256=${expected}`);
  });

  it('accepts upper-case hex in the header', async () => {
    const header = await signWebhookBody(body, secret);
    expect(await verifyWebhookSignature(body, 'sha256=' + header.slice(7).toUpperCase(), secret)).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['no scheme', 'abc'],
    ['other scheme', 'sha1=' + 'a'.repeat(64)],
    ['short digest', 'sha256=abcd'],
    ['long digest', 'sha256=' + 'a'.repeat(66)],
    ['not hex', 'sha256=' + 'z'.repeat(64)],
  ])('is false on a malformed header (%s)', async (_name, header) => {
    expect(await verifyWebhookSignature(body, header, secret)).toBe(false);
  });
});
