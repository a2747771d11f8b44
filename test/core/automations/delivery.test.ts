/**
 * From the hand-over to the service: the outbox worker of a real core
 * keeps an occurrence until its time, then delivers it to a real sandbox
 * (read back from the sandbox's ledger), leaving out who opted out in
 * between; an occurrence the
 * balance does not cover is held, then cancelled when its day is over and
 * logged as skipped for the balance, and the owner was told days before.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startAutomations } from './automations-harness';

describe('an automation’s occurrence through the outbox', () => {
  it('waits in the outbox until 09:00 on its day, then reaches the service once; who opts out meanwhile gets nothing', async () => {
    const sandbox = await useSandbox();
    const c = await startAutomations({ start: '2027-03-10T23:00:00.000Z', sandbox, background: true });
    c.people([
      { name: 'Ana Souza', phone: '+5511987650001', birthday: '11/03' },
      { name: 'Bia Lima', phone: '+5511987650002', birthday: '11/03' },
    ]);
    await c.call('automations:create', {
      templateId: await c.template('Parabéns', 'Parabéns, {{primeiro_nome}}!'),
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
    });
    await c.call('campaigns:smsTypes', {});
    await c.call('automations:run', {});
    const [automation] = await c.call('automations:list', {});
    await eventually(async () => {
      const log = await c.call('automations:log', { id: automation!.id });
      expect(log.occurrences).toMatchObject([{ date: '2027-03-11', state: 'queued', recipients: 2 }]);
    });
    // Prepared the evening before: nothing is at the service yet (it could not take a message back).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sandbox.ledger(c.key!).messages).toEqual([]);
    // Bia answers SAIR to something else that night.
    await c.call('optOuts:add', { phones: ['+5511987650002'] });

    c.clock.set('2027-03-11T12:00:00.000Z'); // 09:00 in São Paulo: its time
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.messages).toHaveLength(1);
      return l;
    });
    expect(ledger.messages.map((m) => [m.phone, m.message])).toEqual([['+5511987650001', 'Parabéns, Ana!']]);
    await eventually(async () => {
      const log = await c.call('automations:log', { id: automation!.id });
      // Bia was taken out as the batch left: one person, one message's cost.
      expect(log.occurrences).toMatchObject([
        { date: '2027-03-11', state: 'handed_over', recipients: 1, cost: 0.09, segments: 1 },
      ]);
    });
    await c.call('automations:run', {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sandbox.ledger(c.key!).messages).toHaveLength(1);
  });

  it('not covered by the balance: the owner is told days before; held, then skipped for the balance when its day ends', async () => {
    const sandbox = await useSandbox();
    const c = await startAutomations({ start: '2027-03-07T13:00:00.000Z', sandbox, background: true });
    await c.call('campaigns:smsTypes', {});
    // 600 birthdays on 11/03 at R$ 0,09: R$ 54,00, more than the R$ 50,00 there is.
    c.people(
      Array.from({ length: 600 }, (_, i) => ({
        name: `Cliente ${i}`,
        phone: `+55119${String(80_000_000 + i)}`,
        birthday: '11/03',
      })),
    );
    const automation = await c.call('automations:create', {
      templateId: await c.template('Parabéns', 'Parabéns!'),
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
    });
    await c.call('automations:run', {});
    expect(c.host.notifications).toContainEqual({
      title: 'Saldo baixo para as automações',
      body: 'Seu saldo não cobre os envios automáticos de 11/03. Compre créditos antes desse dia.',
    });

    c.clock.set('2027-03-10T13:00:00.000Z');
    await c.call('automations:run', {});
    // Handed over the day before; held when its time comes and the credit does not cover it.
    c.clock.set('2027-03-11T12:00:00.000Z');
    await eventually(async () => {
      const log = await c.call('automations:log', { id: automation.id });
      expect(log.occurrences).toMatchObject([
        { date: '2027-03-11', state: 'held', hold: 'insufficient_balance' },
      ]);
    });
    c.clock.set('2027-03-12T03:30:00.000Z'); // 00:30 on the 12th: its day is over
    await eventually(async () => {
      await c.call('automations:run', {});
      const log = await c.call('automations:log', { id: automation.id });
      expect(log.occurrences).toMatchObject([
        { date: '2027-03-11', state: 'skipped', reason: 'balance', skipped: { balance: 600 } },
      ]);
    });
    expect(sandbox.ledger(c.key!).messages).toEqual([]);
  });
});
