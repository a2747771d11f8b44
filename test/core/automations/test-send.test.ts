/**
 * A test of the next send (`automations:testSend`): the next occurrence's
 * message, merged for its first recipient, goes now to the number the owner
 * types, as the sandbox's ledger shows it; it greets nobody, so the real
 * occurrence still goes to its recipient afterwards. Nothing ahead to test,
 * or a number that is not one, is said as such.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startAutomations } from './automations-harness';

describe('the test of an automation’s next send', () => {
  it('sends the next birthday’s message, merged for its contact, to the owner’s phone, and greets nobody', async () => {
    const sandbox = await useSandbox();
    // 20:00 on 10/03/2027, Brasília time: Ana's birthday tomorrow is the next occurrence; Bia's comes later.
    const c = await startAutomations({ start: '2027-03-10T23:00:00.000Z', sandbox, background: true });
    c.people([
      { name: 'Bia Lima', phone: '+5511987650002', birthday: '20/03' },
      { name: 'Ana Souza', phone: '+5511987650001', birthday: '11/03/1990' },
    ]);
    const automation = await c.call('automations:create', {
      templateId: await c.template('Parabéns', 'Parabéns, {{primeiro_nome}}! Um presente te espera.'),
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
      paused: true,
    });

    const result = await c.call('automations:testSend', { id: automation.id, phone: '(11) 99999-0000' });
    expect(result).toMatchObject({
      phone: '+5511999990000',
      message: 'Parabéns, Ana! Um presente te espera.',
      date: '2027-03-11',
    });
    const ledger = sandbox.ledger(c.key!);
    expect(ledger.messages.map((m) => [m.phone, m.message, m.schedule ?? null])).toEqual([
      ['+5511999990000', 'Parabéns, Ana! Um presente te espera.', null],
    ]);

    // The test greeted nobody: resumed, the occurrence still goes to Ana, at 09:00 on her birthday.
    await c.call('campaigns:smsTypes', {});
    await c.call('automations:resume', { id: automation.id });
    await c.call('automations:run', {});
    c.clock.set('2027-03-11T12:00:00.000Z');
    await eventually(() =>
      expect(sandbox.ledger(c.key!).messages.map((m) => [m.phone, m.schedule])).toEqual([
        ['+5511999990000', null],
        ['+5511987650001', null],
      ]),
    );
  });

  it('says when there is nothing ahead to test, or the number is not a phone', async () => {
    const sandbox = await useSandbox();
    const c = await startAutomations({ start: '2027-03-10T23:00:00.000Z', sandbox });
    const automation = await c.call('automations:create', {
      templateId: await c.template('Parabéns', 'Parabéns, {{primeiro_nome}}!'),
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
    });
    expect((await c.fail('automations:testSend', { id: automation.id, phone: '11999990000' })).code).toBe(
      'no_upcoming_occurrence',
    );
    c.people([{ name: 'Ana Souza', phone: '+5511987650001', birthday: '11/03' }]);
    const refused = await c.fail('automations:testSend', { id: automation.id, phone: '12345' });
    expect(refused.code).toBe('invalid_input');
    expect(sandbox.ledger(c.key!).messages).toEqual([]);
  });
});
