/**
 * "SAIR" stops every message at once (issue 33, item 5): after Caio's reply
 * is read, the next campaign's freeze leaves his number out, a campaign
 * frozen before (waiting in the outbox for Monday 09:00) takes him out at
 * the last moment, and a test send to him is refused. The sandbox's ledger
 * has nothing for him. Real core, real SQLite, the worker against a real
 * sandbox, the core's clock set to a Saturday afternoon and moved on.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startComposer } from '../campaigns/composer/composer-harness';
import { runningClock } from '../../support/running-clock';
import { inboxIntake, reply } from './inbox-harness';

/** Saturday 18 April 2026, 14:00 in São Paulo: the day's window closed an hour ago. */
const SATURDAY_AFTERNOON = Date.parse('2026-04-18T17:00:00.000Z');
/** Monday 20 April, 09:00 in São Paulo. */
const MONDAY_NINE = '2026-04-20T12:00:00.000Z';

const ANA = '+5511988880001';
const CAIO = '+5511988880003';

describe('opt-out by reply', () => {
  it('leaves the number out of the next freeze, of a batch frozen before it, and of a test send', async () => {
    const sandbox = await useSandbox();
    const clock = runningClock(SATURDAY_AFTERNOON);
    const c = await startComposer({ sandbox, background: true, defaultRules: true, now: clock.now });
    const list = await c.call('lists:create', { name: 'Clientes' });
    for (const [name, phone] of [
      ['Ana', ANA],
      ['Caio', CAIO],
    ] as const) {
      await c.call('contacts:create', { name, phone, email: null, listIds: [list.id] });
    }
    const compose = async (name: string) => {
      const draft = await c.call('campaigns:create', { name });
      await c.call('campaigns:saveDraft', {
        id: draft.id,
        template: 'Oi {{primeiro_nome}}, a promoção chegou!',
        audience: { listIds: [list.id], contactIds: [] },
      });
      await c.call('campaigns:estimate', { id: draft.id }); // reads the price list, as the composer does
      return draft.id;
    };

    // Frozen on Saturday: it waits in the outbox for Monday 09:00.
    const before = await compose('Segunda');
    expect((await c.call('campaigns:send', { id: before })).totals?.recipients).toBe(2);
    await eventually(async () => {
      const p = await c.call('campaigns:progress', { id: before });
      expect(p.scheduled).toMatchObject({ messages: 2, firstAt: MONDAY_NINE });
    }, 15_000);

    // Saturday evening: Caio answers "SAIR" (as the server domain reads it in).
    const inbox = inboxIntake(c, { now: clock.now });
    expect(inbox.receive([reply(CAIO, ' sair ', clock.now().toISOString())]).optedOut).toBe(1);

    // A test send to him is refused; nothing reaches the service.
    const test = await compose('Teste');
    const refused = await c.fail('campaigns:testSend', { id: test, phone: CAIO });
    expect(refused).toMatchObject({ code: 'number_blocked', details: { params: { source: 'opted_out' } } });

    // The next campaign's freeze leaves him out.
    const after = await compose('Terça');
    expect((await c.call('campaigns:audience', { id: after })).recipients).toBe(1);
    expect((await c.call('campaigns:send', { id: after })).totals?.recipients).toBe(1);
    expect(sandbox.ledger(c.key!).messages).toEqual([]);

    // Monday 09:00: both campaigns leave, without him.
    clock.moveTo(MONDAY_NINE);
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.messages).toHaveLength(2);
      return l;
    }, 20_000);
    expect(ledger.messages.map((m) => m.phone)).toEqual([ANA, ANA]);
    const progress = await eventually(async () => {
      const p = await c.call('campaigns:progress', { id: before });
      expect(p.messages).toMatchObject({ accepted: 1, total: 1 });
      return p;
    }, 15_000);
    expect(progress.removed).toMatchObject({ optedOut: 1 });
  });
});
