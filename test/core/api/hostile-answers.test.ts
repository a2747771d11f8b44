/**
 * Answers of the right shape that must still not be believed or used
 * (issue 27, point 8), against local stub servers: a token that cannot travel
 * in a header (it read as "no connection" before) and a balance no account
 * holds (R$ 1e308 was shown). Each is an invalid answer that names the field.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/index';
import { toAppError } from '@core/to-app-error';
import { BALANCE, json, startStub, startStubService } from './stub-server';

const KEY = 'test_hostile_key_0001';
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('answers not believed', () => {
  it('a token with a line break is an invalid answer naming the token, not a network error', async () => {
    const stub = await startStub((req, res) =>
      req.path === '/v1/auth/token'
        ? json(res, 200, { token: 'abc\r\nX-Injected: 1', mode: 'test' })
        : json(res, 200, BALANCE),
    );
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    const error = await failure(client.balance());
    expect(error).toMatchObject({ code: 'invalid_response', errors: [{ field: 'token' }] });
    expect(toAppError(error).code).toBe('invalid_response');
    // Nothing was sent with it.
    expect(stub.requests.map((r) => r.path)).toEqual(['/v1/auth/token']);
  });

  it('a balance beyond any real one (1e308, Infinity as text) is refused, a real one read', async () => {
    let balance: unknown = 1e308;
    const stub = await startStubService((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        `{"balance": ${String(balance)}, "currency": "BRL", "company": {"name": "X", "document": null}}`,
      );
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
    expect(await failure(client.balance())).toMatchObject({
      code: 'invalid_response',
      errors: [{ field: 'balance' }],
    });
    balance = -2e9;
    expect(await failure(client.balance())).toMatchObject({ code: 'invalid_response' });
    balance = 123456.78;
    expect((await client.balance()).balance).toBe(123456.78);
  });
});
