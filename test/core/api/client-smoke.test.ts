/**
 * Every client method once against the sandbox, one test per area: the paths
 * from wire.ts reach the right routes and every response passes its schema.
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient, type SmsGoClient } from '@core/api/index';
import { MAGIC_PHONES } from '../../../src/sandbox/index';
import { newKey, useSandbox } from './sandbox-harness';

async function signedIn(label: string): Promise<SmsGoClient> {
  const sandbox = await useSandbox();
  const client = createSmsGoClient({ baseUrl: sandbox.url, accountKey: newKey(label) });
  await expect(client.exchangeKey()).resolves.toEqual({ mode: 'test' });
  return client;
}

describe('every client method, against the sandbox', () => {
  it('auth: exchangeKey, mode, revoke', async () => {
    const client = await signedIn('auth');
    expect(client.mode).toBe('test');
    await client.revoke();
    expect(client.mode).toBeNull();
  });

  it('SMS: types, single and bulk send, list, detail, numbers', async () => {
    const client = await signedIn('sms');
    const types = await client.smsTypes();
    expect(types.length).toBeGreaterThan(0);
    const single = await client.sendSingle({
      phone: MAGIC_PHONES.delivered,
      message: 'Olá!',
      sms_type_id: types[0]?.id,
    });
    expect(single).toMatchObject({ quantity: 1, status: 'queued', test: true });
    const bulk = await client.sendMultiple({
      messages: [
        { phone: MAGIC_PHONES.delivered, message: 'Oferta', reference: 'r1' },
        { phone: MAGIC_PHONES.undelivered, message: 'Oferta', reference: 'r2' },
      ],
      link_tracking: 'none',
    });
    expect(bulk.quantity).toBe(2);
    const sends = await client.listSends();
    expect(sends.data.map((s) => s.id)).toEqual(expect.arrayContaining([single.id, bulk.id]));
    const detail = await client.getSend(bulk.id);
    expect(detail.phones).toHaveLength(2);
    const numbers = await client.listSendNumbers(bulk.id);
    expect(numbers.meta.total).toBe(2);
    await expect(client.listSendNumbers(bulk.id, { status: 'delivered', page: 1 })).resolves.toMatchObject({
      meta: { currentPage: 1 },
    });
  });

  it('account: balance, auto-recharge read and update, webhook read and update', async () => {
    const client = await signedIn('account');
    const balance = await client.balance();
    expect(balance.currency).toBe('BRL');
    const auto = await client.autoRecharge();
    expect(typeof auto.enabled).toBe('boolean');
    await expect(
      client.updateAutoRecharge({ alert_enabled: true, alert_threshold: 15 }),
    ).resolves.toMatchObject({
      alertEnabled: true,
      alertThreshold: 15,
    });
    await client.webhook();
    const hook = await client.updateWebhook({
      url: 'https://hooks.example.com/torpedo',
      rotate_secret: true,
    });
    expect(hook.url).toBe('https://hooks.example.com/torpedo');
    expect(hook.secret).toMatch(/^whsec_/);
    await expect(client.updateWebhook({ url: '' })).resolves.toMatchObject({ url: null });
  });

  it('billing: plans, cards, purchase, invoices', async () => {
    const client = await signedIn('billing');
    const plans = await client.plans();
    const cards = await client.cards();
    expect(plans.length).toBeGreaterThan(0);
    expect(cards.some((c) => c.default)).toBe(true);
    const bought = await client.purchase({ plan_id: plans[0]?.id, card_id: cards[0]?.id });
    expect(bought).toMatchObject({ status: 'succeeded', quantity: plans[0]?.quantity });
    const byQuantity = await client.purchase({ quantity: 250 });
    const invoices = await client.invoices({ page: 1, perPage: 10 });
    expect(invoices.data.map((i) => i.uuid)).toEqual(
      expect.arrayContaining([bought.invoiceUuid, byQuantity.invoiceUuid]),
    );
  });

  it('contacts: create (upsert), list with filters, get, update, delete', async () => {
    const client = await signedIn('contacts');
    const list = await client.createList({ name: 'VIP' });
    const id = await client.createContact({
      full_name: 'Maria Silva',
      phone: '+5511987654321',
      email: 'maria@example.com',
      lists: [list.id],
    });
    expect(typeof id).toBe('string');
    const page = await client.listContacts({ page: 1, perPage: 20, search: 'Maria', title: 'VIP' });
    expect(page.data.map((c) => c.id)).toContain(id);
    await expect(client.getContact(id)).resolves.toEqual({
      fullName: 'Maria Silva',
      email: 'maria@example.com',
      phone: '+5511987654321',
    });
    await expect(client.updateContact(id, { full_name: 'Maria S.', phone: '+5511987654321' })).resolves.toBe(
      id,
    );
    await expect(client.deleteContact(id)).resolves.toHaveProperty('message');
    await expect(client.getContact(id)).rejects.toMatchObject({ status: 404 });
  });

  it('lists: create, list, get, update, delete', async () => {
    const client = await signedIn('lists');
    const created = await client.createList({ name: 'Clientes' });
    expect((await client.listLists()).data).toContainEqual(created);
    await expect(client.listLists({ page: 1, perPage: 5, title: 'Clientes' })).resolves.toMatchObject({
      meta: { perPage: 5 },
    });
    await expect(client.getList(created.id)).resolves.toEqual(created);
    await expect(client.updateList(created.id, { name: 'Clientes 2' })).resolves.toEqual({
      id: created.id,
      name: 'Clientes 2',
    });
    await expect(client.deleteList(created.id)).resolves.toHaveProperty('message');
  });

  it('short links: create, list, get, clicks, deactivate', async () => {
    const client = await signedIn('links');
    const link = await client.createShortLink({ url: 'https://loja.example.com/promo', title: 'Promo' });
    expect(link).toMatchObject({ url: 'https://loja.example.com/promo', active: true });
    expect((await client.listShortLinks()).data.map((l) => l.id)).toContain(link.id);
    await expect(client.getShortLink(link.id)).resolves.toMatchObject({ id: link.id });
    await expect(client.shortLinkClicks(link.id)).resolves.toMatchObject({ meta: { currentPage: 1 } });
    await expect(client.deactivateShortLink(link.id)).resolves.toMatchObject({ id: link.id, active: false });
  });
});
