/**
 * From the hand-over to the service: the outbox worker of a real core
 * delivers an occurrence to a real sandbox, each message with its own
 * `schedule` (read back from the sandbox's ledger); an occurrence the
 * balance does not cover is held, then cancelled when its day is over and
 * logged as skipped for the balance, and the owner was told days before.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startAutomations } from './automations-harness';

describe('an automation’s occurrence through the outbox', () => {
  it('reaches the service once, each message with its own schedule (09:00 on its day)', async () => {
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
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.messages).toHaveLength(2);
      return l;
    });
    expect(ledger.messages.map((m) => [m.phone, m.message, m.schedule, m.status])).toEqual([
      ['+5511987650001', 'Parabéns, Ana!', '2027-03-11T12:00:00.000Z', 'scheduled'],
      ['+5511987650002', 'Parabéns, Bia!', '2027-03-11T12:00:00.000Z', 'scheduled'],
    ]);
    await c.call('automations:run', {});
    const [automation] = await c.call('automations:list', {});
    await eventually(async () => {
      const log = await c.call('automations:log', { id: automation!.id });
      expect(log.occurrences).toMatchObject([{ date: '2027-03-11', state: 'handed_over', recipients: 2, cost: 0.18 }]);
    });
    expect(sandbox.ledger(c.key!).messages).toHaveLength(2);
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
    await eventually(async () => {
      const log = await c.call('automations:log', { id: automation.id });
      expect(log.occurrences).toMatchObject([{ date: '2027-03-11', state: 'held', hold: 'insufficient_balance' }]);
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
