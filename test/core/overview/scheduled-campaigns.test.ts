/**
 * The overview's recent campaigns say what the campaigns list says: a
 * campaign sent on a Saturday afternoon with the default sending rules on
 * (Saturday's window closes at 13:00) waits in the outbox until Monday
 * 09:00, nothing charged: "Agendada" with when, never a "sent" date; on
 * Monday it goes, and what it cost is what left the balance. Real core,
 * real SQLite, the worker against a real sandbox, the core's clock set to
 * that Saturday.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startComposer } from '../campaigns/composer/composer-harness';
import { shownCampaignStatus } from '@shared/campaign-delivering';
import { runningClock } from '../../support/running-clock';

/** Saturday 18 April 2026, 14:00 in São Paulo: the day's window closed an hour ago. */
const SATURDAY_AFTERNOON = Date.parse('2026-04-18T17:00:00.000Z');
/** Monday 20 April, 09:00 in São Paulo. */
const MONDAY_NINE = '2026-04-20T12:00:00.000Z';

describe('the overview of a campaign the service holds for its hours', () => {
  it('says "scheduled", with when, as the campaigns list does', async () => {
    const sandbox = await useSandbox();
    const clock = runningClock(SATURDAY_AFTERNOON);
    const c = await startComposer({ sandbox, background: true, defaultRules: true, now: clock.now });
    const list = await c.call('lists:create', { name: 'Clientes' });
    for (const [name, phone] of [
      ['Ana', '+5511988880001'],
      ['Bia', '+5511988880002'],
    ]) {
      await c.call('contacts:create', { name: name!, phone: phone!, email: null, listIds: [list.id] });
    }
    const draft = await c.call('campaigns:create', { name: 'Fim de semana' });
    await c.call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi {{primeiro_nome}}, a promoção chegou!',
      audience: { listIds: [list.id], contactIds: [] },
      options: { scheduleAt: null },
    });
    await c.call('campaigns:estimate', { id: draft.id }); // reads the price list, as the composer does
    await c.call('campaigns:send', { id: draft.id });

    // Nothing at the service yet: the batch waits in the outbox for Monday 09:00.
    const listed = await eventually(async () => {
      const [row] = (await c.call('campaigns:list', {})).filter((r) => r.id === draft.id);
      expect(row?.progress?.scheduled).toEqual({
        messages: 2,
        firstAt: MONDAY_NINE,
        lastAt: MONDAY_NINE,
        charged: 0,
        waitsAll: true,
      });
      return row!;
    }, 15_000);
    expect(sandbox.ledger(c.key!).messages).toEqual([]);

    const [recent] = (await c.call('overview:get', {})).recent;
    expect(recent).toMatchObject({
      id: draft.id,
      status: 'queued',
      delivering: false,
      sentAt: null,
      spent: 0,
      scheduled: { messages: 2, firstAt: MONDAY_NINE, lastAt: MONDAY_NINE },
    });
    // The same word as the campaigns list's row, from the same rule.
    const word = shownCampaignStatus(recent!.status, recent!.delivering, recent!.scheduled);
    expect(word).toBe('scheduled');
    expect(shownCampaignStatus(listed.status, false, listed.progress!.scheduled)).toBe('scheduled');
    expect(recent!.scheduled).toEqual(listed.progress!.scheduled);

    // Monday 09:00: it goes, at once; charged now, what left the balance.
    clock.moveTo(MONDAY_NINE);
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.messages).toHaveLength(2);
      return l;
    }, 15_000);
    expect(ledger.messages.map((m) => m.schedule)).toEqual([null, null]);
    const after = await eventually(async () => {
      const [row] = (await c.call('overview:get', {})).recent;
      expect(row?.scheduled).toBeNull();
      expect(row?.sentAt).not.toBeNull();
      return row!;
    }, 15_000);
    expect(after.spent).toBeCloseTo(
      ledger.sends.reduce((n, s) => n + s.debited, 0),
      2,
    );
  });
});
