// The sandbox's conformance to the wire facts: authentication (the token exchange, 401s, expiry, revoke). How it is checked: strict-client.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  http,
  exchange,
  account,
  expectKeys,
  isStr,
  expectError,
  PROTECTED,
  sb,
  sandboxPerTest,
} from './strict-client';

sandboxPerTest();

describe('authentication', () => {
  it('exchanges a test_ key for {token, mode: "test"}', async () => {
    const res = await exchange(`test_${randomUUID()}`);
    expect(res.status).toBe(200);
    expectKeys(res.body, ['token', 'mode']);
    expect(isStr(res.body.token) && res.body.token.length > 0).toBe(true);
    expect(res.body.mode).toBe('test');
  });

  it('answers 401 unauthorized to a missing, empty or bad key', async () => {
    expectError(await http('GET', '/v1/auth/token'), 401, 'unauthorized');
    expectError(await exchange(''), 401, 'unauthorized');
    expectError(await exchange('not-a-key'), 401, 'unauthorized');
  });

  it('answers 401 unauthorized on every protected operation without a token', async () => {
    for (const [method, path, body] of PROTECTED) {
      const res = await http(method, path, { body });
      expectError(res, 401, 'unauthorized');
    }
  });

  it('answers 401 to an invalid token and to a non-Bearer scheme', async () => {
    const a = await account();
    expectError(await http('GET', '/v1/account/balance', { token: 'nope' }), 401, 'unauthorized');
    expectError(
      await http('GET', '/v1/account/balance', { headers: { Authorization: `Basic ${a.token}` } }),
      401,
      'unauthorized',
    );
    expectError(
      await http('GET', '/v1/account/balance', { headers: { Authorization: a.token } }),
      401,
      'unauthorized',
    );
  });

  it('tokens live 48 hours: valid at 47 h, 401 after 48 h', async () => {
    const a = await account();
    sb.advanceClock(47 * 3600_000);
    expect((await a.get('/v1/account/balance')).status).toBe(200);
    sb.advanceClock(3600_000 + 1000);
    expectError(await a.get('/v1/account/balance'), 401, 'unauthorized');
    // A new exchange with the same key gives a working token for the same account.
    const again = await exchange(a.key);
    expect(again.status).toBe(200);
    expect((await http('GET', '/v1/account/balance', { token: again.body.token as string })).status).toBe(
      200,
    );
  });

  it('revokes the current token: 204 with no body, then 401', async () => {
    const a = await account();
    const other = await exchange(a.key);
    const res = await a.post('/v1/auth/revoke');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectError(await a.get('/v1/account/balance'), 401, 'unauthorized');
    expectError(await a.post('/v1/auth/revoke'), 401, 'unauthorized');
    // Only the token used is revoked.
    expect((await http('GET', '/v1/account/balance', { token: other.body.token as string })).status).toBe(
      200,
    );
  });
});
