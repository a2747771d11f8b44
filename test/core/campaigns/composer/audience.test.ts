import { describe, expect, it } from 'vitest';
import { outbox, person, PROFILE, startComposer, type ComposerUnderTest } from './composer-harness';

/**
 * Two overlapping lists, contacts chosen by hand, an opted-out number, a
 * deleted contact and another profile's contact:
 *
 *   Clientes: Ana, Bruno, Carla, Davi (opted out), Elisa (deleted)
 *   VIP:      Bruno, Carla, Fábio
 *   by hand:  Ana, Gil, Hugo (the demo profile's: not ours)
 */
async function audienceFixture(c: ComposerUnderTest) {
  const p = (name: string, n: number, fields: Record<string, string> = {}, email: string | null = null) =>
    person(name, `+551198765${String(n).padStart(4, '0')}`, fields, email);
  const clientes = c.contacts.createList(PROFILE, 'Clientes');
  const vip = c.contacts.createList(PROFILE, 'VIP');
  c.contacts.upsertMany(
    PROFILE,
    [
      p('Ana', 1, { cidade: 'Recife' }, 'ana@example.com'),
      p('Bruno', 2, { cidade: 'Olinda', bairro: '' }),
      p('Carla', 3),
      p('Davi', 4, { cidade: 'Natal' }),
      p('Elisa', 5),
    ],
    'update',
    clientes.id,
  );
  c.contacts.upsertMany(
    PROFILE,
    [p('Bruno', 2), p('Carla', 3), p('Fábio', 6, { bairro: 'Boa Viagem' })],
    'update',
    vip.id,
  );
  c.contacts.upsertMany(PROFILE, [p('Gil', 7)], 'update');
  c.contacts.upsertMany('demo', [p('Hugo', 8)], 'update');
  const id = (name: string, profile = PROFILE) =>
    c.db
      .prepare('SELECT id FROM contacts WHERE name = ? AND profile = ?')
      .pluck()
      .get(name, profile) as string;
  c.contacts.optOut(PROFILE, { phones: ['+5511987650004'] }, 'reply');
  c.contacts.delete(PROFILE, [id('Elisa')]);

  const campaign = await c.call('campaigns:create', { name: 'Audiência' });
  await c.call('campaigns:saveDraft', {
    id: campaign.id,
    template: 'Oi {{nome}}',
    audience: { listIds: [clientes.id, vip.id], contactIds: [id('Ana'), id('Gil'), id('Hugo', 'demo')] },
  });
  return campaign.id;
}

describe('campaign audience', () => {
  it('counts selections, opt-outs and duplicates across lists and hand-picked contacts', async () => {
    const c = await startComposer();
    const id = await audienceFixture(c);
    // Selected: Clientes 4 live (Elisa is deleted) + VIP 3 + by hand 2 (Hugo is another profile's) = 9.
    // Duplicates: Bruno, Carla (both lists), Ana (list and by hand) = 3. Opted out: Davi.
    expect(await c.call('campaigns:audience', { id })).toEqual({
      selected: 9,
      optedOut: 1,
      landlines: 0,
      blocked: [],
      capped: 0,
      duplicates: 3,
      recipients: 5,
    });
  });

  it('leaves fixed lines out of the recipients, the cost and the send, and counts them apart', async () => {
    const c = await startComposer();
    const list = c.contacts.createList(PROFILE, 'Loja');
    // From the service's contact list, say: kept, but marked (the import and the form refuse them).
    c.contacts.upsertMany(
      PROFILE,
      [person('Ana', '+5511987650001'), person('Escritório', '+551133334444')],
      'update',
      list.id,
    );
    const campaign = await c.call('campaigns:create', { name: 'Fixos' });
    await c.call('campaigns:saveDraft', {
      id: campaign.id,
      template: 'Oi {{nome}}',
      audience: { listIds: [list.id], contactIds: [] },
    });
    expect(await c.call('campaigns:audience', { id: campaign.id })).toEqual({
      selected: 2,
      optedOut: 0,
      blocked: [],
      capped: 0,
      landlines: 1,
      duplicates: 0,
      recipients: 1,
    });
    expect(await c.call('campaigns:estimate', { id: campaign.id })).toMatchObject({
      recipients: 1,
      segments: 1,
    });
    await c.call('campaigns:send', { id: campaign.id });
    expect(outbox(c.db, campaign.id).messages.map((m) => m.message)).toEqual(['Oi Ana']);
  });

  it('sends once per number, in name order, without opted-out or deleted contacts', async () => {
    const c = await startComposer();
    const id = await audienceFixture(c);
    await c.call('campaigns:send', { id });
    const { messages } = outbox(c.db, id);
    expect(messages.map((m) => m.message)).toEqual(['Oi Ana', 'Oi Bruno', 'Oi Carla', 'Oi Fábio', 'Oi Gil']);
    expect(new Set(messages.map((m) => m.phone)).size).toBe(5);
    expect(messages.map((m) => m.phone)).not.toContain('+5511987650004');
  });

  it('lists the merge fields the audience has, with how many contacts fill each', async () => {
    const pt = await startComposer({ osLocale: 'pt-BR' });
    const id = await audienceFixture(pt);
    expect(await pt.call('campaigns:fields', { id })).toEqual([
      { key: 'nome', filled: 5 },
      { key: 'primeiro_nome', filled: 5 },
      { key: 'telefone', filled: 5 },
      { key: 'email', filled: 1 },
      // Davi's `cidade` does not count: he opted out. Bruno's empty `bairro` is there but not filled.
      { key: 'cidade', filled: 2 },
      { key: 'bairro', filled: 1 },
    ]);

    const en = await startComposer({ osLocale: 'en-US' });
    const enId = await audienceFixture(en);
    expect((await en.call('campaigns:fields', { id: enId })).slice(0, 4).map((f) => f.key)).toEqual([
      'name',
      'first_name',
      'phone',
      'email',
    ]);
  });

  it('an empty audience counts zero everywhere', async () => {
    const c = await startComposer();
    const { id } = await c.call('campaigns:create', {});
    expect(await c.call('campaigns:audience', { id })).toEqual({
      selected: 0,
      optedOut: 0,
      landlines: 0,
      blocked: [],
      capped: 0,
      duplicates: 0,
      recipients: 0,
    });
    expect((await c.call('campaigns:fields', { id })).every((f) => f.filled === 0)).toBe(true);
  });

  it('orders same-named contacts by phone, and nameless ones last', async () => {
    const c = await startComposer();
    const list = c.contacts.createList(PROFILE, 'Todos');
    c.contacts.upsertMany(
      PROFILE,
      [
        person('', '+5511987650009'),
        person('maria', '+5511987650003'),
        person('Álvaro', '+5511987650005'),
        person('Maria', '+5511987650001'),
        person('alvaro', '+5511987650002'),
      ],
      'update',
      list.id,
    );
    const { id } = await c.call('campaigns:create', {});
    await c.call('campaigns:saveDraft', {
      id,
      template: '{{telefone}}',
      audience: { listIds: [list.id], contactIds: [] },
    });
    await c.call('campaigns:send', { id });
    expect(outbox(c.db, id).messages.map((m) => m.phone)).toEqual([
      '+5511987650002',
      '+5511987650005',
      '+5511987650001',
      '+5511987650003',
      '+5511987650009',
    ]);
  });
});
