/**
 * "Como sair" on an automation: its forecast counts the sentence, its test
 * send carries it, and the occurrence handed over to the outbox reaches the
 * sandbox with it, as a campaign's messages do.
 */
import { describe, expect, it } from 'vitest';
import { HOW_TO_STOP_SUFFIX } from '@shared/rules/how-to-stop';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startAutomations } from '../automations/automations-harness';

describe('Como sair through an automation', () => {
  it('ends the test send and the handed-over greeting with the sentence, and the forecast counts it', async () => {
    const sandbox = await useSandbox();
    // 20:00 on 10/03/2027 in São Paulo: Ana's birthday is tomorrow.
    const c = await startAutomations({ start: '2027-03-10T23:00:00.000Z', sandbox, background: true });
    await c.call('rules:set', { prefix: 'Loja Maria:', howToStop: 'on' });
    c.people([{ name: 'Ana Souza', phone: '+5511987650001', birthday: '11/03' }]);
    // With the name in front, 157 GSM-7 characters ('é' is one of them): one SMS; the sentence makes it 183, two.
    const text = `Parabéns, {{primeiro_nome}}! ${'b'.repeat(130)}`;
    await c.call('campaigns:smsTypes', {});
    const automation = await c.call('automations:create', {
      templateId: await c.template('Parabéns', text),
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
    });
    const expected = `Loja Maria: Parabéns, Ana! ${'b'.repeat(130)}${HOW_TO_STOP_SUFFIX}`;

    const forecast = await c.call('automations:forecast', { id: automation.id, days: 7 });
    const day = forecast.perDay.find((d) => d.date === '2027-03-11');
    expect(day).toMatchObject({ messages: 1, segments: 2 });

    const test = await c.call('automations:testSend', { id: automation.id, phone: '(11) 99999-0000' });
    expect(test.message).toBe(expected);

    await c.call('automations:run', {});
    c.clock.set('2027-03-11T12:00:00.000Z'); // 09:00 in São Paulo
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.messages).toHaveLength(2);
      return l;
    }, 15_000);
    expect(ledger.messages.map((m) => [m.phone, m.message])).toEqual([
      ['+5511999990000', expected],
      ['+5511987650001', expected],
    ]);
    expect(ledger.sends[1]!.segments).toBe(2);
  });
});
