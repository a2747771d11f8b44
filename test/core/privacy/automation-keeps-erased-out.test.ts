/**
 * An automation never messages an erased person: a birthday message
 * prepared for them is withdrawn at the erase, and added again by hand
 * they are left out of the next occurrence. Real core, the outbox worker
 * against a real sandbox (its ledger), the core's clock moved to 09:00.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startAutomations } from '../automations/automations-harness';

const ANA = { name: 'Ana Souza', phone: '+5511987650001', birthday: '11/03' };
const BIA = { name: 'Bia Lima', phone: '+5511987650002', birthday: '11/03' };

describe('an automation and an erased person', () => {
  it('withdraws the birthday message prepared for her, and never prepares another', async () => {
    const sandbox = await useSandbox();
    const c = await startAutomations({ start: '2027-03-10T23:00:00.000Z', sandbox, background: true });
    c.people([ANA, BIA]);
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

    // Bia asks to be erased that night; then someone types her in again by hand.
    const erased = await c.call('privacy:erase', { phone: '(11) 98765-0002' });
    expect(erased.erased).toMatchObject({ withdrawn: 1, contacts: 1 });
    c.people([BIA]);

    c.clock.set('2027-03-11T12:00:00.000Z'); // 09:00 in São Paulo
    const ledger = await eventually(() => {
      const l = sandbox.ledger(c.key!);
      expect(l.messages).toHaveLength(1);
      return l;
    });
    expect(ledger.messages.map((m) => [m.phone, m.message])).toEqual([[ANA.phone, 'Parabéns, Ana!']]);

    // A year on, her birthday again: the occurrence leaves her out.
    c.clock.set('2028-03-10T23:00:00.000Z');
    await c.call('automations:run', {});
    await eventually(async () => {
      const log = await c.call('automations:log', { id: automation!.id });
      expect(log.occurrences).toContainEqual(expect.objectContaining({ date: '2028-03-11', recipients: 1 }));
    });
  });
});
