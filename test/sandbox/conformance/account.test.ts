/* eslint-disable @typescript-eslint/no-explicit-any -- wire bodies are checked field by field */
// The sandbox's conformance to the wire facts: the account (balance, auto-recharge, webhook settings). How it is checked: strict-client.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BALANCE_KEYS, COMPANY_KEYS, AUTO_RECHARGE_KEYS, WEBHOOK_KEYS } from './spec-facts';
import {
  account,
  expectKeys,
  isInt,
  isNum,
  isStr,
  isNullOr,
  expectError,
  sandboxPerTest,
} from './strict-client';

sandboxPerTest();

describe('account', () => {
  it('balance: {balance, currency: "BRL", company: {name, document|null}}', async () => {
    const a = await account();
    const res = await a.get('/v1/account/balance');
    expect(res.status).toBe(200);
    expectKeys(res.body, BALANCE_KEYS, 'Balance');
    expect(isNum(res.body.balance)).toBe(true);
    expect(res.body.currency).toBe('BRL');
    expectKeys(res.body.company, COMPANY_KEYS, 'company');
    expect(isStr(res.body.company.name)).toBe(true);
    expect(isNullOr(res.body.company.document, isStr)).toBe(true);
  });

  const expectAutoRecharge = (b: any) => {
    expectKeys(b, AUTO_RECHARGE_KEYS, 'AutoRechargeConfig');
    expect(typeof b.enabled).toBe('boolean');
    expect(typeof b.alertEnabled).toBe('boolean');
    expect(isNum(b.threshold) && isNum(b.alertThreshold)).toBe(true);
    expect(isInt(b.planQuantity)).toBe(true);
    expect(isNullOr(b.cardId, isStr)).toBe(true);
  };

  it('auto-recharge: read, update with snake_case body, camelCase answer', async () => {
    const a = await account();
    const read = await a.get('/v1/account/auto-recharge');
    expect(read.status).toBe(200);
    expectAutoRecharge(read.body);
    const cards = (await a.get('/v1/billing/cards')).body.data;
    const upd = await a.put('/v1/account/auto-recharge', {
      enabled: true,
      threshold: 15,
      plan_quantity: 5000,
      card_id: cards[0].id,
      alert_enabled: true,
      alert_threshold: 25,
    });
    expect(upd.status, upd.text).toBe(200);
    expectAutoRecharge(upd.body);
    expect(upd.body).toEqual({
      enabled: true,
      threshold: 15,
      planQuantity: 5000,
      cardId: cards[0].id,
      alertEnabled: true,
      alertThreshold: 25,
    });
    expect((await a.get('/v1/account/auto-recharge')).body).toEqual(upd.body);
    // Every field is optional: a partial update keeps the rest.
    const partial = await a.put('/v1/account/auto-recharge', { alert_enabled: false });
    expect(partial.status).toBe(200);
    expect(partial.body).toEqual({ ...upd.body, alertEnabled: false });
    const off = await a.put('/v1/account/auto-recharge', { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
  });

  it('auto-recharge: enabling needs card_id and plan_quantity (422 on card_id when there is none)', async () => {
    const a = await account();
    const cards = (await a.get('/v1/billing/cards')).body.data;
    expectError(
      await a.put('/v1/account/auto-recharge', { enabled: true, plan_quantity: 1000 }),
      422,
      'validation_error',
      'card_id',
    );
    expectError(
      await a.put('/v1/account/auto-recharge', { enabled: true }),
      422,
      'validation_error',
      'card_id',
    );
    expect((await a.get('/v1/account/auto-recharge')).body.enabled).toBe(false);
    // Reading (README, "Readings of the spec"): the rule holds for the values
    // after the change, so the stored planQuantity counts when only card_id is sent.
    const ok = await a.put('/v1/account/auto-recharge', { enabled: true, card_id: cards[0].id });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ enabled: true, cardId: cards[0].id, planQuantity: 1000 });
  });

  it('auto-recharge: field types are validated (422 with the field)', async () => {
    const a = await account();
    const cases: [unknown, string][] = [
      [{ enabled: 'yes' }, 'enabled'],
      [{ threshold: 'ten' }, 'threshold'],
      [{ threshold: -1 }, 'threshold'],
      [{ plan_quantity: 1.5 }, 'plan_quantity'],
      [{ card_id: randomUUID() }, 'card_id'],
      [{ alert_enabled: 1 }, 'alert_enabled'],
      [{ alert_threshold: 'x' }, 'alert_threshold'],
    ];
    for (const [body, field] of cases) {
      expectError(await a.put('/v1/account/auto-recharge', body), 422, 'validation_error', field);
    }
  });

  it('webhook: read {url|null, secret}, set url, "" disables, rotate_secret', async () => {
    const a = await account();
    const read = await a.get('/v1/account/webhook');
    expect(read.status).toBe(200);
    expectKeys(read.body, WEBHOOK_KEYS, 'WebhookConfig');
    expect(read.body.url).toBeNull();
    expect(read.body.secret).toMatch(/^whsec_/);
    const set = await a.put('/v1/account/webhook', { url: 'https://example.com/hook' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ url: 'https://example.com/hook', secret: read.body.secret });
    expect((await a.get('/v1/account/webhook')).body).toEqual(set.body);
    const rotated = await a.put('/v1/account/webhook', { rotate_secret: true });
    expect(rotated.status).toBe(200);
    expectKeys(rotated.body, WEBHOOK_KEYS);
    expect(rotated.body.url).toBe('https://example.com/hook');
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(read.body.secret);
    const off = await a.put('/v1/account/webhook', { url: '' });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ url: null, secret: rotated.body.secret });
  });

  it('webhook: invalid url or rotate_secret is 422', async () => {
    const a = await account();
    expectError(await a.put('/v1/account/webhook', { url: 'not a url' }), 422, 'validation_error', 'url');
    expectError(await a.put('/v1/account/webhook', { url: 42 }), 422, 'validation_error', 'url');
    expectError(
      await a.put('/v1/account/webhook', { rotate_secret: 'yes' }),
      422,
      'validation_error',
      'rotate_secret',
    );
  });
});
