/**
 * The forecast cost is what is still to be paid: an occurrence handed over
 * the evening before waits in the outbox until 09:00 (the last moment
 * decides who gets it) and is still to pay until it leaves; once the
 * service accepted it (the sandbox's ledger debits it), the forecast stops
 * counting it, messages and R$ alike. Real core, real SQLite, the worker
 * against a real sandbox.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startAutomations } from './automations-harness';

describe('automations:forecast after a hand-over', () => {
  it('counts only what is not handed over yet; what was handed over was debited, and is not a cost ahead', async () => {
    const sandbox = await useSandbox();
    // 20:00 on Wednesday 10 March 2027, Brasília time: 11/03's birthdays are handed over now.
    const c = await startAutomations({ start: '2027-03-10T23:00:00.000Z', sandbox, background: true });
    c.people([
      { name: 'Ana Souza', phone: '+5511987650001', birthday: '11/03' },
      { name: 'Bia Lima', phone: '+5511987650002', birthday: '11/03' },
      { name: 'Caio Reis', phone: '+5511987650003', birthday: '20/03' },
    ]);
    const automation = await c.call('automations:create', {
      templateId: await c.template('Parabéns', 'Parabéns, {{primeiro_nome}}!'),
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
    });
    await c.call('campaigns:smsTypes', {}); // Padrão: R$ 0,09 per part, one part each

    const before = await c.call('automations:forecast', { id: automation.id });
    expect(before).toMatchObject({ messages: 3, birthdays: 3, segments: 3, cost: 0.27 });

    await c.call('automations:run', {});
    await eventually(async () => {
      const log = await c.call('automations:log', { id: automation.id });
      expect(log.occurrences).toMatchObject([{ date: '2027-03-11', state: 'queued', cost: 0.18 }]);
    }, 15_000);
    // Handed over, not at the service yet: still to pay, nothing paid.
    expect(sandbox.ledger(c.key!).messages).toEqual([]);
    const waiting = await c.call('automations:forecast', { id: automation.id });
    expect(waiting).toMatchObject({ messages: 3, segments: 3, cost: 0.27, paid: 0 });

    c.clock.set('2027-03-11T12:00:00.000Z'); // 09:00: the greetings leave
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.messages).toHaveLength(2);
      return l;
    }, 15_000);
    const debited = ledger.sends.reduce((n, s) => n + s.debited, 0);
    expect(debited).toBeCloseTo(0.18, 2);
    await eventually(async () => {
      const log = await c.call('automations:log', { id: automation.id });
      expect(log.occurrences).toMatchObject([{ date: '2027-03-11', state: 'handed_over', cost: 0.18 }]);
    }, 15_000);

    // Still ahead and still to pay: Caio's greeting on 20/03 only.
    const after = await c.call('automations:forecast', { id: automation.id });
    expect(after).toMatchObject({ messages: 1, birthdays: 1, segments: 1 });
    expect(after.cost).toBeCloseTo(before.cost! - debited, 2);
    expect(after.perDay.find((d) => d.date === '2027-03-11')).toMatchObject({
      messages: 0,
      segments: 0,
      cost: 0,
    });
    expect(after.perDay.find((d) => d.date === '2027-03-20')).toMatchObject({ messages: 1, cost: 0.09 });
  });
});
