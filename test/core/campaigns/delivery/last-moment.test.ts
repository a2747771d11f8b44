/**
 * The last moment decides (issue 32): a campaign the sending rules put on
 * Monday 09:00 waits in the outbox, not at the service; a number the owner
 * blocks and a customer who opts out in between are taken out as its batch
 * leaves: the sandbox's ledger has no message to them and debited nothing
 * for them, and the campaign's progress and report count them, by why.
 * Real core, real SQLite, the worker against a real sandbox, the core's
 * clock set to a Saturday afternoon and moved on to Monday.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../../billing/billing-harness';
import { startComposer } from '../composer/composer-harness';
import { runningClock } from '../../../support/running-clock';
import type { InputOf } from '@shared/ipc-contract';

/** Saturday 18 April 2026, 14:00 in São Paulo: the day's window closed an hour ago. */
const SATURDAY_AFTERNOON = Date.parse('2026-04-18T17:00:00.000Z');
/** Monday 20 April, 09:00 in São Paulo. */
const MONDAY_NINE = '2026-04-20T12:00:00.000Z';

const PEOPLE = [
  ['Ana', '+5511988880001'],
  ['Bia', '+5511988880002'],
  ['Caio', '+5511988880003'],
  ['Duda', '+5511988880004'],
  ['Edu', '+5582988880005'],
] as const;

describe('checked at the last moment', () => {
  it('a number blocked and a customer opted out after the send get nothing, are not charged, and are counted', async () => {
    const sandbox = await useSandbox();
    const clock = runningClock(SATURDAY_AFTERNOON);
    const c = await startComposer({ sandbox, background: true, defaultRules: true, now: clock.now });
    const list = await c.call('lists:create', { name: 'Clientes' });
    for (const [name, phone] of PEOPLE) {
      await c.call('contacts:create', { name, phone, email: null, listIds: [list.id] });
    }
    const draft = await c.call('campaigns:create', { name: 'Segunda' });
    await c.call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi {{primeiro_nome}}, a promoção chegou!',
      audience: { listIds: [list.id], contactIds: [] },
      options: { scheduleAt: null },
    });
    await c.call('campaigns:estimate', { id: draft.id }); // reads the price list, as the composer does
    const sent = await c.call('campaigns:send', { id: draft.id });
    expect(sent.totals?.recipients).toBe(5);
    await eventually(async () => {
      const p = await c.call('campaigns:progress', { id: draft.id });
      expect(p.scheduled).toMatchObject({ messages: 5, firstAt: MONDAY_NINE, charged: 0, waitsAll: true });
    }, 15_000);

    // Saturday evening: Procon-SP's list now has Bia's number, Procon-AL's and the owner's own
    // "Fornecedores" have Edu's (counted under Procon-AL's); Caio answers SAIR.
    const block = async (numbers: string, list: InputOf<'import:block'>['list']) => {
      const file = new TextEncoder().encode(`TELEFONE\n${numbers}\n`);
      const opened = await c.call('import:open', { fileName: 'lista.csv', data: file, purpose: 'numbers' });
      await c.call('import:plan', {
        importId: opened.importId,
        mapping: { ...opened.preview.mapping, custom: [] },
        defaultCountry: 'BR',
        acceptNineDigitFix: true,
        locale: 'en',
      });
      await c.call('import:block', { importId: opened.importId, list });
    };
    await block('11988880002', { kind: 'procon-sp' });
    await block('82988880005', { kind: 'procon-al' });
    await block('82988880005', { kind: 'owner', name: 'Fornecedores' });
    await c.call('optOuts:add', { phones: ['+5511988880003'] });
    expect(sandbox.ledger(c.key!).messages).toEqual([]);

    // Monday 09:00: the batch leaves without them.
    clock.moveTo(MONDAY_NINE);
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.sends).toHaveLength(1);
      return l;
    }, 15_000);
    expect(ledger.messages.map((m) => m.phone).sort()).toEqual(['+5511988880001', '+5511988880004']);
    // Debited for two messages, not five.
    const price = sent.totals!.cost! / 5;
    expect(ledger.sends[0]!.debited).toBeCloseTo(price * 2, 2);

    const progress = await eventually(async () => {
      const p = await c.call('campaigns:progress', { id: draft.id });
      expect(p.messages).toMatchObject({ accepted: 2, total: 2 });
      return p;
    }, 15_000);
    expect(progress.removed).toEqual({
      optedOut: 1,
      blocked: [
        { list: { id: 'procon-sp', kind: 'procon-sp', name: null }, count: 1 },
        { list: { id: 'procon-al', kind: 'procon-al', name: null }, count: 1 },
      ],
      cap: 0,
      erased: 0,
    });
    expect(progress.spend.charged.cost).toBeCloseTo(ledger.sends[0]!.debited, 2);
    expect(progress.scheduled).toBeNull();
    const report = await c.call('history:campaignReport', { campaignId: draft.id });
    expect(report.campaign.removed).toEqual(progress.removed);
    expect(report.totals.messages).toBe(2);
  });

  it('an automation’s cap or a lowered cap: the campaign’s own message does not count against it', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox, background: true });
    await c.call('rules:set', { cap: { on: true, messages: 1, days: 7 } });
    const list = await c.call('lists:create', { name: 'Clientes' });
    await c.call('contacts:create', {
      name: 'Ana',
      phone: '+5511988880001',
      email: null,
      listIds: [list.id],
    });
    const draft = await c.call('campaigns:create', { name: 'Uma' });
    await c.call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi!',
      audience: { listIds: [list.id], contactIds: [] },
    });
    await c.call('campaigns:send', { id: draft.id });
    // One message allowed, and it is this campaign's: it goes.
    await eventually(() => expect(sandbox.ledger(c.key!).messages).toHaveLength(1), 15_000);
    expect((await c.call('campaigns:progress', { id: draft.id })).removed).toBeNull();
  });
});
