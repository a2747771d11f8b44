/**
 * The forecast counts each greeting's SMS parts from the text the contact
 * will get, its own spreadsheet columns filled in: the automations' rows
 * are read in the campaigns' layout (id, phone, name, e-mail, time zone,
 * then the columns), so the campaigns' message builder finds each column
 * where it is.
 */
import { expect, it } from 'vitest';
import { startAutomations } from './automations-harness';

it('a greeting with a long value of its own column is counted as the parts that value makes', async () => {
  // 10:00 on Wednesday 10 March 2027, Brasília time.
  const c = await startAutomations({ start: '2027-03-10T13:00:00.000Z' });
  c.contacts.defineFields('default', [{ key: 'presente', type: 'text' }]);
  const gift = 'um vale de cinquenta reais para usar em qualquer produto da loja ate o fim do mes '.repeat(2);
  c.people([
    { name: 'Ana', phone: '+5511987650001', birthday: '20/03', fields: { presente: gift } },
    { name: 'Bia', phone: '+5511987650002', birthday: '21/03', fields: { presente: 'um bolo' } },
  ]);
  const a = await c.call('automations:create', {
    templateId: await c.template('Parabens', 'Parabens {{primeiro_nome}}! Seu presente: {{presente}}'),
    audience: { kind: 'everyone' },
    rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
  });
  const forecast = await c.call('automations:forecast', { id: a.id, days: 30 });
  // By hand, in GSM-7: Ana's text is 26 + 168 = 194 characters, 2 parts (153 each); Bia's 33, 1 part.
  expect(forecast).toMatchObject({ messages: 2, segments: 3 });
});
