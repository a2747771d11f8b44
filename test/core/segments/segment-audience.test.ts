/**
 * A segment as a campaign's audience (the real core, local-only, through
 * dispatch): beside a list each person counts once, opted-out numbers are
 * left out, the freeze takes who the segment takes at that moment; and the
 * conditions on what Torpedo sent (sent / delivered / clicked in a
 * campaign, the last message), over a campaign whose batch the service
 * accepted (written here as the delivery and the history would).
 */
import { describe, expect, it } from 'vitest';
import {
  outbox,
  person,
  PROFILE,
  startComposer,
  type ComposerUnderTest,
} from '../campaigns/composer/composer-harness';

const NOW = new Date('2026-05-10T12:00:00.000Z');

async function shop(): Promise<ComposerUnderTest & { vip: string; recife: string }> {
  const c = await startComposer({ now: () => NOW });
  c.contacts.defineFields(PROFILE, [
    { key: 'cidade', type: 'text' },
    { key: 'ultima_compra', type: 'date' },
  ]);
  const vip = c.contacts.createList(PROFILE, 'VIP').id;
  c.contacts.upsertMany(
    PROFILE,
    [
      person('Ana', '+5581987650001', { cidade: 'Recife', ultima_compra: '01/05/2026' }),
      person('Bia', '+5581987650002', { cidade: 'Natal', ultima_compra: '01/01/2020' }),
    ],
    'update',
    vip,
  );
  c.contacts.upsertMany(
    PROFILE,
    [
      person('Caio', '+5511987650003', { cidade: 'Recife', ultima_compra: '02/05/2026' }),
      person('Davi', '+5511987650004', { cidade: 'Recife' }),
    ],
    'update',
  );
  const definition = await c.call('segments:read', {
    where: ['cidade = Recife', 'ultima_compra in-last 30d'],
  });
  const recife = (await c.call('segments:create', { name: 'Recife, 30 dias', ...definition })).id;
  return Object.assign(c, { vip, recife });
}

describe('a segment in the composer', () => {
  it('counts each person once beside a list, leaves opted-out numbers out, and is frozen as it is at Send', async () => {
    const c = await shop();
    const draft = await c.call('campaigns:create', { name: 'Promo' });
    await c.call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi {{nome}}',
      audience: { listIds: [c.vip], contactIds: [], segmentIds: [c.recife] },
    });
    // VIP: Ana, Bia; the segment: Ana, Caio. Ana twice.
    expect(await c.call('campaigns:audience', { id: draft.id })).toEqual({
      selected: 4,
      optedOut: 0,
      landlines: 0,
      duplicates: 1,
      blocked: [],
      capped: 0,
      recipients: 3,
    });
    c.contacts.optOut(PROFILE, { phones: ['+5511987650003'] }, 'manual');
    expect((await c.call('campaigns:audience', { id: draft.id })).recipients).toBe(2);
    expect((await c.call('campaigns:estimate', { id: draft.id })).recipients).toBe(2);
    expect((await c.call('campaigns:preview', { id: draft.id, index: 1 })).recipient?.name).toBe('Bia');

    // Davi buys today: the segment takes him when the campaign is sent.
    c.contacts.upsertMany(PROFILE, [person('', '+5511987650004', { ultima_compra: '10/05/2026' })], 'update');
    await c.call('campaigns:send', { id: draft.id });
    const phones = outbox(c.db, draft.id)
      .messages.map((m) => m.phone)
      .sort();
    expect(phones).toEqual(['+5511987650004', '+5581987650001', '+5581987650002']);

    // Frozen: a later change to the segment's contacts leaves the campaign as it was sent.
    c.contacts.upsertMany(
      PROFILE,
      [person('Eva', '+5581987650005', { cidade: 'Recife', ultima_compra: '09/05/2026' })],
      'update',
    );
    expect(outbox(c.db, draft.id).messages).toHaveLength(3);
    expect((await c.call('segments:count', { id: c.recife })).contacts).toBe(4);
  });

  it('a segment deleted after a draft chose it takes nobody there', async () => {
    const c = await shop();
    const draft = await c.call('campaigns:create', { name: 'Promo' });
    await c.call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi',
      audience: { listIds: [], contactIds: [], segmentIds: [c.recife] },
    });
    expect((await c.call('campaigns:audience', { id: draft.id })).recipients).toBe(2);
    await c.call('segments:delete', { id: c.recife });
    expect((await c.call('campaigns:audience', { id: draft.id })).recipients).toBe(0);
    expect((await c.fail('campaigns:send', { id: draft.id })).code).toBe('no_recipients');
  });
});

describe('conditions on what was sent', () => {
  it('sent, delivered and clicked in a campaign, and the last message, by phone', async () => {
    const c = await shop();
    const draft = await c.call('campaigns:create', { name: 'Páscoa' });
    await c.call('campaigns:saveDraft', {
      id: draft.id,
      template: 'Oi',
      audience: { listIds: [c.vip], contactIds: [], segmentIds: [] },
    });
    await c.call('campaigns:send', { id: draft.id });
    const count = async (where: string[]) =>
      (await c.call('segments:count', await c.call('segments:read', { where }))).contacts;
    // Queued, not accepted yet: nothing was sent.
    expect(await count(['campanha recebeu Páscoa'])).toBe(0);
    expect(await count(['ultimo_envio empty'])).toBe(4);

    // The service accepted the batch on 05/05; it said Ana's was delivered; Bia clicked the link.
    c.db
      .prepare(
        `UPDATE campaign_batches SET state = 'accepted', send_id = 'send-1', accepted_at = '2026-05-05T13:00:00.000Z'
        WHERE campaign_id = ?`,
      )
      .run(draft.id);
    c.db
      .prepare(
        `INSERT INTO history_sends (seq, profile, id, created_at, quantity, status, type)
       VALUES (1, 'default', 'send-1', '2026-05-05T13:00:00.000Z', 2, 'sent', 'Padrão')`,
      )
      .run();
    c.db
      .prepare(
        `INSERT INTO history_numbers (send_seq, position, id, phone, status, outcome, first_of_phone)
       VALUES (1, 0, 'n0', '+5581987650001', 'delivered', 'delivered', 1),
              (1, 1, 'n1', '+5581987650002', 'failed', 'failed', 1)`,
      )
      .run();
    c.db
      .prepare(
        `INSERT INTO campaign_links (campaign_id, position, written, target, link_id, short_url)
       VALUES (?, 0, 'loja.com', 'https://loja.com', 'link-1', 'https://s.io/a')`,
      )
      .run(draft.id);
    c.db
      .prepare(
        `INSERT INTO short_link_clicks (profile, link_id, id, clicked_at, phone)
       VALUES ('default', 'link-1', 'k1', '2026-05-05T14:00:00.000Z', '+5581987650002')`,
      )
      .run();

    const cases: [string, number][] = [
      ['campanha recebeu Páscoa', 2],
      ['campaign not-sent "páscoa"', 2],
      ['campanha entregue Páscoa', 1],
      ['campanha nao-entregue Páscoa', 3],
      ['campanha clicou Páscoa', 1],
      ['campanha nao-clicou Páscoa', 3],
      ['ultimo_envio empty', 2],
      ['ultimo_envio not-empty', 2],
      ['ultimo_envio in-last 7d', 2],
      ['ultimo_envio before 05/05/2026', 0],
      ['ultimo_envio after 04/05/2026', 2],
    ];
    for (const [where, expected] of cases) expect([where, await count([where])]).toEqual([where, expected]);
    expect(
      (await c.fail('segments:read', { where: ['campanha recebeu Natal'] })).details?.params,
    ).toMatchObject({
      what: 'campaign',
    });
  });
});
