/**
 * The sending rules through the whole core, held to the sandbox's ledger:
 * one campaign reaches people on four clocks, on a Saturday afternoon and
 * before a holiday; each message carries the schedule its recipient's clock
 * and the rules give it; a blocked number gets nothing; the frequency cap
 * leaves out those who had their messages. The core's clock is set to the
 * days the test is about (and runs on from there); the worker delivers to a
 * real sandbox over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startComposer, type ComposerUnderTest } from '../campaigns/composer/composer-harness';
import { runningClock } from '../../support/running-clock';

/** Saturday 18 April 2026, 12:30 in São Paulo (Tuesday 21 April is Tiradentes). */
const SATURDAY_NOON = Date.parse('2026-04-18T15:30:00.000Z');

const PEOPLE = [
  { name: 'Ana (São Paulo)', phone: '+5511988880001' },
  { name: 'Beto (Rio Branco)', phone: '+5568988880002' },
  { name: 'Cida (Manaus)', phone: '+5592988880003' },
  // DDD 81 is Recife's clock unless the contact says Fernando de Noronha.
  { name: 'Davi (Noronha)', phone: '+5581988880004', timeZone: 'America/Noronha' as const },
  { name: 'Edu (bloqueado)', phone: '+5511977770005' },
];

async function setUp() {
  const sandbox = await useSandbox();
  const clock = runningClock(SATURDAY_NOON);
  const c = await startComposer({ sandbox, background: true, defaultRules: true, now: clock.now });
  const list = await c.call('lists:create', { name: 'Clientes' });
  for (const p of PEOPLE) {
    await c.call('contacts:create', {
      name: p.name,
      phone: p.phone,
      email: null,
      listIds: [list.id],
      ...(p.timeZone ? { timeZone: p.timeZone } : {}),
    });
  }
  // Procon-SP's list, as a file of numbers (one with the DDD apart, as some lists give it).
  const file = new TextEncoder().encode('DDD;TELEFONE\n11;977770005\n21;966660006\n');
  const opened = await c.call('import:open', {
    fileName: 'nao-me-ligue.csv',
    data: file,
    purpose: 'numbers',
  });
  await c.call('import:plan', {
    importId: opened.importId,
    mapping: { ...opened.preview.mapping, custom: [] },
    defaultCountry: 'BR',
    acceptNineDigitFix: true,
    locale: 'en',
  });
  const blocked = await c.call('import:block', { importId: opened.importId, list: { kind: 'procon-sp' } });
  expect(blocked).toMatchObject({
    list: { id: 'procon-sp', kind: 'procon-sp', name: null },
    numbers: 2,
    added: 2,
    removed: 0,
    invalid: 0,
  });
  return { sandbox, c, listId: list.id, jump: clock.moveTo };
}

async function sendCampaign(c: ComposerUnderTest, listId: string, name: string, scheduleAt: string | null) {
  const draft = await c.call('campaigns:create', { name });
  await c.call('campaigns:saveDraft', {
    id: draft.id,
    template: 'Oi {{primeiro_nome}}, a promoção de outono chegou!',
    audience: { listIds: [listId], contactIds: [] },
    options: { scheduleAt },
  });
  return { draft, estimate: await c.call('campaigns:estimate', { id: draft.id }) };
}

/** The ledger's messages of one send, by phone: their schedule. */
function schedulesByPhone(
  ledger: { messages: { phone: string; schedule: string | null; message: string }[] },
  text: RegExp,
) {
  return Object.fromEntries(
    ledger.messages.filter((m) => text.test(m.message)).map((m) => [m.phone, m.schedule]),
  );
}

describe('a campaign spanning zones, a weekend and a holiday', () => {
  it('gives each message its own local-time schedule, leaves the blocked number out, and caps', async () => {
    const { sandbox, c, listId, jump } = await setUp();

    // Sent "now": Saturday 12:30 in São Paulo. The window closes at 13:00 on each clock.
    const now = await sendCampaign(c, listId, 'Sábado', null);
    expect(now.estimate).toMatchObject({
      recipients: 4,
      rules: { excluded: { blocked: 1, cap: 0 }, moved: { window: 1, holiday: 0, sunday: 0 } },
      lastAt: '2026-04-20T11:00:00.000Z',
      // Davi's own clock (DDD 81 covers Recife and Noronha; he chose Noronha): 09:00 there on Monday.
      lastZone: 'America/Noronha',
    });
    expect(await c.call('campaigns:audience', { id: now.draft.id })).toMatchObject({
      blocked: [{ list: { id: 'procon-sp', kind: 'procon-sp', name: null }, count: 1 }],
      recipients: 4,
    });
    const sent = await c.call('campaigns:send', { id: now.draft.id });
    expect(sent.totals?.rules).toEqual({
      excluded: { blocked: 1, cap: 0 },
      moved: { window: 1, holiday: 0, sunday: 0 },
    });
    const first = await eventually(() => {
      const ledger = sandbox.ledger(c.key!);
      expect(ledger.messages).toHaveLength(4);
      return ledger;
    }, 15_000);
    expect(schedulesByPhone(first, /outono/)).toEqual({
      // 12:30 in São Paulo, 10:30 in Rio Branco, 11:30 in Manaus: inside the window, at once.
      '+5511988880001': null,
      '+5568988880002': null,
      '+5592988880003': null,
      // 13:30 on Noronha: Saturday's window has closed, Sunday is closed: Monday 09:00 there.
      '+5581988880004': '2026-04-20T11:00:00.000Z',
    });
    expect(first.messages.map((m) => m.phone)).not.toContain('+5511977770005');
    // Accepted and charged, but Noronha's waits at the service until Monday: the campaign says so.
    await eventually(async () => {
      expect((await c.call('campaigns:progress', { id: now.draft.id })).scheduled).toEqual({
        messages: 1,
        firstAt: '2026-04-20T11:00:00.000Z',
        lastAt: '2026-04-20T11:00:00.000Z',
        charged: 1,
        waitsAll: true,
      });
    }, 15_000);

    // "09:00 on Tuesday 21 April": Tiradentes, so 09:00 on Wednesday, on each one's clock.
    const holiday = await sendCampaign(c, listId, 'Feriado', '2026-04-21T09:00');
    expect(holiday.estimate.rules.moved).toEqual({ window: 0, holiday: 4, sunday: 0 });
    await c.call('campaigns:send', { id: holiday.draft.id });
    // Every message is timed for Wednesday: the batch waits in the outbox, nothing charged yet.
    await eventually(async () => {
      expect((await c.call('campaigns:progress', { id: holiday.draft.id })).scheduled).toEqual({
        messages: 4,
        firstAt: '2026-04-22T11:00:00.000Z',
        lastAt: '2026-04-22T14:00:00.000Z',
        charged: 0,
        waitsAll: true,
      });
    }, 15_000);
    expect((await sandbox.ledger(c.key!)).messages).toHaveLength(4);

    // Wednesday 09:00 on Noronha, the first clock: the batch leaves, the later clocks' times with it.
    jump('2026-04-22T11:00:00.000Z');
    const second = await eventually(() => {
      const ledger = sandbox.ledger(c.key!);
      expect(ledger.messages).toHaveLength(8);
      return ledger;
    }, 15_000);
    const both = second.messages.slice(4);
    expect(Object.fromEntries(both.map((m) => [m.phone, m.schedule]))).toEqual({
      '+5511988880001': '2026-04-22T12:00:00.000Z',
      '+5568988880002': '2026-04-22T14:00:00.000Z',
      '+5592988880003': '2026-04-22T13:00:00.000Z',
      '+5581988880004': null,
    });
    await eventually(async () => {
      expect((await c.call('campaigns:progress', { id: holiday.draft.id })).scheduled).toMatchObject({
        messages: 3,
        firstAt: '2026-04-22T12:00:00.000Z',
        lastAt: '2026-04-22T14:00:00.000Z',
        charged: 3,
      });
    }, 15_000);

    // At most 2 messages per person in 7 days: everyone has had 2 (one of them still to come).
    await c.call('rules:set', { cap: { on: true, messages: 2, days: 7 } });
    const third = await sendCampaign(c, listId, 'De novo', null);
    expect(third.estimate).toMatchObject({ recipients: 0, rules: { excluded: { blocked: 1, cap: 4 } } });
    expect(await c.call('campaigns:audience', { id: third.draft.id })).toMatchObject({
      capped: 4,
      recipients: 0,
    });
    expect((await c.fail('campaigns:send', { id: third.draft.id })).code).toBe('no_recipients');
  });

  it('a test send goes now, whatever the hour, and never to a blocked number', async () => {
    const { sandbox, c, listId } = await setUp();
    // Sunday night on every clock.
    const { draft } = await sendCampaign(c, listId, 'Teste', '2026-04-21T09:00');
    const result = await c.call('campaigns:testSend', { id: draft.id, phone: '(11) 95555-0000' });
    expect(result.phone).toBe('+5511955550000');
    const ledger = sandbox.ledger(c.key!);
    expect(ledger.messages).toEqual([expect.objectContaining({ phone: '+5511955550000', schedule: null })]);
    const refused = await c.fail('campaigns:testSend', { id: draft.id, phone: '(11) 97777-0005' });
    expect(refused).toMatchObject({ code: 'number_blocked', details: { params: { source: 'procon-sp' } } });
    // One decision for every send: a number that opted out gets no test either.
    await c.call('optOuts:add', { phones: ['+5511955550000'] });
    const optedOut = await c.fail('campaigns:testSend', { id: draft.id, phone: '(11) 95555-0000' });
    expect(optedOut).toMatchObject({ code: 'number_blocked', details: { params: { source: 'opted_out' } } });
    expect(sandbox.ledger(c.key!).messages).toHaveLength(1);
  });

  it('a cancelled campaign’s messages no longer count toward the cap', async () => {
    const c = await startComposer({ defaultRules: true });
    const list = await c.call('lists:create', { name: 'Clientes' });
    await c.call('contacts:create', {
      name: 'Ana',
      phone: '+5511988880001',
      email: null,
      listIds: [list.id],
    });
    await c.call('rules:set', { cap: { on: true, messages: 1, days: 7 } });
    const first = await sendCampaign(c, list.id, 'Primeira', null);
    await c.call('campaigns:send', { id: first.draft.id });
    const second = await sendCampaign(c, list.id, 'Segunda', null);
    expect(second.estimate.rules.excluded.cap).toBe(1);
    // Nothing left this computer yet (no worker here): cancelled, Ana has had no message.
    await c.call('campaigns:cancel', { id: first.draft.id });
    expect((await c.call('campaigns:estimate', { id: second.draft.id })).rules.excluded.cap).toBe(0);
  });
});
