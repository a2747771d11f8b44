/**
 * The 401 rule, where counting requests matters: refresh once, retry once,
 * never loop. Against a local stub server (the sandbox cannot refuse a fresh
 * token on demand); client-auth.test.ts runs the happy path on the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient, isServiceError } from '@core/api/index';
import { BALANCE, json, startStub } from './stub-server';

const KEY = 'test_auth_key_0001';
const unauthorized = { code: 'unauthorized', message: 'invalid token' };
const PURCHASE = {
  status: 'succeeded',
  invoiceUuid: 'inv-1',
  total: 40,
  quantity: 500,
  paymentIntentId: 'pi_1',
};

describe('401 handling, against a local stub server', () => {
  it('a 401 that persists ends in ServiceError unauthorized after exactly one refresh and one retry', async () => {
    let minted = 0;
    const stub = await startStub((req, res) => {
      if (req.path === '/v1/auth/token')
        return json(res, 200, { token: `tok_${++minted}_abcdefgh`, mode: 'test' });
      return json(res, 401, unauthorized);
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const err = await client.balance().catch((e: unknown) => e);
    expect(isServiceError(err)).toBe(true);
    expect(err).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(stub.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? ''}`)).toEqual([
      'GET /v1/auth/token ',
      'GET /v1/account/balance Bearer tok_1_abcdefgh',
      'GET /v1/auth/token ',
      'GET /v1/account/balance Bearer tok_2_abcdefgh',
    ]);
  });

  it('repeats a POST once after a 401 (the service did not process it) and succeeds', async () => {
    let minted = 0;
    const stub = await startStub((req, res) => {
      if (req.path === '/v1/auth/token')
        return json(res, 200, { token: `tok_${++minted}_abcdefgh`, mode: 'live' });
      if (req.headers.authorization === 'Bearer tok_1_abcdefgh') return json(res, 401, unauthorized);
      return json(res, 200, PURCHASE);
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await expect(client.purchase({ quantity: 500 })).resolves.toEqual({
      ...PURCHASE,
      reportedStatus: PURCHASE.status,
    });
    const purchases = stub.requests.filter((r) => r.path === '/v1/billing/purchase');
    expect(purchases.map((r) => r.body)).toEqual(['{"quantity":500}', '{"quantity":500}']);
    expect(client.mode).toBe('live');
  });

  it('concurrent calls that all meet a 401 share one new token', async () => {
    let minted = 0;
    const stub = await startStub((req, res) => {
      if (req.path === '/v1/auth/token')
        return json(res, 200, { token: `tok_${++minted}_abcdefgh`, mode: 'test' });
      if (req.headers.authorization === 'Bearer tok_1_abcdefgh') return json(res, 401, unauthorized);
      return json(res, 200, BALANCE);
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await Promise.all(Array.from({ length: 5 }, () => client.balance()));
    expect(minted).toBe(2);
  });

  it('a bad key fails the exchange itself with 401 and is not retried', async () => {
    const stub = await startStub((_req, res) => json(res, 401, { code: 'unauthorized', message: 'bad key' }));
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await expect(client.balance()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(stub.requests.map((r) => r.path)).toEqual(['/v1/auth/token']);
  });

  it('revoke posts the token to /v1/auth/revoke, forgets it, and the next call exchanges again', async () => {
    let minted = 0;
    const stub = await startStub((req, res) => {
      if (req.path === '/v1/auth/token')
        return json(res, 200, { token: `tok_${++minted}_abcdefgh`, mode: 'test' });
      if (req.path === '/v1/auth/revoke') return json(res, 204, undefined);
      return json(res, 200, BALANCE);
    });
    let stored: string | null = null;
    const client = createSmsGoClient({
      baseUrl: stub.url,
      accountKey: KEY,
      tokenStore: {
        load: async () => stored,
        save: async (s) => void (stored = s),
        clear: async () => void (stored = null),
      },
    });
    await client.balance();
    expect(stored).not.toBeNull();
    await client.revoke();
    expect(stored).toBeNull();
    expect(client.mode).toBeNull();
    const revoke = stub.requests.find((r) => r.path === '/v1/auth/revoke');
    expect(revoke).toMatchObject({ method: 'POST', body: '' });
    expect(revoke?.headers.authorization).toBe('Bearer tok_1_abcdefgh');
    await client.balance();
    expect(minted).toBe(2);
  });

  it('revoke forgets the token locally even when the service cannot be reached, and says so', async () => {
    let up = true;
    const stub = await startStub((req, res) => {
      if (req.path === '/v1/auth/token') return json(res, 200, { token: 'tok_only_abcdefgh', mode: 'test' });
      if (!up) return void res.socket?.destroy();
      return json(res, 200, BALANCE);
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await client.balance();
    up = false;
    await expect(client.revoke()).rejects.toMatchObject({ code: 'network_error' });
    expect(client.mode).toBeNull();
  });

  it('revoke with no token held does not call the service', async () => {
    const stub = await startStub((_req, res) => json(res, 500, 'unexpected'));
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await client.revoke();
    expect(stub.requests).toHaveLength(0);
  });
});
