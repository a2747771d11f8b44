/**
 * A message frozen for a person who is erased before it leaves is withdrawn
 * at the erase, as the last moment withdraws one (issue 32): the batch's
 * counts and cost are what is left, the service never gets it nor charges
 * it, and the campaign's progress and report count it as erased.
 * Real core, real SQLite, the worker against a real sandbox, the core's
 * clock set to a Saturday afternoon (the rules hold the campaign until
 * Monday 09:00) and moved on.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startComposer } from '../campaigns/composer/composer-harness';
import { runningClock } from '../../support/running-clock';

/** Saturday 18 April 2026, 14:00 in São Paulo: the day's window closed an hour ago. */
const SATURDAY_AFTERNOON = Date.parse('2026-04-18T17:00:00.000Z');
/** Monday 20 April, 09:00 in São Paulo. */
const MONDAY_NINE = '2026-04-20T12:00:00.000Z';

describe('erasing a person with a message waiting for them', () => {
  it('withdraws it: the service never gets it, nothing is charged for it, the report counts it', async () => {
    const sandbox = await useSandbox();
    const clock = runningClock(SATURDAY_AFTERNOON);
    const c = await startComposer({ sandbox, background: true, defaultRules: true, now: clock.now });
    const list = await c.call('lists:create', { name: 'Clientes' });
    await c.call('contacts:create', {
      name: 'Ana',
      phone: '+5511988880001',
      email: null,
      listIds: [list.id],
    });
    await c.call('contacts:create', {
      name: 'Maria Zebedeu',
      phone: '+5511987654321',
      email: null,
      listIds: [list.id],
    });
    const draft = await c.call('campaigns:create', { name: 'Segunda' });
    await c.call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi {{primeiro_nome}}, a promoção chegou!',
      audience: { listIds: [list.id], contactIds: [] },
      options: { scheduleAt: null },
    });
    await c.call('campaigns:estimate', { id: draft.id });
    const sent = await c.call('campaigns:send', { id: draft.id });
    expect(sent.totals?.recipients).toBe(2);
    await eventually(async () => {
      const p = await c.call('campaigns:progress', { id: draft.id });
      expect(p.scheduled).toMatchObject({ messages: 2, waitsAll: true });
    }, 15_000);

    const erased = await c.call('privacy:erase', { phone: '(11) 98765-4321' });
    expect(erased.erased).toMatchObject({ withdrawn: 1, contacts: 1 });

    clock.moveTo(MONDAY_NINE);
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.sends).toHaveLength(1);
      return l;
    }, 15_000);
    expect(ledger.messages.map((m) => m.phone)).toEqual(['+5511988880001']);
    expect(ledger.sends[0]!.debited).toBeCloseTo(sent.totals!.cost! / 2, 2);

    const progress = await eventually(async () => {
      const p = await c.call('campaigns:progress', { id: draft.id });
      expect(p.messages).toMatchObject({ accepted: 1, total: 1 });
      return p;
    }, 15_000);
    expect(progress.removed).toEqual({
      optedOut: 0,
      blocked: [],
      cap: 0,
      erased: 1,
    });
    const report = await c.call('history:campaignReport', { campaignId: draft.id });
    expect(report.campaign.removed).toEqual(progress.removed);
  });
});
