/**
 * Authentication against the sandbox: the token is exchanged once and
 * reused, renewed after 47 h, refreshed once after a 401, and a bad key is a
 * 401 `unauthorized`. A counting proxy in front of the sandbox records what
 * went over the wire.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient, TOKEN_LIFETIME_MS, TOKEN_RENEW_AFTER_MS } from '@core/api/index';
import { PreparedJson } from '@core/api/smsgo-client';
import { newKey, useSandbox } from './sandbox-harness';
import { expectNoSecrets } from './secrets';
import { startCountingProxy, type StubServer } from './stub-server';

const HOUR = 60 * 60 * 1000;
const wire = (proxy: StubServer) => proxy.requests.map((r) => `${r.method} ${r.path}`);
const bearers = (proxy: StubServer) =>
  proxy.requests.filter((r) => r.headers.authorization).map((r) => r.headers.authorization);

describe('authentication, against the sandbox', () => {
  it('exchanges the key once and reuses the token', async () => {
    const sandbox = await useSandbox();
    const proxy = await startCountingProxy(sandbox.url);
    const key = newKey('once');
    const client = createSmsGoClient({ baseUrl: proxy.url, accountKey: key });
    await client.balance();
    await client.smsTypes();
    await client.cards();
    expect(wire(proxy)).toEqual([
      'GET /v1/auth/token',
      'GET /v1/account/balance',
      'GET /v1/sms-types',
      'GET /v1/billing/cards',
    ]);
    expect(proxy.requests[0]?.headers['smsgo-key']).toBe(key);
    expect(new Set(bearers(proxy)).size).toBe(1);
    expect(client.mode).toBe('test');
  });

  it('renews the token after 47 h of the client clock', async () => {
    const sandbox = await useSandbox();
    const proxy = await startCountingProxy(sandbox.url);
    let now = Date.parse('2030-03-01T12:00:00Z');
    const client = createSmsGoClient({ baseUrl: proxy.url, accountKey: newKey('renew'), now: () => now });
    await client.balance();
    now += 46 * HOUR;
    await client.balance();
    now += TOKEN_RENEW_AFTER_MS - 46 * HOUR;
    await client.balance();
    expect(wire(proxy).filter((r) => r === 'GET /v1/auth/token')).toHaveLength(2);
    expect(new Set(bearers(proxy)).size).toBe(2);
  });

  it('after a 401 (token expired on the service, client clock behind) refreshes once, retries once and succeeds', async () => {
    const sandbox = await useSandbox();
    const proxy = await startCountingProxy(sandbox.url);
    const key = newKey('expired');
    const now = Date.now(); // the client's clock never moves: it believes the token is fresh
    const client = createSmsGoClient({ baseUrl: proxy.url, accountKey: key, now: () => now });
    await client.balance();
    await sandbox.advanceClock(TOKEN_LIFETIME_MS);
    proxy.requests.length = 0;

    await expect(client.balance()).resolves.toMatchObject({ currency: 'BRL' });
    expect(wire(proxy)).toEqual([
      'GET /v1/account/balance', // 401
      'GET /v1/auth/token',
      'GET /v1/account/balance', // 200
    ]);

    // A POST too: a 401 means nothing was processed, so it is repeated, once.
    await sandbox.advanceClock(TOKEN_LIFETIME_MS);
    proxy.requests.length = 0;
    const sent = await client.sendMultiple({ messages: [{ phone: '+5511987650000', message: 'Promoção' }] });
    expect(wire(proxy)).toEqual([
      'POST /v1/sms/send/multiple',
      'GET /v1/auth/token',
      'POST /v1/sms/send/multiple',
    ]);
    // A body serialised ahead of time (the outbox's) goes again whole after the 401.
    await sandbox.advanceClock(TOKEN_LIFETIME_MS);
    proxy.requests.length = 0;
    const prepared = PreparedJson.of({ messages: [{ phone: '+5511987650001', message: 'Pronta' }] });
    const again = await client.sendMultiple(prepared);
    expect(wire(proxy)).toEqual([
      'POST /v1/sms/send/multiple',
      'GET /v1/auth/token',
      'POST /v1/sms/send/multiple',
    ]);
    const ledger = await sandbox.ledger(key);
    expect(ledger.messages.map((m) => [m.sendId, m.phone])).toEqual([
      [sent.id, '+5511987650000'],
      [again.id, '+5511987650001'],
    ]);
  });

  it('a bad key is ServiceError 401 unauthorized, with neither key in the error', async () => {
    const sandbox = await useSandbox();
    const key = 'live_not_a_sandbox_key_123456';
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key });
    const err = await client.exchangeKey().catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ServiceError', status: 401, code: 'unauthorized' });
    expectNoSecrets(err, [key]);
    await expect(client.balance()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(client.mode).toBeNull();
  });

  it('revoke kills the token on the service; the client then signs in again', async () => {
    const sandbox = await useSandbox();
    const proxy = await startCountingProxy(sandbox.url);
    const client = createSmsGoClient({ baseUrl: proxy.url, accountKey: newKey('revoke') });
    await expect(client.exchangeKey()).resolves.toEqual({ mode: 'test' });
    await client.balance();
    const old = bearers(proxy)[0] ?? '';
    await client.revoke();
    expect(wire(proxy).at(-1)).toBe('POST /v1/auth/revoke');
    const res = await fetch(`${sandbox.url}/v1/account/balance`, { headers: { authorization: old } });
    expect(res.status).toBe(401);
    await client.balance();
    expect(bearers(proxy).at(-1)).not.toBe(old);
  });
});
