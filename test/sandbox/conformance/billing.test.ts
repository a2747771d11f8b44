/* eslint-disable @typescript-eslint/no-explicit-any -- wire bodies are checked field by field */
// The sandbox's conformance to the wire facts: billing (plans, cards, purchases, invoices). How it is checked: strict-client.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  PLAN_KEYS,
  CARD_KEYS,
  INVOICE_KEYS,
  INVOICE_STATUS_KEYS,
  INVOICE_CARD_KEYS,
  PURCHASE_RESULT_KEYS,
  UUID,
  CARD_DECLINED,
  CARD_SCA,
  CARD_PROCESSING,
  CARD_UNAVAILABLE,
  PURCHASES_PER_WINDOW,
} from './spec-facts';
import {
  type Reply,
  http,
  account,
  expectKeys,
  isInt,
  isNum,
  isStr,
  isNullOr,
  expectError,
  expectPaginated,
  until,
  balanceOf,
  plans,
  sb,
  sandboxPerTest,
} from './strict-client';

sandboxPerTest();

describe('billing', () => {
  it('plans: {data: Plan[]} with exactly {id, quantity, price, sale, unit, total, popular}', async () => {
    const a = await account();
    const res = await a.get('/v1/billing/plans');
    expect(res.status).toBe(200);
    expectKeys(res.body, ['data']);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const p of res.body.data) {
      expectKeys(p, PLAN_KEYS, 'Plan');
      expect(isStr(p.id)).toBe(true);
      expect(isInt(p.quantity) && isNum(p.price) && isNum(p.unit) && isNum(p.total)).toBe(true);
      expect(isNullOr(p.sale, isNum)).toBe(true);
      expect(typeof p.popular).toBe('boolean');
      // unit is the effective R$ per SMS, total the package price
      expect(p.total).toBeCloseTo(p.unit * p.quantity, 2);
    }
  });

  it('cards: {data: Card[]} with last-4 number, MM/YY validate, one default', async () => {
    const a = await account();
    const res = await a.get('/v1/billing/cards');
    expect(res.status).toBe(200);
    expectKeys(res.body, ['data']);
    for (const c of res.body.data) {
      expectKeys(c, CARD_KEYS, 'Card');
      expect(isStr(c.id) && isStr(c.name) && isStr(c.flag)).toBe(true);
      expect(c.number).toMatch(/^\d{4}$/);
      expect(c.validate).toMatch(/^(0[1-9]|1[0-2])\/\d{2}$/);
      expect(isNullOr(c.alias, isStr)).toBe(true);
      expect(typeof c.default).toBe('boolean');
    }
    expect(res.body.data.filter((c: any) => c.default)).toHaveLength(1);
  });

  const expectPurchase = (res: Reply, status: 'succeeded' | 'processing', quantity: number) => {
    expect(res.status, res.text).toBe(200);
    expectKeys(res.body, PURCHASE_RESULT_KEYS, 'PurchaseResult');
    expect(res.body.status).toBe(status);
    expect(res.body.invoiceUuid).toMatch(UUID);
    expect(isNum(res.body.total)).toBe(true);
    expect(res.body.quantity).toBe(quantity);
    expect(isStr(res.body.paymentIntentId) && res.body.paymentIntentId.length > 0).toBe(true);
  };

  it('purchase by quantity: succeeded, balance already credited, invoice listed', async () => {
    const a = await account();
    const before = await balanceOf(a);
    const res = await a.post('/v1/billing/purchase', { quantity: 1000 });
    expectPurchase(res, 'succeeded', 1000);
    expect(await balanceOf(a)).toBeGreaterThan(before);
    const inv = expectPaginated(await a.get('/v1/billing/invoices?page=1&perPage=10'), INVOICE_KEYS);
    expect(inv.map((i) => i.uuid)).toContain(res.body.invoiceUuid);
  });

  it('purchase bounds: 250 and 1,000,000 accepted; outside, fractional or wrong type is 422 on quantity', async () => {
    const a = await account();
    // Every attempt counts against the purchase rate limit: space them out.
    const buy = (body: unknown) => {
      sb.advanceClock(60_000);
      return a.post('/v1/billing/purchase', body);
    };
    expectPurchase(await buy({ quantity: 250 }), 'succeeded', 250);
    expectPurchase(await buy({ quantity: 1_000_000 }), 'succeeded', 1_000_000);
    for (const quantity of [249, 1_000_001, 0, -5, 300.5, '1000']) {
      expectError(await buy({ quantity }), 422, 'validation_error', 'quantity');
    }
  });

  it('purchase: neither quantity nor plan_id is 422; a missing body is 400', async () => {
    const a = await account();
    const res = await a.post('/v1/billing/purchase', {});
    expectError(res, 422, 'validation_error');
    expect(res.body.errors.length).toBeGreaterThan(0);
    expectError(await a.post('/v1/billing/purchase', { coupon: 'DEMO10' }), 422, 'validation_error');
    expectError(await http('POST', '/v1/billing/purchase', { token: a.token }), 400, 'bad_request');
  });

  it('purchase by plan_id, and plan_id wins over quantity', async () => {
    const a = await account();
    const ps = await plans(a);
    const plan = ps.find((p) => p.quantity === 5000);
    const res = await a.post('/v1/billing/purchase', { plan_id: plan.id });
    expectPurchase(res, 'succeeded', 5000);
    expect(res.body.total).toBeCloseTo(plan.total, 2);
    const both = await a.post('/v1/billing/purchase', { plan_id: plan.id, quantity: 300 });
    expectPurchase(both, 'succeeded', 5000);
  });

  it('purchase: unknown plan_id or card_id is 422 on that field', async () => {
    const a = await account();
    expectError(
      await a.post('/v1/billing/purchase', { plan_id: randomUUID() }),
      422,
      'validation_error',
      'plan_id',
    );
    expectError(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: randomUUID() }),
      422,
      'validation_error',
      'card_id',
    );
  });

  it('purchase with an explicit saved card', async () => {
    const a = await account();
    const cards = (await a.get('/v1/billing/cards')).body.data;
    const other = cards.find((c: any) => !c.default) ?? cards[0];
    expectPurchase(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: other.id }),
      'succeeded',
      1000,
    );
  });

  it('purchase is not idempotent: two equal calls make two invoices', async () => {
    const a = await account();
    const one = await a.post('/v1/billing/purchase', { quantity: 1000 });
    const two = await a.post('/v1/billing/purchase', { quantity: 1000 });
    expect(one.body.invoiceUuid).not.toBe(two.body.invoiceUuid);
    expect(one.body.paymentIntentId).not.toBe(two.body.paymentIntentId);
    const inv = expectPaginated(await a.get('/v1/billing/invoices?page=1&perPage=10'), INVOICE_KEYS);
    expect(inv.filter((i) => [one.body.invoiceUuid, two.body.invoiceUuid].includes(i.uuid))).toHaveLength(2);
  });

  it('purchase: 402 card_declined and authentication_required, 503 payment_unavailable, nothing credited', async () => {
    const a = await account();
    const before = await balanceOf(a);
    expectError(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: CARD_DECLINED }),
      402,
      'card_declined',
    );
    expectError(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: CARD_SCA }),
      402,
      'authentication_required',
    );
    expectError(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: CARD_UNAVAILABLE }),
      503,
      'payment_unavailable',
    );
    expect(await balanceOf(a)).toBe(before);
  });

  it('purchase: processing settles later; balance and invoices show it', async () => {
    const a = await account();
    const before = await balanceOf(a);
    const res = await a.post('/v1/billing/purchase', { quantity: 1000, card_id: CARD_PROCESSING });
    expectPurchase(res, 'processing', 1000);
    expect(await balanceOf(a)).toBe(before);
    sb.advanceClock(60_000);
    await until(async () => (await balanceOf(a)) > before);
    const inv = expectPaginated(await a.get('/v1/billing/invoices?page=1&perPage=10'), INVOICE_KEYS);
    expect(inv.find((i) => i.uuid === res.body.invoiceUuid)).toBeDefined();
  });

  it('purchase rate limit: 429 rate_limited with Retry-After; passes after waiting', async () => {
    const a = await account();
    for (let i = 0; i < PURCHASES_PER_WINDOW; i++) {
      expect((await a.post('/v1/billing/purchase', { quantity: 250 })).status).toBe(200);
    }
    const limited = await a.post('/v1/billing/purchase', { quantity: 250 });
    expectError(limited, 429, 'rate_limited');
    const retry = limited.headers.get('retry-after');
    expect(retry).toMatch(/^\d+$/);
    expect(Number(retry)).toBeGreaterThan(0);
    sb.advanceClock(Number(retry) * 1000);
    expect((await a.post('/v1/billing/purchase', { quantity: 250 })).status).toBe(200);
  });

  it('invoices: Paginated of InvoiceItem with nested status and card', async () => {
    const a = await account();
    for (let i = 0; i < 3; i++) await a.post('/v1/billing/purchase', { quantity: 250 });
    const res = await a.get('/v1/billing/invoices?page=1&perPage=2');
    const items = expectPaginated(res, INVOICE_KEYS);
    expect(items).toHaveLength(2);
    expect(res.body.meta).toMatchObject({ total: 3, perPage: 2, lastPage: 2 });
    for (const i of items) {
      expect(i.uuid).toMatch(UUID);
      expect(isNum(i.total)).toBe(true);
      expect(Number.isInteger(i.displayId)).toBe(true); // an integer, as the SDKs type it
      expect(isNullOr(i.date, isStr) && isNullOr(i.expiry, isStr)).toBe(true);
      if (i.status !== null) {
        expectKeys(i.status, INVOICE_STATUS_KEYS, 'invoice.status');
        expect(isStr(i.status.code) && isStr(i.status.name)).toBe(true);
        expect(isNullOr(i.status.icon, isStr) && isNullOr(i.status.color, isStr)).toBe(true);
      }
      if (i.card !== null) {
        expectKeys(i.card, INVOICE_CARD_KEYS, 'invoice.card');
        expect(isStr(i.card.code) && isStr(i.card.name)).toBe(true);
      }
    }
    expectError(await a.get('/v1/billing/invoices?page=0'), 422, 'validation_error', 'page');
    expectError(await a.get('/v1/billing/invoices?page=1&perPage=0'), 422, 'validation_error', 'perPage');
  });
});
