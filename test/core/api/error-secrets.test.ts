/**
 * No error may carry the account key or the token: not in its message, stack,
 * JSON, inspection, nor hidden in got's options/headers. Checked on every
 * failure path. A local stub server plays a careless service that echoes
 * credentials back in its error bodies.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/index';
import { expectNoSecrets } from './secrets';
import { closedPortUrl, json, startStub } from './stub-server';

const KEY = 'test_secret_key_DO_NOT_LEAK_0001';
const TOKEN = 'token_DO_NOT_LEAK_abcdef0123456789';

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );
}

describe('errors carry no secret, against a local stub server', () => {
  it('on every failure path, including a service that echoes the key and token', async () => {
    const stub = await startStub((req, res) => {
      if (req.path === '/v1/auth/token') {
        if (req.headers['smsgo-key'] !== KEY) return json(res, 401, { code: 'unauthorized', message: 'no' });
        return json(res, 200, { token: TOKEN, mode: 'test' });
      }
      switch (req.path) {
        case '/v1/account/balance': // persistent 401 that quotes the credentials
          return json(res, 401, { code: 'unauthorized', message: `token ${TOKEN} for key ${KEY} refused` });
        case '/v1/billing/purchase':
          return json(res, 422, {
            code: 'validation_error',
            message: `bad request from ${KEY}`,
            errors: [{ field: 'quantity', message: `header was Bearer ${TOKEN}` }],
          });
        case '/v1/account/webhook':
          return json(res, 200, { url: TOKEN, secret: { value: 7 } });
        case '/v1/sms/send/multiple':
          return void res.socket?.destroy();
        default:
          return undefined; // never answers: a time-out
      }
    });
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY, timeoutMs: 400 });
    const errors = [
      await failure(client.balance()),
      await failure(client.purchase({ quantity: 1 })),
      await failure(client.webhook()),
      await failure(client.sendMultiple({ messages: [{ phone: '+5511999990000', message: 'x' }] })),
      await failure(client.createList({ name: 'Clientes' })), // a POST that times out
    ];
    for (const err of errors) expectNoSecrets(err, [KEY, TOKEN]);
    // The echoing service's text is kept, with the credentials masked.
    expect((errors[0] as Error).message).toContain('token [redacted] for key [redacted] refused');

    const refused = createSmsGoClient({ baseUrl: await closedPortUrl(), accountKey: KEY });
    expectNoSecrets(await failure(refused.purchase({ quantity: 500 })), [KEY]);
  }, 20_000);
});
