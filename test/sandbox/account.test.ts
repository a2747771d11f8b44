import { describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import { autoRechargeConfig, balance, webhookConfig } from '@core/api/wire-schemas';
import { MAGIC_CARDS } from '../../src/sandbox';
import { login, messages, useSandbox } from '../support/sandbox-http';

const sandbox = useSandbox();

describe('sandbox account', () => {
  it('shows the seeded balance', async () => {
    const c = await login(sandbox());
    const res = await c.get(PATHS.accountBalance);
    expect(balance.parse(res.body)).toEqual({
      balance: 50,
      currency: 'BRL',
      company: { name: 'Loja Demonstração', document: null },
    });
  });

  it('starts with auto-recharge disabled', async () => {
    const c = await login(sandbox());
    expect(autoRechargeConfig.parse((await c.get(PATHS.accountAutoRecharge)).body)).toEqual({
      enabled: false,
      threshold: 10,
      planQuantity: 1000,
      cardId: null,
      alertEnabled: false,
      alertThreshold: 20,
    });
  });

  it('updates auto-recharge from a snake_case body and answers camelCase', async () => {
    const c = await login(sandbox());
    const card = (await c.get(PATHS.billingCards)).body.data[1];
    const res = await c.put(PATHS.accountAutoRecharge, {
      enabled: true,
      threshold: 25.5,
      plan_quantity: 5000,
      card_id: card.id,
      alert_enabled: true,
      alert_threshold: 30,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      enabled: true,
      threshold: 25.5,
      planQuantity: 5000,
      cardId: card.id,
      alertEnabled: true,
      alertThreshold: 30,
    });
    expect((await c.get(PATHS.accountAutoRecharge)).body).toEqual(res.body);
    const off = await c.put(PATHS.accountAutoRecharge, { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, cardId: card.id, planQuantity: 5000 });
  });

  it('refuses to enable auto-recharge without a known card or with too small a quantity', async () => {
    const c = await login(sandbox());
    const card = (await c.get(PATHS.billingCards)).body.data[0];
    const noCard = await c.put(PATHS.accountAutoRecharge, { enabled: true, plan_quantity: 1000 });
    expect(noCard.status).toBe(422);
    expect(noCard.body.errors.map((e: { field: string }) => e.field)).toEqual(['card_id']);
    const unknown = await c.put(PATHS.accountAutoRecharge, {
      enabled: true,
      card_id: 'nope',
      plan_quantity: 1000,
    });
    expect(unknown.body.errors.map((e: { field: string }) => e.field)).toEqual(['card_id']);
    const small = await c.put(PATHS.accountAutoRecharge, {
      enabled: true,
      card_id: card.id,
      plan_quantity: 100,
    });
    expect(small.status).toBe(422);
    expect(small.body.errors.map((e: { field: string }) => e.field)).toEqual(['plan_quantity']);
    expect((await c.get(PATHS.accountAutoRecharge)).body.enabled).toBe(false);
  });

  it('recharges after a send that leaves the balance below the threshold', async () => {
    const c = await login(sandbox());
    const card = (await c.get(PATHS.billingCards)).body.data[0];
    await c.put(PATHS.accountAutoRecharge, {
      enabled: true,
      threshold: 20,
      plan_quantity: 1000,
      card_id: card.id,
    });
    await c.post(PATHS.smsSendMultiple, { messages: messages(300) }); // 27.00 → balance 23.00
    expect(sandbox().ledger(c.key).charges).toEqual([]);
    await c.post(PATHS.smsSendMultiple, { messages: messages(100) }); // 9.00 → 14.00 < 20 → +90.00
    expect((await c.get(PATHS.accountBalance)).body.balance).toBe(104);
    const charges = sandbox().ledger(c.key).charges;
    expect(charges).toEqual([
      {
        invoiceUuid: expect.any(String),
        displayId: 1,
        total: 90,
        credited: 90,
        quantity: 1000,
        card: card.number,
        source: 'auto-recharge',
        status: 'succeeded',
      },
    ]);
    const invoices = (await c.get(PATHS.billingInvoices)).body;
    expect(invoices.data[0]).toMatchObject({
      uuid: charges[0]!.invoiceUuid,
      total: 90,
      card: { code: 'visa' },
    });
  });

  it('does not recharge with a declining card, and the send still stands', async () => {
    const c = await login(sandbox());
    await c.put(PATHS.accountAutoRecharge, {
      enabled: true,
      threshold: 45,
      plan_quantity: 1000,
      card_id: MAGIC_CARDS.declined,
    });
    const res = await c.post(PATHS.smsSendMultiple, { messages: messages(100) });
    expect(res.status).toBe(200);
    expect((await c.get(PATHS.accountBalance)).body.balance).toBe(41);
    expect(sandbox().ledger(c.key).charges).toEqual([]);
  });

  it('sets, disables and rotates the webhook', async () => {
    const c = await login(sandbox());
    const initial = webhookConfig.parse((await c.get(PATHS.accountWebhook)).body);
    expect(initial.url).toBeNull();
    expect(initial.secret).toMatch(/^whsec_/);

    const set = await c.put(PATHS.accountWebhook, { url: 'https://example.test/hooks/smsgo' });
    expect(set.body).toEqual({ url: 'https://example.test/hooks/smsgo', secret: initial.secret });

    const rotated = await c.put(PATHS.accountWebhook, { rotate_secret: true });
    expect(rotated.body.url).toBe('https://example.test/hooks/smsgo');
    expect(rotated.body.secret).toMatch(/^whsec_[0-9a-f]{32}$/);
    expect(rotated.body.secret).not.toBe(initial.secret);

    const disabled = await c.put(PATHS.accountWebhook, { url: '' });
    expect(disabled.body).toEqual({ url: null, secret: rotated.body.secret });
    expect((await c.get(PATHS.accountWebhook)).body).toEqual(disabled.body);
  });

  it('refuses a webhook URL that is not http(s)', async () => {
    const c = await login(sandbox());
    for (const url of ['ftp://example.test/x', 'javascript:alert(1)', 'not a url']) {
      const res = await c.put(PATHS.accountWebhook, { url });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe('url');
    }
  });
});
