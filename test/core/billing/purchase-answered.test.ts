/**
 * Issue 22, point 1: after any 2xx on a purchase the order exists. Whatever
 * the answer leaves out (the invoice's uuid, `paymentIntentId`, the body
 * itself) or writes as text (`total: "90.00"`), the outcome is `succeeded` or
 * `processing`, never `not-charged`, and the wording never says the
 * connection was lost. Against the real sandbox answering in its SDK-minimal
 * shape (a purchase's 200 with an empty body), and against a stand-in for the
 * shapes the sandbox does not write; the ledger says what was charged.
 */
import { describe, expect, it } from 'vitest';
import { INVOICE, KEY, standIn } from '../api/stand-in-service';
import { attempt, buy, eventually, signedIn, startCore, useSandbox, value } from './billing-harness';

describe('a purchase answered 2xx is an order taken', () => {
  it('an empty 200: processing, its invoice found among the invoices, never "not charged"', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'minimal');
    const shapes = await fetch(`${sandbox.url}/__sandbox/shapes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ minimal: true }),
    });
    expect(shapes.status).toBe(200);
    // Minimal packages name only their id and total (the quantity reads 0: unknown).
    const { plans } = value<{ plans: { id: string; quantity: number; total: number }[] }>(
      await c.core.dispatch('credits:plans', {}),
    );
    const plan = plans.find((p) => p.total === 90)!;
    expect(plan.quantity).toBe(0);

    const out = await buy(c, { planId: plan.id });
    const [charge] = sandbox.ledger(c.key).charges;
    expect(charge).toMatchObject({ total: 90, quantity: 1000 });
    // The package's own price stands in for the total the answer left out; "0 credits" is never said.
    expect(out).toMatchObject({ outcome: 'processing', total: 90 });
    expect(out.quantity).toBeUndefined();
    expect(out.message).toMatch(/still confirming the payment/);
    expect(out.message).not.toMatch(/connection was lost|Nothing was charged/);

    // The invoice (the only new one, of the package's total) is found among the invoices and linked.
    const linked = await eventually(async () => {
      const a = (await attempt(c))!;
      expect(a.invoiceUuid).toBe(charge!.invoiceUuid);
      return a;
    });
    expect(linked.state).toBe('processing');
    const states = c.of('credits:attemptChanged').map((a) => a.state);
    expect(states).not.toContain('not-charged');
    expect(states).not.toContain('failed');
    expect(sandbox.ledger(c.key).charges).toHaveLength(1);
  });

  it('succeeded with total as text and no paymentIntentId: succeeded, R$ 90,00', async () => {
    const stub = await standIn('POST /v1/billing/purchase', {
      status: 200,
      body: { status: 'succeeded', invoiceUuid: INVOICE.uuid, total: '90.00', quantity: 1000 },
    });
    const c = await startCore();
    value(await c.core.dispatch('session:signIn', { accountKey: KEY, baseUrl: stub.url }));
    const out = await buy(c, { quantity: 1000 });
    expect(out).toMatchObject({ outcome: 'succeeded', invoiceUuid: INVOICE.uuid, total: 90, quantity: 1000 });
    expect(stub.requests.filter((r) => r.path === '/v1/billing/purchase')).toHaveLength(1);
  });

  it('{} when the invoices do not list it yet: still processing, never "not charged"', async () => {
    // The stand-in's only invoice is older than the purchase: nothing to link, nothing to conclude from.
    const stub = await standIn('POST /v1/billing/purchase', { status: 200, body: {} });
    const c = await startCore();
    value(await c.core.dispatch('session:signIn', { accountKey: KEY, baseUrl: stub.url }));
    const out = await buy(c, { quantity: 1000 });
    expect(out).toMatchObject({ outcome: 'processing' });
    expect(out.invoiceUuid).toBeUndefined();
    expect(out.message).toMatch(/took the order/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await attempt(c))!.state).toBe('processing');
    expect(stub.requests.filter((r) => r.path === '/v1/billing/purchase')).toHaveLength(1);
  });
});

describe('issue 22, point 4: a purchase refused 402 with only a message', () => {
  it('keeps the service’s words, says the payment was refused and that nothing was charged', async () => {
    const stub = await standIn('POST /v1/billing/purchase', {
      status: 402,
      body: { message: 'Cartão recusado pela operadora' },
    });
    const c = await startCore();
    value(await c.core.dispatch('session:signIn', { accountKey: KEY, baseUrl: stub.url }));
    const out = await buy(c, { quantity: 1000 });
    expect(out).toMatchObject({
      outcome: 'failed',
      error: { code: 'insufficient_balance', status: 402, serviceMessage: 'Cartão recusado pela operadora' },
    });
    expect(out.message).toBe(
      'The payment was refused: "Cartão recusado pela operadora". Nothing was charged.',
    );
    // The same words after a restart: they are kept with the attempt.
    expect((await attempt(c))!.error).toMatchObject({ serviceMessage: 'Cartão recusado pela operadora' });
  });
});
