/**
 * Replies reach the inbox (issue 33, items 4 and 5): a campaign really sent
 * to a sandbox, then two customers answer it, a question and "Sair!!". Each
 * reply is kept once however often its page is handed over, names the
 * campaign it answers, and SAIR opts the number out with the reply as the
 * evidence, shown in the inbox and the contact's drawer. Real core, real
 * SQLite, real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { eventually, useSandbox } from '../billing/billing-harness';
import { startComposer, type ComposerUnderTest } from '../campaigns/composer/composer-harness';
import { inboxIntake, nextTurn, reply } from './inbox-harness';

const ANA = '+5511988880001';
const BIA = '+5511988880002';
const CAIO = '+5511988880003';

async function sentCampaign(c: ComposerUnderTest, name: string, template: string, listId: string) {
  const draft = await c.call('campaigns:create', { name });
  await c.call('campaigns:saveDraft', {
    id: draft.id,
    template,
    audience: { listIds: [listId], contactIds: [] },
  });
  await c.call('campaigns:estimate', { id: draft.id }); // reads the price list, as the composer does
  await c.call('campaigns:send', { id: draft.id });
  await eventually(async () => {
    const p = await c.call('campaigns:progress', { id: draft.id });
    expect(p.messages).toMatchObject({ accepted: p.messages.total });
  }, 15_000);
  return draft.id;
}

async function shop() {
  const sandbox = await useSandbox();
  const c = await startComposer({ sandbox, background: true });
  const list = await c.call('lists:create', { name: 'Clientes' });
  const contacts: Record<string, string> = {};
  for (const [name, phone] of [
    ['Ana Souza', ANA],
    ['Bia Lima', BIA],
  ] as const) {
    const contact = await c.call('contacts:create', { name, phone, email: null, listIds: [list.id] });
    contacts[name] = contact.id;
  }
  return { sandbox, c, list, contacts };
}

describe('replies reach the inbox', () => {
  it('keeps each reply once, names the campaign it answers, and SAIR opts the number out with its evidence', async () => {
    const { sandbox, c, list, contacts } = await shop();
    const campaignId = await sentCampaign(
      c,
      'Oferta de sábado',
      'Oi {{primeiro_nome}}, sábado tem oferta!',
      list.id,
    );
    expect(
      sandbox
        .ledger(c.key!)
        .messages.map((m) => m.phone)
        .sort(),
    ).toEqual([ANA, BIA]);

    const inbox = inboxIntake(c);
    const question = reply(ANA, 'Vocês abrem sábado?');
    const sair = reply(BIA, 'Sair!!');
    expect(inbox.receive([question, sair])).toEqual({ received: 2, optedOut: 1, phones: [ANA, BIA] });
    // The same page handed over again (the cursor was not saved): nothing new, nothing twice.
    expect(inbox.receive([question, sair])).toEqual({ received: 0, optedOut: 0, phones: [] });
    const optOuts = await c.call('optOuts:list', { offset: 0, limit: 50 });
    expect(optOuts.total).toBe(1);

    const listed = await c.call('inbox:list', { unreadOnly: false, limit: 200 });
    expect(listed.unread).toBe(2);
    expect(listed.serverConnected).toBe(false);
    const origin = { kind: 'campaign', id: campaignId, name: 'Oferta de sábado' };
    expect(listed.conversations).toHaveLength(2);
    expect(listed.conversations.find((v) => v.phone === ANA)).toMatchObject({
      name: 'Ana Souza',
      lastText: 'Vocês abrem sábado?',
      lastDirection: 'in',
      unread: 1,
      handled: false,
      optedOut: false,
      origin,
      timeZone: 'America/Sao_Paulo',
      lastReply: { text: 'Vocês abrem sábado?', at: question.receivedAt },
    });
    expect(listed.conversations.find((v) => v.phone === BIA)).toMatchObject({ optedOut: true, origin });

    // Ana's conversation: the campaign's message as it was sent, then her question.
    const ana = await c.call('inbox:conversation', { phone: '(11) 98888-0001' });
    expect(ana.messages.map((m) => [m.direction, m.text, m.origin?.kind])).toEqual([
      ['out', 'Oi Ana, sábado tem oferta!', 'campaign'],
      ['in', 'Vocês abrem sábado?', 'campaign'],
    ]);
    expect(ana.optOut).toBeNull();

    // Bia's: her SAIR is the opt-out's evidence, in the inbox and in her contact's drawer.
    const bia = await c.call('inbox:conversation', { phone: BIA });
    expect(bia.messages.at(-1)).toMatchObject({ direction: 'in', text: 'Sair!!', optOut: true });
    expect(bia.optOut).toEqual({ at: sair.receivedAt, source: 'reply', text: 'Sair!!' });
    const drawer = await c.call('contacts:get', { id: contacts['Bia Lima']! });
    expect(drawer.optedOut).toBe(true);
    expect(drawer.optOut).toEqual({ at: sair.receivedAt, source: 'reply', note: 'Sair!!' });

    // One notification for the read that brought them, with names and no number.
    await nextTurn();
    expect(inbox.changed).toEqual([{ phones: [ANA, BIA], unread: 2 }]);
    expect(inbox.host.notifications).toEqual([
      { title: '2 novas respostas', body: 'De Ana Souza, Bia Lima. 1 pediu para sair. Veja em Respostas.' },
    ]);

    // Handled, then unread again.
    expect(await c.call('inbox:markHandled', { phone: ANA, handled: true })).toMatchObject({
      unread: 0,
      handled: true,
    });
    expect(
      (await c.call('inbox:list', { unreadOnly: true, limit: 200 })).conversations.map((v) => v.phone),
    ).toEqual([BIA]);
    expect(await c.call('inbox:markHandled', { phone: ANA, handled: false })).toMatchObject({ unread: 1 });
  });

  it('a reply names the last message sent before it, and a number nobody wrote to is named by its last digits', async () => {
    const { c, list } = await shop();
    const first = await sentCampaign(c, 'Primeira', 'Oi {{primeiro_nome}}!', list.id);
    const inbox = inboxIntake(c, { language: 'en' });
    const early = reply(ANA, 'ok', new Date().toISOString());
    const second = await sentCampaign(c, 'Segunda', 'Oi de novo {{primeiro_nome}}!', list.id);
    const late = reply(BIA, 'obrigada', new Date(Date.now() + 1000).toISOString());
    const stranger = reply(CAIO, 'quem é?');
    inbox.receive([early, late, stranger]);

    const { conversations } = await c.call('inbox:list', { unreadOnly: false, limit: 200 });
    const originOf = (phone: string) => conversations.find((v) => v.phone === phone)?.origin;
    expect(originOf(ANA)).toEqual({ kind: 'campaign', id: first, name: 'Primeira' });
    expect(originOf(BIA)).toEqual({ kind: 'campaign', id: second, name: 'Segunda' });
    expect(originOf(CAIO)).toBeNull();
    expect(conversations.find((v) => v.phone === CAIO)?.name).toBeNull();

    // Search by name, by number, by the words of a message.
    const found = async (search: string) =>
      (await c.call('inbox:list', { search, unreadOnly: false, limit: 200 })).conversations.map(
        (v) => v.phone,
      );
    expect(await found('bia')).toEqual([BIA]);
    expect(await found('88880003')).toEqual([CAIO]);
    expect(await found('QUEM')).toEqual([CAIO]);
    // The campaigns' own texts are not searched: the list reads the inbox's messages only.
    expect(await found('oi de novo')).toEqual([]);

    await nextTurn();
    expect(inbox.host.notifications).toHaveLength(1);
    expect(inbox.host.notifications[0]!.body).toContain('•••• 0003');
    expect(JSON.stringify(inbox.host.notifications)).not.toContain('988880003');
  });

  it('a reply to an automation’s message names the automation', async () => {
    const { c, list } = await shop();
    const id = await sentCampaign(c, 'Aniversário 2026-04-18', 'Parabéns, {{primeiro_nome}}!', list.id);
    // An automation's occurrence is a campaign of the outbox carrying its automation's id (migration
    // 0025): made so here, on a campaign really sent, rather than by waiting for a birthday's hour.
    c.db
      .prepare(
        `INSERT INTO automations (id, profile, name, name_key, kind, audience, rule, active_since, created_at, updated_at)
         VALUES ('auto1', 'default', 'Aniversários', 'aniversarios', 'birthday', '{}', '{}', 'x', 'x', 'x')`,
      )
      .run();
    c.db.prepare(`UPDATE campaigns SET automation_id = 'auto1' WHERE id = ?`).run(id);
    inboxIntake(c).receive([reply(ANA, 'Obrigada!', new Date(Date.now() + 1000).toISOString())]);
    const ana = await c.call('inbox:conversation', { phone: ANA });
    expect(ana.origin).toEqual({ kind: 'automation', id: 'auto1', name: 'Aniversários' });
    expect(ana.messages[0]).toMatchObject({ direction: 'out', text: 'Parabéns, Ana!', origin: ana.origin });
  });

  it('a page whose transaction rolled back keeps nothing and announces nothing; read again, it is kept', async () => {
    const { c } = await shop();
    const inbox = inboxIntake(c);
    const page = [reply(ANA, 'PARE')];
    inbox.receiveRolledBack(page);
    await nextTurn();
    expect(inbox.changed).toEqual([]);
    expect((await c.call('inbox:list', { unreadOnly: false, limit: 200 })).conversations).toEqual([]);
    expect((await c.call('optOuts:list', { offset: 0, limit: 50 })).total).toBe(0);

    expect(inbox.receive(page)).toEqual({ received: 1, optedOut: 1, phones: [ANA] });
    await nextTurn();
    expect(inbox.host.notifications).toEqual([
      {
        title: 'Ana Souza pediu para sair',
        body: 'Respondeu “PARE”: o número não recebe mais nenhuma mensagem.',
      },
    ]);
  });

  it('a reply without a number it could be kept under is skipped, not a failed page', async () => {
    const { c } = await shop();
    const inbox = inboxIntake(c);
    const result = inbox.receive([
      { eventId: 'evt_bad', phone: 'abc', text: 'oi', receivedAt: new Date().toISOString() },
      { ...reply(ANA.slice(1), 'sem o mais'), receivedAt: 'not a time' },
    ]);
    expect(result).toEqual({ received: 1, optedOut: 0, phones: [ANA] });
    expect(inbox.log.lines.map((l) => [l.event, l.fields])).toEqual([['inbox.repliesSkipped', { count: 1 }]]);
  });
});
