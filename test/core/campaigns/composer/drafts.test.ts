import { describe, expect, it } from 'vitest';
import { campaignRow, PROFILE, startComposer } from './composer-harness';

describe('campaign drafts', () => {
  it('creates a draft with the default options and a dated name in the UI language', async () => {
    const en = await startComposer({ osLocale: 'en-US' });
    const draft = await en.call('campaigns:create', {});
    expect(draft).toMatchObject({
      status: 'draft',
      template: '',
      audience: { listIds: [], contactIds: [] },
      options: {
        smsTypeId: null,
        from: null,
        scheduleAt: null,
        timeZone: 'America/Sao_Paulo',
        flash: false,
        linkTracking: 'none',
        callbackUrl: null,
        plainLetters: false,
      },
      allowPartial: false,
      queuedAt: null,
      finishedAt: null,
      totals: null,
      progress: null,
    });
    expect(draft.name).toMatch(/^Campaign \d/);
    expect(draft.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const pt = await startComposer({ osLocale: 'pt-BR' });
    expect((await pt.call('campaigns:create', {})).name).toMatch(/^Campanha \d{2}\/\d{2}\/\d{4}/);
    expect((await pt.call('campaigns:create', { name: '  Black Friday  ' })).name).toBe('Black Friday');
  });

  it('gives every campaign a short unique ref for its message references', async () => {
    const c = await startComposer();
    const refs = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const { id } = await c.call('campaigns:create', {});
      const ref = campaignRow(c.db, id)!.ref as string;
      expect(ref).toMatch(/^[0-9a-z]{8}$/);
      refs.add(ref);
    }
    expect(refs.size).toBe(30);
  });

  it('saves a partial patch and keeps every field it does not name', async () => {
    const c = await startComposer();
    const { id } = await c.call('campaigns:create', { name: 'Promo' });
    await c.call('campaigns:saveDraft', {
      id,
      template: 'Oi {{nome}}',
      options: { flash: true, from: 'LOJA' },
    });
    const saved = await c.call('campaigns:saveDraft', { id, options: { smsTypeId: 2 }, allowPartial: true });
    expect(saved).toMatchObject({
      name: 'Promo',
      template: 'Oi {{nome}}',
      allowPartial: true,
      options: { flash: true, from: 'LOJA', smsTypeId: 2, timeZone: 'America/Sao_Paulo' },
    });
    expect(await c.call('campaigns:get', { id })).toEqual(saved);
  });

  it('refuses invalid options with the field to correct, and keeps the last good draft', async () => {
    const c = await startComposer();
    const { id } = await c.call('campaigns:create', {});
    const error = await c.fail('campaigns:saveDraft', {
      id,
      options: { callbackUrl: 'http://insecure.example', scheduleAt: '2030-01-01 10:00' },
    });
    expect(error.code).toBe('invalid_input');
    expect(error.details?.fields?.map((f) => f.field).sort()).toEqual([
      'options.callbackUrl',
      'options.scheduleAt',
    ]);
    expect((await c.call('campaigns:get', { id })).options.callbackUrl).toBeNull();
  });

  it('lists the newest first, drafts and sent campaigns alike', async () => {
    let now = Date.parse('2025-03-01T12:00:00.000Z');
    const c = await startComposer({ now: () => new Date(now) });
    const first = await c.call('campaigns:create', { name: 'Primeira' });
    now += 60_000;
    await c.call('campaigns:create', { name: 'Segunda' });
    now += 60_000;
    await c.call('campaigns:saveDraft', { id: first.id, template: 'editada por último' });
    const list = await c.call('campaigns:list', {});
    expect(list.map((s) => s.name)).toEqual(['Primeira', 'Segunda']);
    expect(list[0]).toEqual({
      id: first.id,
      name: 'Primeira',
      status: 'draft',
      updatedAt: '2025-03-01T12:02:00.000Z',
      queuedAt: null,
      totals: null,
      progress: null,
    });
  });

  it('duplicates a draft as a new draft marked as a copy, dropping a schedule already past', async () => {
    const c = await startComposer({ osLocale: 'pt-BR' });
    const { id } = await c.call('campaigns:create', { name: 'Natal' });
    await c.call('campaigns:saveDraft', {
      id,
      template: 'Feliz Natal, {{nome|cliente}}!',
      audience: { listIds: [], contactIds: ['c1', 'c2'] },
      options: { scheduleAt: '2001-12-24T12:00:00.000Z', plainLetters: true },
      allowPartial: true,
    });
    const copy = await c.call('campaigns:duplicate', { id });
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({
      name: 'Natal (cópia)',
      status: 'draft',
      template: 'Feliz Natal, {{nome|cliente}}!',
      audience: { listIds: [], contactIds: ['c1', 'c2'] },
      options: { scheduleAt: null, plainLetters: true },
      allowPartial: true,
    });
    expect(campaignRow(c.db, copy.id)!.ref).not.toBe(campaignRow(c.db, id)!.ref);

    const long = await c.call('campaigns:create', { name: 'x'.repeat(100) });
    expect((await c.call('campaigns:duplicate', { id: long.id })).name).toHaveLength(100);
  });

  it('deletes a draft; an unknown campaign is not_found', async () => {
    const c = await startComposer();
    const { id } = await c.call('campaigns:create', {});
    expect(await c.call('campaigns:delete', { id })).toEqual({ deleted: true });
    expect((await c.fail('campaigns:get', { id })).code).toBe('not_found');
    expect((await c.fail('campaigns:delete', { id })).code).toBe('not_found');
    expect((await c.fail('campaigns:saveDraft', { id, template: 'x' })).code).toBe('not_found');
    expect(await c.call('campaigns:list', {})).toEqual([]);
  });

  it('keeps a frozen campaign as it was sent: no edit, no delete while it may still send', async () => {
    const c = await startComposer();
    const list = c.contacts.createList(PROFILE, 'Clientes');
    c.contacts.upsertMany(
      PROFILE,
      [{ name: 'Ana', phone: '+5511987650001', email: null, fields: {} }],
      'update',
      list.id,
    );
    const { id } = await c.call('campaigns:create', { name: 'Promo' });
    await c.call('campaigns:saveDraft', {
      id,
      template: 'Oi',
      audience: { listIds: [list.id], contactIds: [] },
    });
    await c.call('campaigns:send', { id });

    const notDraft = await c.fail('campaigns:saveDraft', { id, template: 'changed' });
    expect(notDraft.code).toBe('campaign_not_draft');
    expect((await c.fail('campaigns:delete', { id })).code).toBe('campaign_not_draft');
    expect((await c.call('campaigns:get', { id })).template).toBe('Oi');

    // Once over (completed or cancelled) it can go, with its outbox.
    c.db.prepare("UPDATE campaigns SET status = 'cancelled', finished_at = queued_at WHERE id = ?").run(id);
    await c.call('campaigns:delete', { id });
    expect(c.db.prepare('SELECT count(*) FROM campaign_messages').pluck().get()).toBe(0);
    expect(c.db.prepare('SELECT count(*) FROM campaign_batches').pluck().get()).toBe(0);
  });

  it('reads a hand-damaged JSON column back as defaults instead of failing', async () => {
    const c = await startComposer();
    const { id } = await c.call('campaigns:create', {});
    c.db
      .prepare(
        `UPDATE campaigns SET options = '{"flash": true, "timeZone": "Mars/Olympus"}', audience = 'nope' WHERE id = ?`,
      )
      .run(id);
    const read = await c.call('campaigns:get', { id });
    expect(read.audience).toEqual({ listIds: [], contactIds: [], segmentIds: [] });
    expect(read.options.timeZone).toBe('America/Sao_Paulo');
    // A patch is checked with the options it joins: still a valid set.
    expect((await c.call('campaigns:saveDraft', { id, options: { flash: true } })).options.flash).toBe(true);
  });
});
