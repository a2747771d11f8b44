/**
 * Error mapping against the sandbox: the service's stable codes arrive as
 * ServiceError.code, with the failing fields of a 422 and the Retry-After of
 * a 429; a status without a known error body becomes `http_<status>`.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient, isServiceError, type ServiceError } from '@core/api/index';
import { MAGIC_CARDS, PURCHASE_LIMIT } from '../../../src/sandbox/index';
import { newKey, useSandbox } from './sandbox-harness';
import { expectNoSecrets } from './secrets';
import { json, startStubService } from './stub-server';

async function serviceFailure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (err) {
    if (isServiceError(err)) return err;
    throw err;
  }
  throw new Error('expected a ServiceError');
}

const messages = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    phone: `+55119${String(10_000_000 + i)}`,
    message: 'Oferta de hoje',
  }));

describe('service errors, against the sandbox', () => {
  it('422 validation_error names the fields: a purchase quantity out of range', async () => {
    const sandbox = await useSandbox();
    const key = newKey('422');
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key });
    const err = await serviceFailure(client.purchase({ quantity: 10 }));
    expect(err).toMatchObject({ status: 422, code: 'validation_error' });
    expect(err.errors.map((e) => e.field)).toContain('quantity');
    expect(err.message).toContain('POST /v1/billing/purchase answered 422 validation_error');
    expect((await sandbox.ledger(key)).charges).toEqual([]);
    expectNoSecrets(err, [key]);
  });

  it('402 insufficient_balance: a bulk send larger than the balance, nothing accepted', async () => {
    const sandbox = await useSandbox();
    const key = newKey('402');
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key });
    const err = await serviceFailure(client.sendMultiple({ messages: messages(5000) }));
    expect(err).toMatchObject({ status: 402, code: 'insufficient_balance' });
    expect((await sandbox.ledger(key)).messages).toEqual([]);
  });

  it('402 card_declined and 503 payment_unavailable from the purchase, each sent once', async () => {
    const sandbox = await useSandbox();
    const key = newKey('cards');
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key });
    await expect(client.purchase({ quantity: 500, card_id: MAGIC_CARDS.declined })).rejects.toMatchObject({
      status: 402,
      code: 'card_declined',
    });
    await expect(
      client.purchase({ quantity: 500, card_id: MAGIC_CARDS.gatewayUnavailable }),
    ).rejects.toMatchObject({ status: 503, code: 'payment_unavailable' });
    expect((await sandbox.ledger(key)).charges).toEqual([]);
  });

  it('429 rate_limited with retryAfterSeconds once the purchase limit is used up', async () => {
    const sandbox = await useSandbox();
    const key = newKey('429');
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key });
    let err: ServiceError | undefined;
    for (let i = 0; i < 20 && err === undefined; i++) {
      await client.purchase({ quantity: 250 }).catch((e: unknown) => {
        if (!isServiceError(e)) throw e;
        err = e;
      });
    }
    expect(err).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(err?.retryAfterSeconds).toBeGreaterThan(0);
    // Exactly the allowed purchases were charged; the refused one was not retried.
    expect((await sandbox.ledger(key)).charges).toHaveLength(PURCHASE_LIMIT.limit);
  });

  it('an unknown status becomes http_<status>', async () => {
    const sandbox = await useSandbox();
    await sandbox.faults([{ route: 'GET /v1/sms-types', fault: 'status', status: 418, count: 1 }]);
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: newKey('418') });
    await expect(client.smsTypes()).rejects.toMatchObject({ status: 418, code: 'http_418' });
  });

  it('an unknown status with a body that is not an error body becomes http_<status>, against a local stub server', async () => {
    const stub = await startStubService((_req, res) => json(res, 451, '<h1>Unavailable</h1>'));
    const client = createSmsGoClient({ baseUrl: stub.url, accountKey: 'test_stub_key_451' });
    await expect(client.balance()).rejects.toMatchObject({ status: 451, code: 'http_451', errors: [] });
  });
});
