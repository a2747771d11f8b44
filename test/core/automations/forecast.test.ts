/**
 * The cost ahead, against a count made by hand: a birthday automation and a
 * recurring one over the next 30 days, day by day, priced with the
 * service's SMS types (read from a real sandbox), held against its balance.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../billing/billing-harness';
import { startAutomations } from './automations-harness';

// 10:00 on Wednesday 10 March 2027, Brasília time.
const NOW = '2027-03-10T13:00:00.000Z';
const LONG = 'Maria Aparecida dos Santos Oliveira Cavalcanti de Albuquerque Figueiredo';

describe('automations:forecast', () => {
  it('counts messages, SMS parts and R$ day by day as a person would, and says until when the balance covers them', async () => {
    const sandbox = await useSandbox();
    const c = await startAutomations({ start: NOW, sandbox });
    await c.call('campaigns:smsTypes', {}); // the prices: Padrão R$ 0,09 per part, the default
    c.people([
      { name: 'Ana', phone: '+5511987650001', birthday: '11/03/1990' },
      { name: LONG, phone: '+5511987650002', birthday: '11/03' },
      { name: 'Caio', phone: '+5511987650003', birthday: '20/03/1970' },
      { name: 'Duda', phone: '+5511987650004', birthday: '08/04' },
      // Outside the 30 days (10/03 to 08/04), before the automation's first time, opted out.
      { name: 'Enzo', phone: '+5511987650005', birthday: '09/04' },
      { name: 'Fabi', phone: '+5511987650006', birthday: '10/03' },
      { name: 'Gabi', phone: '+5511987650007', birthday: '15/03' },
    ]);
    c.contacts.optOut('default', { phones: ['+5511987650007'] }, 'manual');
    const club = c.people(
      Array.from({ length: 100 }, (_, i) => ({
        name: `Sócio ${i}`,
        phone: `+55119${String(70_000_000 + i)}`,
      })),
      'Clube',
    )!;
    const birthday = await c.call('automations:create', {
      templateId: await c.template(
        'Parabéns',
        'Feliz aniversário, {{nome}}! Hoje seu presente é 10% de desconto em qualquer compra na loja. Venha!',
      ),
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
    });
    await c.call('automations:create', {
      templateId: await c.template('Clube', 'Oferta do clube: 2 por 1 hoje!'),
      audience: { kind: 'list', listId: club },
      rule: {
        kind: 'recurring',
        at: '10:00',
        every: { unit: 'week', weekdays: ['mon', 'thu'] },
        from: '2027-03-01',
        until: null,
      },
    });

    // By hand. The birthday text has an "á", which GSM-7 lacks: it goes as UCS-2, 70 characters in one
    // part, 67 per part beyond. With "Ana" it has 94 characters (2 parts), "Caio" and "Duda" 95 (2),
    // the long name 163 (3). Birthdays: 11/03 Ana + the long name (5 parts), 20/03 Caio, 08/04 Duda.
    // The club: 100 messages of one part on Mondays and Thursdays after today 10:00: Thursdays 11, 18,
    // 25/03, 01 and 08/04, Mondays 15, 22, 29/03 and 05/04: 9 × 100.
    const byHand: Record<string, { messages: number; segments: number }> = {
      '2027-03-11': { messages: 102, segments: 105 },
      '2027-03-15': { messages: 100, segments: 100 },
      '2027-03-18': { messages: 100, segments: 100 },
      '2027-03-20': { messages: 1, segments: 2 },
      '2027-03-22': { messages: 100, segments: 100 },
      '2027-03-25': { messages: 100, segments: 100 },
      '2027-03-29': { messages: 100, segments: 100 },
      '2027-04-01': { messages: 100, segments: 100 },
      '2027-04-05': { messages: 100, segments: 100 },
      '2027-04-08': { messages: 101, segments: 102 },
    };
    const all = await c.call('automations:forecast', {});
    expect(all.from).toBe('2027-03-10');
    expect(all.perDay).toHaveLength(30);
    expect(all.perDay.at(-1)!.date).toBe('2027-04-08');
    for (const day of all.perDay) {
      const expected = byHand[day.date] ?? { messages: 0, segments: 0 };
      expect({ date: day.date, ...expected, cost: Math.round(expected.segments * 9) / 100, paid: 0 }).toEqual(
        day,
      );
    }
    expect(all).toMatchObject({ messages: 904, birthdays: 4, segments: 909, cost: 81.81, balance: 50 });
    // R$ 50: after 25/03 R$ 45,63 have gone; 29/03's R$ 9,00 is more than what is left.
    expect(all).toMatchObject({ coveredUntil: '2027-03-28', shortOn: '2027-03-29' });

    // One automation alone: the birthdays only.
    const one = await c.call('automations:forecast', { id: birthday.id, days: 30 });
    expect(one).toMatchObject({
      messages: 4,
      birthdays: 4,
      segments: 9,
      cost: 0.81,
      coveredUntil: null,
      shortOn: null,
    });

    // Handed over (11/03's birthdays, due within 36 hours): they wait in the outbox until 09:00 and
    // are debited as they leave, so they are still a cost ahead, nothing paid yet.
    c.clock.set('2027-03-10T16:00:00.000Z');
    await c.call('automations:run', {});
    const handed = await c.call('automations:forecast', { id: birthday.id });
    expect(handed).toMatchObject({ messages: 4, birthdays: 2, segments: 9, cost: 0.81, paid: 0 });
    expect(handed.perDay[1]).toEqual({ date: '2027-03-11', messages: 2, segments: 5, cost: 0.45, paid: 0 });
  });

  it('says how many contacts have a birthday on record when the window greets nobody (0: none imported)', async () => {
    const c = await startAutomations({ start: NOW });
    c.people([
      { name: 'Ana', phone: '+5511987650001' },
      { name: 'Bia', phone: '+5511987650002' },
    ]);
    const birthday = await c.call('automations:create', {
      templateId: await c.template('Parabéns', 'Feliz aniversário, {{nome}}!'),
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
    });
    expect(await c.call('automations:forecast', { id: birthday.id })).toMatchObject({
      messages: 0,
      birthdays: 0,
      birthdaysOnRecord: 0,
    });

    // Birthdays on record, none in the 30 days (10/03 to 08/04); an opted-out one is not counted.
    c.people([
      { name: 'Caio', phone: '+5511987650003', birthday: '20/06/1980' },
      { name: 'Duda', phone: '+5511987650004', birthday: '01/12' },
      { name: 'Enzo', phone: '+5511987650005', birthday: '02/12' },
    ]);
    c.contacts.optOut('default', { phones: ['+5511987650005'] }, 'manual');
    expect(await c.call('automations:forecast', { id: birthday.id })).toMatchObject({
      messages: 0,
      birthdaysOnRecord: 2,
    });

    // A greeting ahead: not asked.
    c.people([{ name: 'Fabi', phone: '+5511987650006', birthday: '15/03' }]);
    expect(await c.call('automations:forecast', { id: birthday.id })).toMatchObject({
      birthdays: 1,
      birthdaysOnRecord: null,
    });
  });
});
