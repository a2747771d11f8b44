import { NOTHING_MOVED } from '../../../support/any-time-rules';
import { describe, expect, it } from 'vitest';
import { messageReference } from '@core/campaigns/delivery/outbox-request';
import { countSegments } from '@shared/sms-segments';
import { eventually, useSandbox } from '../../billing/billing-harness';
import {
  campaignRow,
  outbox,
  person,
  PROFILE,
  seedList,
  startComposer,
  type ComposerUnderTest,
} from './composer-harness';

const CIDADES = ['Recife', 'São Paulo', '', 'Belo Horizonte'];

/** 12,001 contacts, some with a city (a custom field), in one list. */
function twelveThousand(c: ComposerUnderTest) {
  return seedList(c, 'Clientes', 12_001, (i) =>
    person(`Cliente ${String(i).padStart(5, '0')}`, `+55119${String(10_000_000 + i)}`, {
      ...(CIDADES[i % 4] ? { cidade: CIDADES[i % 4]! } : {}),
    }),
  );
}

async function draftFor(c: ComposerUnderTest, listId: string, template: string, options = {}) {
  const { id } = await c.call('campaigns:create', { name: 'Oferta' });
  await c.call('campaigns:saveDraft', {
    id,
    template,
    options,
    audience: { listIds: [listId], contactIds: [] },
  });
  return id;
}

describe('campaigns:send freezes the draft into the outbox', () => {
  it(
    'splits 12,001 recipients into 3 batches of at most 5000, with totals and cost from the cached price list',
    { timeout: 60_000 },
    async () => {
      const sandbox = await useSandbox();
      const c = await startComposer({ sandbox });
      // The catalogue read once (the composer does on opening); Send prices with it, without the service.
      const types = await c.call('campaigns:smsTypes', {});
      expect(types.find((t) => t.id === 2)).toEqual({
        id: 2,
        name: 'Premium',
        price: 0.12,
        sale: 0.1,
        unitPrice: 0.1,
      });
      const listId = twelveThousand(c);
      const template = 'Olá {{primeiro_nome}}! Oferta em {{cidade|sua cidade}} até domingo.';
      const id = await draftFor(c, listId, template, { smsTypeId: 2 });

      const sent = await c.call('campaigns:send', { id, allowPartial: true });
      const { batches, messages } = outbox(c.db, id);

      expect(batches.map((b) => [b.batch, b.state, b.messages])).toEqual([
        [0, 'queued', 5000],
        [1, 'queued', 5000],
        [2, 'queued', 2001],
      ]);
      expect(messages).toHaveLength(12_001);
      // Positions run 0..n-1 within each batch, in recipient order.
      expect(messages.slice(4999, 5001).map((m) => [m.batch, m.position])).toEqual([
        [0, 4999],
        [1, 0],
      ]);
      for (const b of batches) {
        const positions = messages.filter((m) => m.batch === b.batch).map((m) => m.position);
        expect(positions).toEqual(Array.from({ length: b.messages }, (_, i) => i));
      }
      // Recipient order is name order (`Cliente 00000`, ...): message i goes to contact i, the last one too.
      expect(messages.map((m) => m.phone)).toEqual(
        Array.from({ length: 12_001 }, (_, i) => `+55119${String(10_000_000 + i)}`),
      );
      expect(messages[0]!.message).toBe('Olá Cliente! Oferta em Recife até domingo.');
      expect(messages[2]!.message).toBe('Olá Cliente! Oferta em sua cidade até domingo.');

      // Every message's segments as counted on its text; batch and campaign totals add up.
      for (const m of messages) expect(m.segments).toBe(countSegments(m.message).segments);
      const segments = messages.reduce((sum, m) => sum + m.segments, 0);
      for (const b of batches) {
        const own = messages.filter((m) => m.batch === b.batch).reduce((sum, m) => sum + m.segments, 0);
        expect(b.segments).toBe(own);
        expect(b.cost).toBe((own * 10) / 100); // R$ 0.10 a segment: integer centavos
      }

      // References `<ref>-<batch>-<position>`: well-formed and unique.
      const ref = campaignRow(c.db, id)!.ref as string;
      const references = messages.map((m) => messageReference(ref, m.batch, m.position));
      expect(new Set(references).size).toBe(12_001);
      for (const r of references) expect(r).toMatch(/^[0-9a-z]{8}-[0-2]-\d{1,4}$/);

      expect(sent.status).toBe('queued');
      expect(sent.allowPartial).toBe(true);
      expect(sent.queuedAt).not.toBeNull();
      expect(sent.totals).toEqual({
        rules: NOTHING_MOVED,
        recipients: 12_001,
        messages: 12_001,
        segments,
        unitPrice: 0.1,
        cost: (segments * 10) / 100,
      });
      expect(sent.progress).toMatchObject({
        status: 'queued',
        batches: { queued: 3, total: 3 },
        messages: { accepted: 0, total: 12_001 },
      });
      const listed = await c.call('campaigns:list', {});
      expect(listed[0]).toMatchObject({ id, status: 'queued', totals: sent.totals });
    },
  );

  it('refuses a second freeze and leaves the outbox as the first one wrote it', async () => {
    const c = await startComposer();
    const listId = seedList(c, 'Clientes', 3);
    const id = await draftFor(c, listId, 'Oi {{nome}}');
    await c.call('campaigns:send', { id });
    const before = outbox(c.db, id);
    const again = await c.fail('campaigns:send', { id });
    expect(again.code).toBe('campaign_not_draft');
    expect(outbox(c.db, id)).toEqual(before);
  });

  it(
    'is atomic: a failure midway leaves the draft untouched and no outbox at all',
    { timeout: 60_000 },
    async () => {
      const c = await startComposer();
      const listId = twelveThousand(c);
      const id = await draftFor(c, listId, 'Oi {{nome}}');
      const draft = campaignRow(c.db, id);
      // The disk "fills up" in the middle of the second batch.
      c.db.exec(`CREATE TRIGGER disk_full BEFORE INSERT ON campaign_messages
               WHEN NEW.batch = 1 AND NEW.position = 2500 BEGIN SELECT RAISE(ABORT, 'disk full'); END`);

      expect((await c.fail('campaigns:send', { id })).code).toBe('internal_error');
      expect(campaignRow(c.db, id)).toEqual(draft);
      expect(outbox(c.db, id)).toEqual({ batches: [], messages: [] });
      expect((await c.call('campaigns:get', { id })).status).toBe('draft');

      c.db.exec('DROP TRIGGER disk_full');
      expect((await c.call('campaigns:send', { id })).totals?.messages).toBe(12_001);
    },
  );

  it('refuses messages over 1600 characters after merging, naming how many and the first', async () => {
    const c = await startComposer();
    const long = 'x'.repeat(1590);
    const listId = seedList(c, 'Clientes', 30, (i) =>
      person(
        `Cliente ${String(i).padStart(2, '0')}`,
        `+55119${String(10_000_000 + i)}`,
        i % 10 === 7 ? { obs: long } : {},
      ),
    );
    const id = await draftFor(c, listId, 'Oi {{nome}}: {{obs}}');
    const error = await c.fail('campaigns:send', { id });
    expect(error.code).toBe('message_too_long');
    expect(error.details?.params).toEqual({ count: 3, first: 'Cliente 07, +5511910000007', max: 1600 });
    expect(error.message).toContain('3 message(s)');
    expect(error.message).toContain('Cliente 07');
    expect(campaignRow(c.db, id)!.status).toBe('draft');
    expect(outbox(c.db, id).messages).toEqual([]);
  });

  it('refuses an empty text, and messages that merge to nothing', async () => {
    const c = await startComposer();
    const listId = seedList(c, 'Clientes', 2, (i) => person(i === 0 ? 'Ana' : '', `+5511987650${100 + i}`));
    const id = await draftFor(c, listId, '   ');
    const empty = await c.fail('campaigns:send', { id });
    expect(empty).toMatchObject({ code: 'invalid_input', details: { fields: [{ field: 'template' }] } });

    await c.call('campaigns:saveDraft', { id, template: '{{nome}}' });
    const merged = await c.fail('campaigns:send', { id });
    expect(merged.code).toBe('invalid_input');
    expect(merged.message).toContain('1 message(s) would be empty');
    expect(merged.message).toContain('+5511987650101');
    await c.call('campaigns:saveDraft', { id, template: '{{nome|Cliente}}' });
    await c.call('campaigns:send', { id });
    expect(outbox(c.db, id).messages.map((m) => m.message)).toEqual(['Ana', 'Cliente']);
  });

  it('refuses a field no recipient has ("Oi !") and an unclosed {{nome, naming the field as typed', async () => {
    const c = await startComposer();
    const listId = seedList(c, 'Clientes', 2, (i) =>
      person(`Cliente ${i}`, `+5511987650${100 + i}`, i === 0 ? { cidade: 'Recife' } : {}),
    );
    const id = await draftFor(c, listId, 'Oi {{apelido}}!');
    const nobody = await c.fail('campaigns:send', { id });
    expect(nobody).toMatchObject({
      code: 'template_field',
      details: {
        params: { field: '{{apelido}}', problem: 'field_nobody_has' },
        fields: [{ field: 'template' }],
      },
    });
    expect(nobody.message).toContain('No recipient has a value for {{apelido}}');

    await c.call('campaigns:saveDraft', { id, template: 'Oi {{nome, tudo bem? {{cidade}}' });
    const unclosed = await c.fail('campaigns:send', { id });
    expect(unclosed).toMatchObject({ code: 'template_field', details: { params: { field: '{{nome' } } });
    expect(unclosed.message).toContain('is not closed');
    await c.call('campaigns:saveDraft', { id, template: 'Oi {{nome}, tudo bem?' });
    expect((await c.fail('campaigns:send', { id })).message).toContain('write it as {{nome}}');
    // A test send refuses the unclosed field too: it would show the owner a message that never goes out so.
    expect((await c.fail('campaigns:testSend', { id, phone: '+5511987650100' })).code).toBe('template_field');
    expect(outbox(c.db, id).messages).toEqual([]);

    // A field some recipients have goes out (blank only where missing); a fallback, even empty, is the owner's
    // choice for a field other contacts have (one no contact at all has is a typo: template-check.test.ts).
    c.contacts.upsertMany(PROFILE, [person('Fora da lista', '+5511987650199', { apelido: 'Lu' })], 'update');
    await c.call('campaigns:saveDraft', { id, template: 'Oi {{nome}} de {{cidade}}{{apelido|}}' });
    await c.call('campaigns:send', { id });
    expect(outbox(c.db, id).messages.map((m) => m.message)).toEqual([
      'Oi Cliente 0 de Recife',
      'Oi Cliente 1 de',
    ]);
  });

  it('refuses a campaign with nobody left to send to', async () => {
    const c = await startComposer();
    const { id } = await c.call('campaigns:create', {});
    await c.call('campaigns:saveDraft', { id, template: 'Oi' });
    expect((await c.fail('campaigns:send', { id })).code).toBe('no_recipients');

    const listId = seedList(c, 'Clientes', 2);
    c.contacts.optOut(PROFILE, { phones: ['+5511910000000', '+5511910000001'] }, 'manual');
    await c.call('campaigns:saveDraft', { id, audience: { listIds: [listId], contactIds: [] } });
    expect((await c.fail('campaigns:send', { id })).code).toBe('no_recipients');
    expect(campaignRow(c.db, id)!.status).toBe('draft');
  });

  it('merges the e-mail only where the text asks for it', async () => {
    const c = await startComposer();
    const listId = seedList(c, 'Clientes', 2, (i) =>
      person(`Cliente ${i}`, `+5511987650${100 + i}`, {}, i === 0 ? 'ana@example.com' : null),
    );
    const withEmail = await draftFor(c, listId, 'Recibo para {{email|seu e-mail}}');
    await c.call('campaigns:send', { id: withEmail });
    expect(outbox(c.db, withEmail).messages.map((m) => m.message)).toEqual([
      'Recibo para ana@example.com',
      'Recibo para seu e-mail',
    ]);
    const withoutEmail = await draftFor(c, listId, 'Oi {{nome}}');
    await c.call('campaigns:send', { id: withoutEmail });
    expect(outbox(c.db, withoutEmail).messages.map((m) => m.message)).toEqual([
      'Oi Cliente 0',
      'Oi Cliente 1',
    ]);
  });

  it('writes the plain-letters text when the campaign chose it', async () => {
    const c = await startComposer();
    const listId = seedList(c, 'Clientes', 1, () => person('João Conceição', '+5511987650001'));
    const id = await draftFor(c, listId, 'Promoção para {{nome}}: “até” amanhã…', { plainLetters: true });
    await c.call('campaigns:send', { id });
    const [message] = outbox(c.db, id).messages;
    expect(message).toMatchObject({ message: 'Promocao para Joao Conceicao: "até" amanha...', segments: 1 });
    expect(countSegments(message!.message).encoding).toBe('GSM-7');
  });

  it('works offline before any price list was read: queued, price and cost unknown', async () => {
    const c = await startComposer(); // local-only: no service at all
    const listId = seedList(c, 'Clientes', 5);
    const id = await draftFor(c, listId, 'Oi {{nome}}');
    const sent = await c.call('campaigns:send', { id });
    expect(sent.status).toBe('queued');
    expect(sent.totals).toEqual({
      rules: NOTHING_MOVED,
      recipients: 5,
      messages: 5,
      segments: 5,
      unitPrice: null,
      cost: null,
    });
    expect(outbox(c.db, id).batches).toEqual([
      { batch: 0, state: 'queued', messages: 5, segments: 5, cost: 0 },
    ]);
  });

  it('refuses an SMS type the cached price list no longer has', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    await c.call('campaigns:smsTypes', {});
    const listId = seedList(c, 'Clientes', 2);
    const id = await draftFor(c, listId, 'Oi', { smsTypeId: 99 });
    expect(await c.fail('campaigns:send', { id })).toMatchObject({
      code: 'invalid_input',
      details: { fields: [{ field: 'options.smsTypeId' }] },
    });
  });

  it('deletes the profile\u2019s campaigns and their outbox on sign-out with local data deleted', async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox });
    const listId = seedList(c, 'Clientes', 3);
    const id = await draftFor(c, listId, 'Oi');
    await c.call('campaigns:send', { id });
    await c.call('campaigns:create', {});
    await c.call('session:signOut', { deleteLocalData: true });
    for (const table of ['campaigns', 'campaign_batches', 'campaign_messages']) {
      expect(c.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0);
    }
  });
});

describe('a frozen campaign in the app', () => {
  it('is delivered by the worker: every message once, exactly as frozen', { timeout: 60_000 }, async () => {
    const sandbox = await useSandbox();
    const c = await startComposer({ sandbox, background: true });
    const listId = seedList(c, 'Clientes', 300);
    const id = await draftFor(c, listId, 'Oi {{nome}}, até amanhã!');
    await c.call('campaigns:send', { id });
    const frozen = outbox(c.db, id).messages;
    const ref = campaignRow(c.db, id)!.ref as string;

    await eventually(async () => {
      expect((await c.call('campaigns:progress', { id })).status).toBe('completed');
    }, 30_000);
    const ledger = sandbox.ledger(c.key!).messages;
    expect(ledger).toHaveLength(300);
    expect(
      ledger.map((m) => [m.reference, m.phone, m.message]).sort((a, b) => a[0]!.localeCompare(b[0]!)),
    ).toEqual(
      frozen
        .map((m) => [messageReference(ref, m.batch, m.position), m.phone, m.message])
        .sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
  });
});
