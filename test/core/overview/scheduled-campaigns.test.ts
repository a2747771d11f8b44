/**
 * The overview's recent campaigns say what the campaigns list says: a
 * campaign sent on a Saturday afternoon with the default sending rules on
 * (Saturday's window closes at 13:00) is accepted and charged at once, but
 * the service holds its messages until Monday 09:00: "Agendada", never a
 * "sent" date. Real core, real SQLite, the worker against a real sandbox,
 * the core's clock set to that Saturday.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startComposer } from '../campaigns/composer/composer-harness';
import { shownCampaignStatus } from '@shared/campaign-delivering';

/** Saturday 18 April 2026, 14:00 in São Paulo: the day's window closed an hour ago. */
const SATURDAY_AFTERNOON = Date.parse('2026-04-18T17:00:00.000Z');
/** Monday 20 April, 09:00 in São Paulo. */
const MONDAY_NINE = '2026-04-20T12:00:00.000Z';

describe('the overview of a campaign the service holds for its hours', () => {
  it('says "scheduled", with when, as the campaigns list does', async () => {
    const sandbox = await useSandbox();
    const started = Date.now();
    const c = await startComposer({
      sandbox,
      background: true,
      defaultRules: true,
      now: () => new Date(SATURDAY_AFTERNOON + (Date.now() - started)),
    });
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

    // The service has both, debited, each scheduled for Monday 09:00.
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.messages).toHaveLength(2);
      return l;
    }, 15_000);
    expect(ledger.messages.map((m) => m.schedule)).toEqual([MONDAY_NINE, MONDAY_NINE]);
    const listed = await eventually(async () => {
      const [row] = (await c.call('campaigns:list', {})).filter((r) => r.id === draft.id);
      expect(row?.status).toBe('completed');
      expect(row?.progress?.scheduled).not.toBeNull();
      return row!;
    }, 15_000);

    const [recent] = (await c.call('overview:get', {})).recent;
    expect(recent).toMatchObject({
      id: draft.id,
      status: 'completed',
      delivering: true,
      scheduled: { messages: 2, firstAt: MONDAY_NINE, lastAt: MONDAY_NINE },
    });
    // The same word as the campaigns list's row, from the same rule.
    const word = shownCampaignStatus(recent!.status, recent!.delivering, recent!.scheduled !== null);
    expect(word).toBe('scheduled');
    expect(recent!.scheduled).toEqual(listed.progress!.scheduled);
    // Charged at acceptance: what left the balance.
    expect(recent!.spent).toBeCloseTo(
      ledger.sends.reduce((n, s) => n + s.debited, 0),
      2,
    );
  });
});
