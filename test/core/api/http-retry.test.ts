/**
 * The HTTP layer's retry policy: only GETs are retried (network errors,
 * 408/429/5xx, honouring Retry-After, at most twice); POST, PUT and DELETE go
 * out exactly once. Counting requests needs a server we control, so these run
 * against a local stub server; the sandbox versions are in sandbox-faults.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient, isServiceError } from '@core/api/index';
import { BALANCE, calls, json, startStubService } from './stub-server';

const KEY = 'test_retry_key_0001';

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

describe('retries, against a local stub server', () => {
  it('retries a GET after a 503 and succeeds', async () => {
    let n = 0;
    const stub = await startStubService((_req, res) => {
      n += 1;
      if (n === 1) return json(res, 503, { code: 'payment_unavailable', message: 'try later' });
      return json(res, 200, BALANCE);
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await expect(client.balance()).resolves.toEqual(BALANCE);
    expect(calls(stub)).toEqual(['GET /v1/account/balance', 'GET /v1/account/balance']);
  });

  it('gives a GET at most two retries, then reports the last status', async () => {
    const stub = await startStubService((_req, res) => json(res, 502, 'bad gateway'));
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const err = await failure(client.plans());
    expect(isServiceError(err) && err.code).toBe('http_502');
    expect(calls(stub)).toHaveLength(3);
  }, 15_000);

  it('waits out a short Retry-After before retrying a GET', async () => {
    let n = 0;
    const stub = await startStubService((_req, res) => {
      n += 1;
      if (n === 1)
        return json(res, 429, { code: 'rate_limited', message: 'slow down' }, { 'retry-after': '1' });
      return json(res, 200, BALANCE);
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const started = Date.now();
    await expect(client.balance()).resolves.toEqual(BALANCE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(calls(stub)).toHaveLength(2);
  });

  it('does not wait out a long Retry-After: the caller gets the 429 with retryAfterSeconds', async () => {
    const stub = await startStubService((_req, res) =>
      json(res, 429, { code: 'rate_limited', message: 'slow down' }, { 'retry-after': '120' }),
    );
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const err = await failure(client.balance());
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 120 });
    expect(calls(stub)).toHaveLength(1);
  });

  it('never retries a POST, PUT or DELETE, whatever the status', async () => {
    const stub = await startStubService((_req, res) =>
      json(res, 503, { code: 'payment_unavailable', message: 'x' }),
    );
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    for (const attempt of [
      () => client.purchase({ quantity: 500 }),
      () => client.sendMultiple({ messages: [{ phone: '+5511999990000', message: 'hi' }] }),
      () => client.updateWebhook({ url: '' }),
      () => client.deleteList('l1'),
    ]) {
      const err = await failure(attempt());
      expect(err).toMatchObject({ status: 503, code: 'payment_unavailable' });
    }
    expect(calls(stub)).toEqual([
      'POST /v1/billing/purchase',
      'POST /v1/sms/send/multiple',
      'PUT /v1/account/webhook',
      'DELETE /v1/lists/l1/delete',
    ]);
  });

  it('does not follow a redirect (it would replay the request, and the key header, elsewhere)', async () => {
    const stub = await startStubService((req, res) => {
      if (req.path === '/elsewhere') return json(res, 200, BALANCE);
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const err = await failure(client.balance());
    expect(err).toMatchObject({ status: 302, code: 'http_302' });
    expect(calls(stub)).toEqual(['GET /v1/account/balance']);
  });
});
