/**
 * A reply from the inbox (issue 33, item 4): one SMS to the customer who
 * wrote, the business name in front, its cost shown before it goes, sent to
 * the sandbox as the service's send-one; refused to a number that opted out
 * and outside the sending hours on the customer's clock, with nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../billing/billing-harness';
import { startComposer } from '../campaigns/composer/composer-harness';
import { runningClock } from '../../support/running-clock';
import { inboxIntake, reply } from './inbox-harness';

const ANA = '+5511988880001';
const BIA = '+5511988880002';

/** Sunday 19 April 2026, 11:00 in São Paulo. */
const SUNDAY_MORNING = Date.parse('2026-04-19T14:00:00.000Z');
/** Monday 20 April, 09:00 in São Paulo: the window's next opening. */
const MONDAY_NINE = '2026-04-20T12:00:00.000Z';

describe('a reply from the inbox', () => {
  it('goes to the customer with the business name in front, costs what the estimate said, and shows in the conversation', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    await c.call('contacts:create', { name: 'Ana', phone: ANA, email: null, listIds: [] });
    await c.call('rules:set', { prefix: 'Loja Maria:' });
    inboxIntake(c).receive([reply(ANA, 'Vocês abrem sábado?')]);

    const message = 'Abrimos sim, das 9h às 13h.';
    const estimate = await c.call('inbox:replyEstimate', { phone: '11 98888-0001', message });
    expect(estimate).toEqual({
      text: 'Loja Maria: Abrimos sim, das 9h às 13h.',
      segments: 1,
      cost: expect.any(Number),
      refused: null,
    });
    expect(estimate.cost).toBeGreaterThan(0);

    const sent = await c.call('inbox:reply', { phone: '(11) 98888-0001', message });
    expect(sent).toEqual({ sendId: expect.any(String), phone: ANA, segments: 1, cost: estimate.cost });
    const ledger = sandbox.ledger(c.key!);
    expect(ledger.messages).toEqual([
      expect.objectContaining({ sendId: sent.sendId, phone: ANA, message: estimate.text, segments: 1 }),
    ]);
    // What the service debited is what the estimate said.
    expect(ledger.sends[0]!.debited).toBeCloseTo(estimate.cost!, 2);

    const conversation = await c.call('inbox:conversation', { phone: ANA });
    expect(
      conversation.messages.map((m) => [m.direction, m.text, m.origin?.kind ?? null, m.segments]),
    ).toEqual([
      ['in', 'Vocês abrem sábado?', null, null],
      ['out', estimate.text, 'reply', 1],
    ]);
    // Answering it handled it; the list shows our reply as the last message.
    expect(conversation).toMatchObject({
      handled: true,
      unread: 0,
      lastDirection: 'out',
      lastText: estimate.text,
    });

    // Her next reply answers ours.
    inboxIntake(c).receive([reply(ANA, 'Obrigada!', new Date(Date.now() + 1000).toISOString())]);
    const again = await c.call('inbox:conversation', { phone: ANA });
    expect(again.origin).toEqual({ kind: 'reply', id: null, name: null });
  });

  it('is refused to a number that opted out, and to a number that never wrote', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    inboxIntake(c).receive([reply(BIA, 'SAIR')]);

    expect((await c.call('inbox:replyEstimate', { phone: BIA, message: 'Tudo bem?' })).refused).toEqual({
      code: 'number_blocked',
      until: null,
    });
    expect(await c.fail('inbox:reply', { phone: BIA, message: 'Tudo bem?' })).toMatchObject({
      code: 'number_blocked',
      details: { params: { source: 'opted_out' } },
    });
    expect(await c.fail('inbox:reply', { phone: ANA, message: 'Oi' })).toMatchObject({ code: 'not_found' });
    expect(await c.fail('inbox:reply', { phone: '123', message: 'Oi' })).toMatchObject({
      code: 'invalid_input',
      details: { fields: [expect.objectContaining({ field: 'phone' })] },
    });
    expect(sandbox.ledger(c.key!).messages).toEqual([]);
  });

  it('is refused outside the sending hours on the customer’s clock, saying when it could go', async () => {
    const sandbox = await useSandbox();
    const clock = runningClock(SUNDAY_MORNING);
    const c = await startComposer({ sandbox, defaultRules: true, now: clock.now });
    inboxIntake(c, { now: clock.now }).receive([reply(ANA, 'Abre hoje?', clock.now().toISOString())]);

    const estimate = await c.call('inbox:replyEstimate', { phone: ANA, message: 'Amanhã às 9h!' });
    expect(estimate.refused).toEqual({ code: 'outside_sending_hours', until: MONDAY_NINE });
    expect(await c.fail('inbox:reply', { phone: ANA, message: 'Amanhã às 9h!' })).toMatchObject({
      code: 'outside_sending_hours',
      details: { params: { until: MONDAY_NINE } },
    });
    expect(sandbox.ledger(c.key!).messages).toEqual([]);

    // Monday 09:00 on her clock, it goes.
    clock.moveTo(MONDAY_NINE);
    await c.call('inbox:reply', { phone: ANA, message: 'Bom dia! Já abrimos.' });
    expect(sandbox.ledger(c.key!).messages).toHaveLength(1);
  });

  it('signing out with "delete local data" forgets the conversations and the replies sent', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    inboxIntake(c).receive([reply(ANA, 'Oi')]);
    await c.call('inbox:reply', { phone: ANA, message: 'Olá!' });
    await c.call('session:signOut', { deleteLocalData: true });
    const left = (table: string) => c.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    expect([left('inbox_replies'), left('inbox_sends')]).toEqual([0, 0]);
  });
});
