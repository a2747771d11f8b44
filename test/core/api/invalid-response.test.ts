/**
 * A success whose body does not match the wire schema is an
 * InvalidResponseError (code invalid_response) naming the path and the
 * offending fields, never echoing the values. The sandbox always answers
 * correctly, so these run against a local stub server.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient, InvalidResponseError, isServiceError } from '@core/api/index';
import { expectNoSecrets } from './secrets';
import { json, startStub, startStubService, STUB_TOKEN } from './stub-server';

const KEY = 'test_invalid_key_0001';

describe('invalid responses, against a local stub server', () => {
  it('a body of the wrong shape gives invalid_response with the path and field names', async () => {
    const stub = await startStubService((_req, res) =>
      json(res, 200, { url: 'https://hooks.example/x', secret: ['12345'], extra: 'whsec_do_not_echo' }),
    );
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const err = await client.webhook().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidResponseError);
    expect(isServiceError(err)).toBe(true);
    expect(err).toMatchObject({ code: 'invalid_response', status: 200 });
    const e = err as InvalidResponseError;
    expect(e.message).toContain('GET /v1/account/webhook');
    expect(e.errors.map((x) => x.field)).toEqual(['secret']);
    expectNoSecrets(err, [KEY, STUB_TOKEN, '12345', 'whsec_do_not_echo']);
  });

  it('a success that is not JSON gives invalid_response', async () => {
    const stub = await startStubService((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await expect(client.balance()).rejects.toMatchObject({ code: 'invalid_response', status: 200 });
  });

  it('an empty success body where a figure is needed gives invalid_response', async () => {
    // A purchase's empty 200 is an order taken (sdk-minimal-shapes); a balance without its amount is nothing.
    const stub = await startStubService((_req, res) => json(res, 200, undefined));
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    await expect(client.balance()).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('a token response without a token gives invalid_response on the auth path', async () => {
    // Strict as every SDK is: an empty or missing token is refused (a missing `mode` is not: see sdk-shapes).
    const stub = await startStub((_req, res) => json(res, 200, { token: '', mode: 'live' }));
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const err = await client.exchangeKey().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'invalid_response' });
    expect((err as Error).message).toContain('GET /v1/auth/token');
    expect(client.mode).toBeNull();
  });

  it('a base URL that is not http(s) is refused when the client is made', () => {
    for (const baseUrl of ['ftp://example.com', 'not a url', 'file:///etc/passwd']) {
      expect(() => createSmsGoClient({ baseUrl, accountKey: KEY })).toThrow('baseUrl must be an http(s) URL');
    }
  });
});
