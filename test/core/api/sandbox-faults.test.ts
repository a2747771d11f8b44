/**
 * Retries and commit uncertainty against the sandbox's injected faults, with
 * its ledger as the witness: a POST is never repeated by the HTTP layer, a
 * GET is; a lost answer after the service committed is a NetworkError with
 * maybeCommitted, and exactly one charge exists.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient, isNetworkError, type NetworkError } from '@core/api/index';
import { newKey, useSandbox } from './sandbox-harness';
import { expectNoSecrets } from './secrets';
import { startCountingProxy } from './stub-server';

const batch = [
  { phone: '+5511987650001', message: 'Promoção de sexta', reference: 'c1-1' },
  { phone: '+5511987650002', message: 'Promoção de sexta', reference: 'c1-2' },
];

async function networkFailure(promise: Promise<unknown>): Promise<NetworkError> {
  try {
    await promise;
  } catch (err) {
    if (isNetworkError(err)) return err;
    throw err;
  }
  throw new Error('expected a NetworkError');
}

describe('faults, against the sandbox', () => {
  it('a POST is not retried: one 503 on the bulk send fails the call and nothing is accepted', async () => {
    const sandbox = await useSandbox();
    const key = newKey('post503');
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key });
    await client.exchangeKey();
    await sandbox.faults([{ route: 'POST /v1/sms/send/multiple', fault: 'status', status: 503, count: 1 }]);
    await expect(client.sendMultiple({ messages: batch })).rejects.toMatchObject({ status: 503 });
    expect((await sandbox.ledger(key)).messages).toEqual([]);
    // The fault was used by that single attempt: the next, deliberate, call goes through.
    await client.sendMultiple({ messages: batch });
    expect((await sandbox.ledger(key)).messages).toHaveLength(2);
  });

  it('a GET is retried: one 503 on the balance is absorbed', async () => {
    const sandbox = await useSandbox();
    await sandbox.faults([{ route: 'GET /v1/account/balance', fault: 'status', status: 503, count: 1 }]);
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: newKey('get503') });
    await expect(client.balance()).resolves.toMatchObject({ currency: 'BRL' });
  });

  it('timeout-after-commit on the purchase: NetworkError maybeCommitted, exactly one charge', async () => {
    const sandbox = await useSandbox();
    const key = newKey('tac');
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key, timeoutMs: 1_000 });
    await client.exchangeKey();
    await sandbox.faults([{ route: 'POST /v1/billing/purchase', fault: 'timeout-after-commit', count: 1 }]);
    const err = await networkFailure(client.purchase({ quantity: 500 }));
    expect(err).toMatchObject({ code: 'network_error', kind: 'timeout', maybeCommitted: true });
    const { charges } = await sandbox.ledger(key);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ quantity: 500 });
    // What a caller does next: reconcile with the invoice history, which shows it.
    const invoices = await client.invoices();
    expect(invoices.data.map((i) => i.uuid)).toContain(charges[0]?.invoiceUuid);
    expectNoSecrets(err, [key]);
  });

  it('drop-after-commit on the bulk send: NetworkError maybeCommitted, the messages were accepted once', async () => {
    const sandbox = await useSandbox();
    const key = newKey('dac');
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key });
    await client.exchangeKey();
    await sandbox.faults([{ route: 'POST /v1/sms/send/multiple', fault: 'drop-after-commit', count: 1 }]);
    const err = await networkFailure(client.sendMultiple({ messages: batch }));
    expect(err.maybeCommitted).toBe(true);
    expect((await sandbox.ledger(key)).messages.map((m) => m.reference)).toEqual(['c1-1', 'c1-2']);
  });

  // The client cannot tell a drop before the commit from one after it: the
  // request left in full either way, so it must say "maybe" and let the caller
  // reconcile (here the ledger shows nothing was charged).
  it('drop-before-commit on the purchase: NetworkError, maybeCommitted true (indistinguishable), no charge', async () => {
    const sandbox = await useSandbox();
    const key = newKey('dbc');
    const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: key });
    await client.exchangeKey();
    await sandbox.faults([{ route: 'POST /v1/billing/purchase', fault: 'drop-before-commit', count: 1 }]);
    const err = await networkFailure(client.purchase({ quantity: 500 }));
    expect(err).toMatchObject({ code: 'network_error', maybeCommitted: true });
    expect((await sandbox.ledger(key)).charges).toEqual([]);
  });

  it('connection refused after signing in: the purchase itself is refused, maybeCommitted false', async () => {
    const sandbox = await useSandbox();
    // Sign in through a proxy we then close, so the POST meets a closed port.
    const proxy = await startCountingProxy(sandbox.url);
    const client = createSmsGoClient({ baseUrl: proxy.url, accountKey: newKey('refused2') });
    await client.exchangeKey();
    await proxy.close();
    // Let the client notice its idle keep-alive socket closed; a request written
    // onto a socket that dies under it is a reset, which is (rightly) a "maybe".
    await new Promise((resolve) => setTimeout(resolve, 100));
    const err = await networkFailure(client.purchase({ quantity: 500 }));
    expect(err).toMatchObject({ kind: 'refused', maybeCommitted: false });
    expect(err.message).toContain('POST /v1/billing/purchase');
  });
});
