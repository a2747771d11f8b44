import { describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import { cardsResponse, invoiceItem, paginated, plansResponse, purchaseResult } from '@core/api/wire-schemas';
import { MAGIC_CARDS, PROCESSING_SETTLE_MS } from '../../src/sandbox';
import { login, useSandbox, type Client } from '../support/sandbox-http';

const sandbox = useSandbox();

const balanceOf = async (c: Client) => (await c.get(PATHS.accountBalance)).body.balance as number;
const fields = (body: { errors: { field: string }[] }) => body.errors.map((e) => e.field);

describe('sandbox billing: catalogue', () => {
  it('lists four plans, one popular, one on sale, with unit and total', async () => {
    const c = await login(sandbox());
    const plans = plansResponse.parse((await c.get(PATHS.billingPlans)).body).data;
    expect(plans.map((p) => p.quantity)).toEqual([1000, 5000, 10000, 50000]);
    expect(plans.filter((p) => p.popular)).toHaveLength(1);
    const sale = plans.filter((p) => p.sale !== null);
    expect(sale).toHaveLength(1);
    // Package amounts, as the PHP and Python SDKs' vectors give them: price and sale for the whole package.
    expect(sale[0]).toMatchObject({ quantity: 50000, price: 3000, sale: 2500, unit: 0.05, total: 2500 });
    for (const p of plans) expect(p.total).toBeCloseTo(p.quantity * p.unit, 2);
    for (const p of plans) expect(p.total).toBe(p.sale ?? p.price);
  });

  it('lists two saved cards, one default, last 4 digits and MM/YY', async () => {
    const c = await login(sandbox());
    const cards = cardsResponse.parse((await c.get(PATHS.billingCards)).body).data;
    expect(cards).toHaveLength(2);
    expect(cards.filter((k) => k.default)).toHaveLength(1);
    for (const k of cards) {
      expect(k.number).toMatch(/^\d{4}$/);
      expect(k.validate).toMatch(/^\d{2}\/\d{2}$/);
      expect(['visa', 'mastercard']).toContain(k.flag);
    }
    expect(cards.map((k) => k.id)).not.toContain(MAGIC_CARDS.declined);
  });
});

describe('sandbox billing: purchase', () => {
  it('buys a quantity with the default card: credited, invoiced, in the ledger', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.billingPurchase, { quantity: 1000 });
    expect(res.status).toBe(200);
    const result = purchaseResult.parse(res.body);
    expect(result).toMatchObject({ status: 'succeeded', total: 90, quantity: 1000 });
    expect(result.paymentIntentId).toMatch(/^pi_/);
    expect(await balanceOf(c)).toBe(140);
    expect(sandbox().ledger(c.key).charges).toEqual([
      {
        invoiceUuid: result.invoiceUuid,
        displayId: 1,
        total: 90,
        credited: 90,
        quantity: 1000,
        card: '4242',
        source: 'purchase',
        status: 'succeeded',
      },
    ]);
    const invoices = paginated(invoiceItem).parse((await c.get(PATHS.billingInvoices)).body);
    expect(invoices.data[0]).toMatchObject({
      uuid: result.invoiceUuid,
      total: 90,
      status: { code: 'paid' },
      card: { code: 'visa', name: expect.stringContaining('4242') },
    });
  });

  it('prefers plan_id to quantity, charges the sale price and adds the regular price (ASSUMED)', async () => {
    const c = await login(sandbox());
    const plan = (await c.get(PATHS.billingPlans)).body.data[3];
    const res = await c.post(PATHS.billingPurchase, { plan_id: plan.id, quantity: 250 });
    expect(res.body).toMatchObject({ status: 'succeeded', quantity: 50000, total: 2500 });
    expect(await balanceOf(c)).toBe(50 + 3000);
  });

  it('charges the card named by card_id', async () => {
    const c = await login(sandbox());
    const card = (await c.get(PATHS.billingCards)).body.data[1];
    await c.post(PATHS.billingPurchase, { quantity: 250, card_id: card.id });
    const inv = (await c.get(PATHS.billingInvoices)).body.data[0];
    expect(inv.card).toEqual({ code: 'mastercard', name: expect.stringContaining(card.number) });
    expect(inv.total).toBe(22.5);
  });

  it.each([
    [{ quantity: 249 }, ['quantity']],
    [{ quantity: 1_000_001 }, ['quantity']],
    [{ quantity: 300.5 }, ['quantity']],
    [{}, ['quantity', 'plan_id']],
    [{ plan_id: 'no-such-plan' }, ['plan_id']],
    [{ quantity: 1000, card_id: 'no-such-card' }, ['card_id']],
    [{ quantity: 1000, coupon: 'FREE' }, ['coupon']],
  ])('answers 422 for %j with the failing fields', async (body, expected) => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.billingPurchase, body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_error');
    expect(fields(res.body)).toEqual(expected);
    expect(sandbox().ledger(c.key).charges).toEqual([]);
  });

  it('takes 10 % off with coupon DEMO10 and still credits the full quantity', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.billingPurchase, { quantity: 1000, coupon: 'demo10' });
    expect(res.body.total).toBe(81);
    expect(await balanceOf(c)).toBe(140);
  });

  it('rate-limits purchases (5 per 60 s) with Retry-After, then allows them after the clock moves', async () => {
    const c = await login(sandbox());
    for (let i = 0; i < 5; i++)
      expect((await c.post(PATHS.billingPurchase, { quantity: 250 })).status).toBe(200);
    const limited = await c.post(PATHS.billingPurchase, { quantity: 250 });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sandbox().ledger(c.key).charges).toHaveLength(5);
    const other = await login(sandbox());
    expect((await other.post(PATHS.billingPurchase, { quantity: 250 })).status).toBe(200);
    sandbox().advanceClock(retryAfter * 1000);
    expect((await c.post(PATHS.billingPurchase, { quantity: 250 })).status).toBe(200);
  });

  it('declines with the declining magic card: 402 card_declined, nothing charged', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.billingPurchase, { quantity: 1000, card_id: MAGIC_CARDS.declined });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('card_declined');
    expect(await balanceOf(c)).toBe(50);
    expect(sandbox().ledger(c.key).charges).toEqual([]);
    expect((await c.get(PATHS.billingInvoices)).body.meta.total).toBe(0);
  });

  it('asks for authentication with the SCA magic card: 402 authentication_required', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.billingPurchase, {
      quantity: 1000,
      card_id: MAGIC_CARDS.authenticationRequired,
    });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('authentication_required');
    expect(sandbox().ledger(c.key).charges).toEqual([]);
  });

  it('answers 503 payment_unavailable with the gateway-down magic card', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.billingPurchase, {
      quantity: 1000,
      card_id: MAGIC_CARDS.gatewayUnavailable,
    });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('payment_unavailable');
  });

  it('settles a processing purchase 30 s later: invoice pending, then paid and credited', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.billingPurchase, { quantity: 1000, card_id: MAGIC_CARDS.processing });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('processing');
    expect(await balanceOf(c)).toBe(50);
    expect((await c.get(PATHS.billingInvoices)).body.data[0].status.code).toBe('pending');
    expect(sandbox().ledger(c.key).charges[0]!.status).toBe('processing');

    sandbox().advanceClock(PROCESSING_SETTLE_MS - 1_000);
    expect(await balanceOf(c)).toBe(50);
    sandbox().advanceClock(1_000);
    expect(await balanceOf(c)).toBe(140);
    expect((await c.get(PATHS.billingInvoices)).body.data[0].status.code).toBe('paid');
    expect(sandbox().ledger(c.key).charges[0]!.status).toBe('succeeded');
  });
});

describe('sandbox billing: invoices', () => {
  it('pages invoices newest first and honours perPage (capped at 100)', async () => {
    const c = await login(sandbox());
    const uuids: string[] = [];
    for (let i = 0; i < 7; i++) {
      if (i === 5) sandbox().advanceClock(60_000);
      uuids.push((await c.post(PATHS.billingPurchase, { quantity: 250 + i })).body.invoiceUuid);
    }
    const raw = (await c.get(`${PATHS.billingInvoices}?page=2&perPage=3`)).body;
    const page = paginated(invoiceItem).parse(raw);
    expect(page.meta).toMatchObject({ total: 7, perPage: 3, currentPage: 2, lastPage: 3 });
    expect(page.meta.nextPageUrl).toBe('/v1/billing/invoices?page=3&perPage=3');
    expect(page.data.map((i) => i.uuid)).toEqual([uuids[3], uuids[2], uuids[1]]);
    expect(Number.isInteger(raw.data[0].displayId)).toBe(true); // an integer, as the SDKs type it
    expect(page.data[0]!.displayId).toBe(String(raw.data[0].displayId)); // shown as text
    const capped = (await c.get(`${PATHS.billingInvoices}?perPage=500`)).body;
    expect(capped.meta.perPage).toBe(100);
    const bad = await c.get(`${PATHS.billingInvoices}?perPage=0`);
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['perPage']);
  });
});
