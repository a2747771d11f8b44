/**
 * Birthdays under the sending rules (issue 26), through the real core on a
 * clock the test sets: each greeting on its contact's own clock (the
 * contact's zone beats its DDD's, as for DDD 81 on Fernando de Noronha); a
 * birthday on a closed day (Sunday, a national holiday, or an hour after
 * the window shuts) greeted at the last open moment before it, never after;
 * refused with `outside_rules` only when the 3 days before have none.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '@shared/rules/sending-rules';
import { holidayOn } from '@shared/rules/holidays';
import {
  handedMessages,
  PROFILE,
  startAutomations,
  type AutomationsUnderTest,
  type Person,
} from './automations-harness';

const TEXT = 'Feliz aniversário, {{primeiro_nome|cliente}}!';

async function greetings(c: AutomationsUnderTest, people: readonly Person[], at = '09:00') {
  c.people(people);
  const templateId = await c.template('Parabéns', TEXT);
  await c.call('automations:create', {
    templateId,
    audience: { kind: 'everyone' },
    rule: { kind: 'birthday', at, daysBefore: 0 },
  });
  await c.call('automations:run', {});
  return handedMessages(c.db).map((m) => ({
    campaign: m.campaign,
    expiresAt: m.expiresAt,
    phone: m.phone,
    schedule: m.schedule === null ? null : new Date(m.schedule).toISOString(),
  }));
}

/** A contact's own clock, as the contact drawer sets it (migration 0030's `time_zone`). */
const ownZone = (c: AutomationsUnderTest, phone: string, zone: string) =>
  c.db.prepare('UPDATE contacts SET time_zone = ? WHERE profile = ? AND phone = ?').run(zone, PROFILE, phone);

describe("a greeting on its contact's own clock", () => {
  it('a DDD 81 contact set to Fernando de Noronha is greeted at 09:00 there (11:00 UTC), its day ending at its midnight', async () => {
    // 20:00 on Wednesday 10 March 2027, Brasília time.
    const c = await startAutomations({ start: '2027-03-10T23:00:00.000Z' });
    c.people([
      { name: 'Noé Ilha', phone: '+5581999650004', birthday: '11/03' },
      { name: 'Rita Recife', phone: '+5581999650005', birthday: '11/03' },
    ]);
    ownZone(c, '+5581999650004', 'America/Noronha');
    expect(await greetings(c, [])).toEqual([
      {
        campaign: 'Aniversários · 11/03',
        expiresAt: '2027-03-12T03:00:00.000Z',
        phone: '+5581999650004',
        schedule: '2027-03-11T11:00:00.000Z',
      },
      // The same DDD without a zone of its own: Recife's clock (UTC-3).
      {
        campaign: 'Aniversários · 11/03',
        expiresAt: '2027-03-12T03:00:00.000Z',
        phone: '+5581999650005',
        schedule: '2027-03-11T12:00:00.000Z',
      },
    ]);
  });
});

describe('a birthday on a day the rules close', () => {
  it('on a Sunday: greeted on Saturday at 09:00 on each clock (São Paulo, Rio Branco, Noronha), expiring when Saturday closes', async () => {
    // 09:00 on Friday 5 March 2027 in São Paulo; Sunday 7 March is the birthday.
    const c = await startAutomations({ start: '2027-03-05T12:00:00.000Z' });
    c.people([{ name: 'Noé Ilha', phone: '+5581999650004', birthday: '07/03/1990' }]);
    ownZone(c, '+5581999650004', 'America/Noronha');
    const handed = await greetings(c, [
      { name: 'Ana Souza', phone: '+5511987650001', birthday: '07/03' },
      { name: 'Caio Acre', phone: '+5568999650003', birthday: '07/03' },
    ]);
    const expiresAt = '2027-03-06T18:00:00.000Z'; // 13:00 in Rio Branco, the last clock to close
    expect(handed).toEqual([
      {
        campaign: 'Aniversários · 07/03',
        expiresAt,
        phone: '+5511987650001',
        schedule: '2027-03-06T12:00:00.000Z',
      },
      {
        campaign: 'Aniversários · 07/03',
        expiresAt,
        phone: '+5568999650003',
        schedule: '2027-03-06T14:00:00.000Z',
      },
      {
        campaign: 'Aniversários · 07/03',
        expiresAt,
        phone: '+5581999650004',
        schedule: '2027-03-06T11:00:00.000Z',
      },
    ]);
  });

  it("the automation's next send and its log say Saturday's time before it is handed over", async () => {
    // 09:00 on Thursday 4 March 2027: Sunday's greeting is not due yet.
    const c = await startAutomations({ start: '2027-03-04T12:00:00.000Z' });
    c.people([{ name: 'Ana Souza', phone: '+5511987650001', birthday: '07/03' }]);
    const created = await c.call('automations:create', {
      templateId: await c.template('Parabéns', TEXT),
      audience: { kind: 'everyone' },
      rule: { kind: 'birthday', at: '09:00', daysBefore: 0 },
    });
    expect(created.next).toMatchObject({
      date: '2027-03-07',
      at: '2027-03-06T12:00:00.000Z',
      handedOver: false,
    });
    await c.call('automations:run', {});
    expect((await c.call('automations:log', { id: created.id })).upcoming).toMatchObject([
      { date: '2027-03-07', at: '2027-03-06T12:00:00.000Z', state: 'waiting', recipients: 1 },
    ]);
  });

  it('on Carnaval Tuesday: Monday is Carnaval and Sunday closed too, so Saturday, three days before', async () => {
    expect([holidayOn('2027-02-08'), holidayOn('2027-02-09')].map((h) => h?.name)).toEqual([
      'carnivalMonday',
      'carnivalTuesday',
    ]);
    const c = await startAutomations({ start: '2027-02-05T12:00:00.000Z' });
    expect(await greetings(c, [{ name: 'Dani', phone: '+5511987650006', birthday: '09/02' }])).toEqual([
      {
        campaign: 'Aniversários · 09/02',
        expiresAt: '2027-02-06T16:00:00.000Z',
        phone: '+5511987650006',
        schedule: '2027-02-06T12:00:00.000Z',
      },
    ]);
  });

  it('at an hour after the window shuts (20:00 on a Friday): the last open minute that day, 17:59', async () => {
    const c = await startAutomations({ start: '2027-03-11T12:00:00.000Z' });
    expect(
      await greetings(c, [{ name: 'Eva', phone: '+5511987650007', birthday: '12/03' }], '20:00'),
    ).toEqual([
      {
        campaign: 'Aniversários · 12/03',
        expiresAt: '2027-03-12T21:00:00.000Z',
        phone: '+5511987650007',
        schedule: '2027-03-12T20:59:00.000Z',
      },
    ]);
  });

  it('the computer off until Saturday 11:00: greeted at once, Saturday still open; off until Sunday: skipped as missed, never sent on Sunday', async () => {
    const people = [{ name: 'Ana Souza', phone: '+5511987650001', birthday: '07/03' }];
    const lateThen = async (iso: string) => {
      // Made on Thursday 4 March, 09:00 in São Paulo; the computer next on at `iso`.
      const c = await startAutomations({ start: '2027-03-04T12:00:00.000Z' });
      expect(await greetings(c, people)).toEqual([]);
      c.clock.set(iso);
      await c.call('automations:run', {});
      return c;
    };
    const saturday = await lateThen('2027-03-06T14:00:00.000Z');
    expect(handedMessages(saturday.db)).toMatchObject([
      { phone: '+5511987650001', schedule: null, expiresAt: '2027-03-06T16:00:00.000Z' },
    ]);
    const sunday = await lateThen('2027-03-07T13:00:00.000Z');
    expect(handedMessages(sunday.db)).toEqual([]);
    expect(
      sunday.db
        .prepare(`SELECT reason FROM automation_recipients WHERE phone = '+5511987650001'`)
        .pluck()
        .all(),
    ).toEqual(['computer_off']);
  });

  it('with no open moment in the 3 days before (no Saturday hours, Carnaval Tuesday): refused with outside_rules', async () => {
    const c = await startAutomations({ start: '2027-02-08T12:00:00.000Z' });
    await c.call('rules:set', { window: { on: true, hours: { ...DEFAULT_RULES.window.hours, sat: null } } });
    expect(await greetings(c, [{ name: 'Dani', phone: '+5511987650006', birthday: '09/02' }])).toEqual([]);
    const reasons = c.db
      .prepare(`SELECT reason FROM automation_recipients WHERE phone = '+5511987650006'`)
      .pluck()
      .all();
    expect(reasons).toEqual(['outside_rules']);
  });
});
