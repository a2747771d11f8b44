/**
 * Transport failures become a NetworkError whose `maybeCommitted` says whether
 * the service may have processed the request. False only when it certainly
 * did not (nothing was ever sent); true as soon as the request may have left
 * in full. These run against local stub servers (a server that never answers,
 * one that hangs up, a closed port); the sandbox's commit faults are covered in
 * sandbox-faults.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createHttp } from '@core/api/http';
import { createSmsGoClient, isNetworkError, type NetworkError } from '@core/api/index';
import { calls, closedPortUrl, startStubService } from './stub-server';

const KEY = 'test_network_key_0001';

async function networkFailure(promise: Promise<unknown>): Promise<NetworkError> {
  try {
    await promise;
  } catch (err) {
    if (isNetworkError(err)) return err;
    throw err;
  }
  throw new Error('expected a NetworkError');
}

describe('NetworkError.maybeCommitted', () => {
  it('is false when the connection is refused (nothing listens)', async () => {
    const client = createSmsGoClient({ baseUrl: await closedPortUrl(), accountKey: KEY });
    const err = await networkFailure(client.exchangeKey());
    expect(err).toMatchObject({ code: 'network_error', kind: 'refused', maybeCommitted: false });
  }, 15_000);

  it('is false when the host name does not resolve', async () => {
    const client = createSmsGoClient({ baseUrl: 'http://torpedo-no-such-host.invalid', accountKey: KEY });
    const err = await networkFailure(client.exchangeKey());
    expect(err).toMatchObject({ kind: 'dns', maybeCommitted: false });
  }, 15_000);

  it('is false when the time limit strikes before a connection (here: a DNS lookup that never answers)', async () => {
    const http = createHttp({ baseUrl: 'http://service.test', timeoutMs: 300 }).extend({
      dnsLookup: (() => undefined) as never,
      retry: { limit: 0 },
    });
    const err = await networkFailure(http.post('v1/billing/purchase', { json: { quantity: 500 } }));
    expect(err).toMatchObject({ kind: 'connect_timeout', maybeCommitted: false });
    expect(err.message).toBe('POST /v1/billing/purchase failed: no connection could be made in time');
  });

  it('is true when the request was sent and no response came in time, against a local stub server', async () => {
    const stub = await startStubService(() => undefined); // swallows the request, never answers
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY, timeoutMs: 500 });
    const err = await networkFailure(client.purchase({ quantity: 500 }));
    expect(err).toMatchObject({ kind: 'timeout', maybeCommitted: true, systemCode: 'ETIMEDOUT' });
    expect(err.message).toContain('POST /v1/billing/purchase');
    expect(calls(stub)).toEqual(['POST /v1/billing/purchase']); // and never repeated
  });

  it('a read that never ends says so, and not that the service may have processed it (a read changes nothing)', async () => {
    const stub = await startStubService(() => undefined); // swallows the request, never answers
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY, timeoutMs: 500 });
    const err = await networkFailure(client.balance());
    expect(err.kind).toBe('timeout');
    expect(err.message).not.toContain('may have processed');
    expect(err.message).toMatch(/^GET \S+ failed: no response arrived in time$/);
  });

  it('is true when the connection is dropped after the request was read, against a local stub server', async () => {
    const stub = await startStubService((_req, res) => {
      res.socket?.destroy();
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const err = await networkFailure(
      client.sendMultiple({ messages: [{ phone: '+5511999990000', message: 'Oferta' }] }),
    );
    expect(err).toMatchObject({ kind: 'reset', maybeCommitted: true });
    expect(calls(stub)).toEqual(['POST /v1/sms/send/multiple']);
  });

  it('is true when the response is cut off halfway, against a local stub server', async () => {
    const stub = await startStubService((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"status":"succ');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const err = await networkFailure(client.purchase({ quantity: 500 }));
    expect(err.maybeCommitted).toBe(true);
  });

  it('GETs are retried on network errors, against a local stub server', async () => {
    let n = 0;
    const stub = await startStubService((_req, res) => {
      n += 1;
      if (n === 1) return void res.socket?.destroy();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: null, secret: null }));
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await expect(client.webhook()).resolves.toEqual({ url: null, secret: null });
    expect(calls(stub)).toEqual(['GET /v1/account/webhook', 'GET /v1/account/webhook']);
  });
});
