/**
 * The composer's calls to the service, against a real sandbox over HTTP:
 * the SMS-type catalogue (cached for offline use), the estimate priced with
 * it against the balance, and the test send.
 */
import { NOTHING_MOVED } from '../../../support/any-time-rules';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../billing/billing-harness';
import { person, seedList, startComposer, type ComposerUnderTest } from './composer-harness';

async function draft(c: ComposerUnderTest, listId: string, template: string, options = {}) {
  const { id } = await c.call('campaigns:create', {});
  await c.call('campaigns:saveDraft', {
    id,
    template,
    options,
    audience: { listIds: [listId], contactIds: [] },
  });
  return id;
}

describe('campaigns:smsTypes', () => {
  it('lists the catalogue with the unit price (sale when set), and keeps answering offline', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    const expected = [
      { id: 1, name: 'Padrão', price: 0.09, sale: null, unitPrice: 0.09 },
      { id: 2, name: 'Premium', price: 0.12, sale: 0.1, unitPrice: 0.1 },
      { id: 3, name: 'Flash', price: 0.15, sale: null, unitPrice: 0.15 },
    ];
    expect(await c.call('campaigns:smsTypes', {})).toEqual(expected);
    await sandbox.sb.close();
    expect(await c.call('campaigns:smsTypes', {})).toEqual(expected);
  });

  it('without a service and never read, says so', async () => {
    const c = await startComposer();
    expect((await c.fail('campaigns:smsTypes', {})).code).toBe('not_signed_in');
  });
});

describe('campaigns:estimate', () => {
  it('sums every merged message\u2019s segments and prices them exactly, sale price over list price', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    const texts = ['curto', 'ç'.repeat(100), 'x'.repeat(1700)];
    const listId = seedList(c, 'Clientes', 3, (i) =>
      person(`P${i}`, `+551198765000${i}`, { texto: texts[i]! }),
    );
    const id = await draft(c, listId, '{{nome}}: {{texto}}', { smsTypeId: 2 });

    const estimate = await c.call('campaigns:estimate', { id });
    // "P0: curto" 1 GSM-7 part; "P1: " + 100 ç = 104 UCS-2 units, 2 parts; "P2: " + 1700 x = 1704 GSM-7 units, 12 parts.
    expect(estimate).toEqual({
      recipients: 3,
      messages: 3,
      segments: 15,
      encodings: { 'GSM-7': 2, 'UCS-2': 1 },
      maxSegments: 12,
      smsType: { id: 2, name: 'Premium', price: 0.12, sale: 0.1, unitPrice: 0.1 },
      unitPrice: 0.1,
      cost: 1.5,
      balance: 50,
      shortfall: 0,
      tooLong: 1,
      shortLinks: null,
      rules: NOTHING_MOVED,
      firstAt: null,
      lastAt: null,
      firstZone: null,
      lastZone: null,
      problems: [],
      fallbacks: [],
      // The longest message, as the checker shows it (its parts counted like any other).
      worst: { text: `P2: ${'x'.repeat(1700)}`, segments: expect.objectContaining({ segments: 12 }) },
    });

    // No type chosen: the service's default, the first of the catalogue (list price R$ 0.09).
    await c.call('campaigns:saveDraft', { id, options: { smsTypeId: null } });
    expect(await c.call('campaigns:estimate', { id })).toMatchObject({ unitPrice: 0.09, cost: 1.35 });
  });

  it('adds money in integer units: 3 × R$ 0.10 is R$ 0.30, not 0.30000000000000004', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    const listId = seedList(c, 'Clientes', 3);
    const id = await draft(c, listId, 'Oi', { smsTypeId: 2 });
    expect(0.1 * 3).not.toBe(0.3);
    expect((await c.call('campaigns:estimate', { id })).cost).toBe(0.3);
  });

  it('shows what is missing when the balance does not cover the campaign, and reads stale figures offline', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    // 60 messages of exactly 1600 GSM-7 characters: 11 parts each, 660 × R$ 0.09 = R$ 59.40 against R$ 50.00.
    const listId = seedList(c, 'Clientes', 60);
    const id = await draft(c, listId, `{{nome}}${'x'.repeat(1586)}`);
    const online = await c.call('campaigns:estimate', { id });
    expect(online).toMatchObject({
      segments: 660,
      maxSegments: 11,
      tooLong: 0,
      cost: 59.4,
      balance: 50,
      shortfall: 9.4,
    });

    await sandbox.sb.close();
    expect(await c.call('campaigns:estimate', { id })).toEqual(online);
  });

  it('counts without prices when no catalogue was ever read and nothing can be asked', async () => {
    const c = await startComposer();
    const listId = seedList(c, 'Clientes', 2);
    const id = await draft(c, listId, 'Olá');
    expect(await c.call('campaigns:estimate', { id })).toEqual({
      recipients: 2,
      messages: 2,
      segments: 2,
      encodings: { 'GSM-7': 0, 'UCS-2': 2 },
      maxSegments: 1,
      smsType: null,
      unitPrice: null,
      cost: null,
      balance: null,
      shortfall: null,
      tooLong: 0,
      shortLinks: null,
      rules: NOTHING_MOVED,
      firstAt: null,
      lastAt: null,
      firstZone: null,
      lastZone: null,
      problems: [],
      fallbacks: [],
      worst: {
        text: 'Olá',
        segments: { encoding: 'UCS-2', units: 3, segments: 1, perSegment: 70, nonGsmChars: ['á'] },
      },
    });
  });
});

describe('campaigns:testSend', () => {
  it('sends one recipient\u2019s merged text to the number typed, with the campaign\u2019s SMS type', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    const listId = seedList(c, 'Clientes', 2, (i) => person(['Ana', 'Bruno'][i]!, `+551198765000${i}`));
    const id = await draft(c, listId, 'Oi {{nome}}, promoção!', { smsTypeId: 2, from: 'LOJA' });

    const result = await c.call('campaigns:testSend', { id, phone: '(11) 98765-4321', index: 1 });
    expect(result).toMatchObject({ phone: '+5511987654321', segments: 1 });
    const ledger = sandbox.ledger(c.key!);
    expect(ledger.messages).toEqual([
      expect.objectContaining({
        sendId: result.sendId,
        phone: '+5511987654321',
        message: 'Oi Bruno, promoção!',
        reference: null,
      }),
    ]);
    // Charged at the Premium type's sale price: one part, R$ 0.10.
    expect((await c.call('account:balance', {})).balance).toBe(49.9);
  });

  it('is listed in the history as its campaign’s test, with how it went, without being opened', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    const listId = seedList(c, 'Clientes', 1, () => person('Ana', '+5511987650000'));
    const id = await draft(c, listId, 'Oi {{nome}}!');
    await c.call('campaigns:saveDraft', { id, name: 'Sábado' });

    const { sendId } = await c.call('campaigns:testSend', { id, phone: '(11) 98765-4321' });
    sandbox.advanceClock(10_000);
    const [listed] = (await c.call('history:sends', { page: 1 })).sends;
    expect(listed).toMatchObject({
      id: sendId,
      campaign: null,
      test: { campaignId: id, campaignName: 'Sábado' },
      counts: { total: 1, delivered: 1, failed: 0, inProgress: 0, done: true },
    });

    // The campaign deleted, its test still says whose it was.
    await c.call('campaigns:delete', { id });
    const [kept] = (await c.call('history:sends', { page: 1 })).sends;
    expect(kept!.test).toEqual({ campaignId: null, campaignName: 'Sábado' });
  });

  it('refuses a number that is not one, and reports the service being unreachable', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    const listId = seedList(c, 'Clientes', 1);
    const id = await draft(c, listId, 'Oi');
    expect(await c.fail('campaigns:testSend', { id, phone: '12345' })).toMatchObject({
      code: 'invalid_input',
      details: { fields: [{ field: 'phone' }] },
    });
    await sandbox.sb.close();
    expect((await c.fail('campaigns:testSend', { id, phone: '11987654321' })).code).toBe('network_error');
    expect(sandbox.ledger(c.key!).messages).toEqual([]);
  });
});
