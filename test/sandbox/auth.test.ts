import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HEADERS, PATHS, TOKEN_LIFETIME_MS } from '@core/api/wire';
import { tokenResponse } from '@core/api/wire-schemas';
import { startSandbox } from '../../src/sandbox';
import { BODY_LIMIT_BYTES } from '../../src/sandbox/http/http-io';
import { call, login, uniqueKey, useSandbox } from '../support/sandbox-http';

const sandbox = useSandbox();

describe('sandbox auth', () => {
  it('exchanges a test_ key for a test-mode token', async () => {
    const res = await call(sandbox().url, 'GET', PATHS.authToken, {
      headers: { [HEADERS.accountKey]: uniqueKey() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(tokenResponse.parse(res.body).mode).toBe('test');
  });

  it.each([
    ['a live-looking key', { [HEADERS.accountKey]: 'live_abc' }],
    ['no key', {}],
    ['an empty key', { [HEADERS.accountKey]: '' }],
  ])('refuses %s with 401 unauthorized', async (_name, headers) => {
    const res = await call(sandbox().url, 'GET', PATHS.authToken, { headers });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
  });

  it('answers 401 for a missing, malformed or unknown bearer token', async () => {
    const url = sandbox().url;
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: 'Basic abc' },
      { Authorization: 'Bearer nope' },
    ]) {
      const res = await call(url, 'GET', PATHS.accountBalance, { headers });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    }
  });

  it('expires tokens after 48 h of simulated time', async () => {
    const c = await login(sandbox());
    sandbox().advanceClock(TOKEN_LIFETIME_MS - 60_000);
    expect((await c.get(PATHS.accountBalance)).status).toBe(200);
    sandbox().advanceClock(60_000);
    const res = await c.get(PATHS.accountBalance);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/);
    const again = await login(sandbox(), c.key);
    expect((await again.get(PATHS.accountBalance)).status).toBe(200);
  });

  it('revokes the current token only (204, then 401)', async () => {
    const a = await login(sandbox());
    const b = await login(sandbox(), a.key);
    const res = await a.post(PATHS.authRevoke);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await a.get(PATHS.accountBalance)).status).toBe(401);
    expect((await b.get(PATHS.accountBalance)).status).toBe(200);
  });

  it('keeps each key an isolated account', async () => {
    const a = await login(sandbox());
    const b = await login(sandbox());
    const sent = await a.post(PATHS.smsSendSingle, { phone: '+5511988887777', message: 'Oi' });
    expect(sent.status).toBe(200);
    expect((await a.get(PATHS.accountBalance)).body.balance).toBe(49.91);
    expect((await b.get(PATHS.accountBalance)).body.balance).toBe(50);
    expect((await b.get(PATHS.smsList)).body.meta.total).toBe(0);
    expect((await b.get(PATHS.smsShow(sent.body.id))).status).toBe(404);
    expect(sandbox().ledger(a.key).messages).toHaveLength(1);
    expect(sandbox().ledger(b.key).messages).toHaveLength(0);
  });

  it('seeds the same records for the same key and seed', async () => {
    const key = uniqueKey();
    const first = await login(sandbox(), key);
    const cards1 = (await first.get(PATHS.billingCards)).body;
    const secret1 = (await first.get(PATHS.accountWebhook)).body.secret;
    const other = await login(sandbox());
    expect((await other.get(PATHS.accountWebhook)).body.secret).not.toBe(secret1);
    expect(secret1).toMatch(/^whsec_[0-9a-f]{32}$/);
    // A second sandbox with the same seed seeds the same account identically.
    const sb2 = await startSandbox();
    try {
      const again = await login(sb2, key);
      expect((await again.get(PATHS.billingCards)).body).toEqual(cards1);
      expect((await again.get(PATHS.accountWebhook)).body.secret).toBe(secret1);
    } finally {
      await sb2.close();
    }
  });
});

describe('sandbox HTTP basics', () => {
  it('answers 404 not_found for an unknown route', async () => {
    const res = await call(sandbox().url, 'GET', '/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body).toEqual({ code: 'not_found', message: expect.any(String) });
  });

  it('answers 400 bad_request for malformed JSON and a missing body', async () => {
    const c = await login(sandbox());
    const bad = await call(c.url, 'POST', PATHS.smsSendMultiple, {
      token: c.token,
      rawBody: '{"messages": [',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('bad_request');
    const none = await c.post(PATHS.smsSendMultiple);
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('bad_request');
  });

  it('authenticates before reading the body (401 wins over 400)', async () => {
    const res = await call(sandbox().url, 'POST', PATHS.smsSendMultiple, { rawBody: 'not json' });
    expect(res.status).toBe(401);
  });

  it('answers 413 for a body over the limit (streamed, never held in memory)', async () => {
    const c = await login(sandbox());
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const chunks = BODY_LIMIT_BYTES / chunk.length + 1;
    const res = await new Promise<{ status: number; body: { code: string } }>((resolve, reject) => {
      const req = request(
        `${c.url}${PATHS.smsSendMultiple}`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': 'application/json' },
        },
        (r) => {
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (d: string) => (text += d));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const pump = () => {
        while (sent < chunks) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    expect((await c.get(PATHS.accountBalance)).status).toBe(200);
  });
});
