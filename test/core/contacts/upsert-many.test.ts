import { describe, expect, it } from 'vitest';
import { expectIndexInStep, find, openRepo, row } from './repo-fixture';

describe('upsertMany (the import commit)', () => {
  it('imports new contacts, searchable at once, and says how many', () => {
    const fx = openRepo();
    const counts = fx.repo.upsertMany(
      'default',
      [
        row('João da Silva', '+5511987654321', { email: 'joao@gmail.com', fields: { cidade: 'Recife' } }),
        row('Maria', '+5521912345678'),
      ],
      'skip',
    );
    expect(counts).toEqual({ imported: 2, updated: 0, skipped: 0, joined: 0 });
    expect(find(fx.repo, 'joao')).toEqual(['João da Silva']);
    expect(find(fx.repo, '(21) 91234')).toEqual(['Maria']);
    expect(fx.repo.search({ profile: 'default', query: 'joao', offset: 0, limit: 1 }).rows[0]).toMatchObject({
      email: 'joao@gmail.com',
      fields: { cidade: 'Recife' },
    });
    expectIndexInStep(fx.db);
  });

  it('skips existing contacts (same phone) untouched with "skip"', () => {
    const fx = openRepo();
    const ana = fx.repo.create('default', { name: 'Ana', phone: '11987654321', email: 'ana@x.com' });
    const counts = fx.repo.upsertMany(
      'default',
      [row('Ana Nova', '+5511987654321'), row('Bia', '+5511987654322')],
      'skip',
    );
    expect(counts).toEqual({ imported: 1, updated: 0, skipped: 1, joined: 0 });
    expect(fx.repo.get('default', ana.id)).toEqual(ana);
  });

  it('updates existing contacts with "update": blanks keep the old value, fields merge', () => {
    const fx = openRepo();
    const ana = fx.repo.create('default', {
      name: 'Ana',
      phone: '11987654321',
      email: 'ana@x.com',
      fields: { cidade: 'Recife', plano: 'ouro' },
    });
    const bia = fx.repo.create('default', { name: 'Bia', phone: '11987654322', email: 'bia@x.com' });
    fx.advance(5000);
    const counts = fx.repo.upsertMany(
      'default',
      [
        row('', '+5511987654321', { email: null, fields: { cidade: 'Olinda', idade: '30' } }),
        row('Beatriz', '+5511987654322', { email: 'beatriz@x.com' }),
      ],
      'update',
    );
    expect(counts).toEqual({ imported: 0, updated: 2, skipped: 0, joined: 0 });
    expect(fx.repo.get('default', ana.id)).toMatchObject({
      name: 'Ana',
      email: 'ana@x.com',
      fields: { cidade: 'Olinda', plano: 'ouro', idade: '30' },
      updatedAt: '2024-05-01T12:00:05.000Z',
    });
    expect(fx.repo.get('default', bia.id)).toMatchObject({ name: 'Beatriz', email: 'beatriz@x.com' });
    expect(find(fx.repo, 'beat')).toEqual(['Beatriz']);
    expectIndexInStep(fx.db);
  });

  it('does not touch an existing contact the file leaves as it is', () => {
    const fx = openRepo();
    const ana = fx.repo.create('default', { name: 'Ana', phone: '11987654321', fields: { a: '1' } });
    fx.advance(5000);
    const logBefore = fx.db.prepare('SELECT count(*) FROM sync_changes').pluck().get();
    expect(
      fx.repo.upsertMany('default', [row('Ana', '+5511987654321', { fields: { a: '1' } })], 'update'),
    ).toEqual({ imported: 0, updated: 0, skipped: 1, joined: 0 });
    expect(fx.repo.get('default', ana.id)?.updatedAt).toBe(ana.updatedAt);
    expect(fx.db.prepare('SELECT count(*) FROM sync_changes').pluck().get()).toBe(logBefore);
  });

  it('counts a phone repeated in the rows once; the first row wins', () => {
    const fx = openRepo();
    expect(
      fx.repo.upsertMany(
        'default',
        [row('Primeira', '+5511987654321'), row('Segunda', '+5511987654321')],
        'update',
      ),
    ).toEqual({ imported: 1, updated: 0, skipped: 1, joined: 0 });
    expect(find(fx.repo, '')).toEqual(['Primeira']);
  });

  it('puts every row\u2019s contact in the list, skipped ones too', () => {
    const fx = openRepo();
    fx.repo.create('default', { name: 'Ana', phone: '11987654321' });
    const list = fx.repo.createList('default', 'Importados');
    fx.repo.upsertMany(
      'default',
      [row('Ana X', '+5511987654321'), row('Bia', '+5511987654322')],
      'skip',
      list.id,
    );
    expect(find(fx.repo, '', { listId: list.id })).toEqual(['Ana', 'Bia']);
    expect(fx.repo.getList('default', list.id)?.count).toBe(2);
    expectIndexInStep(fx.db);
    expect(() => fx.repo.upsertMany('default', [row('C', '+5511987654323')], 'skip', 'nope')).toThrow(
      /no longer exists/,
    );
  });

  it('is one transaction: a bad row leaves nothing behind', () => {
    const fx = openRepo();
    fx.repo.create('default', { name: 'Ana', phone: '11987654321' });
    const list = fx.repo.createList('default', 'VIP');
    const rows = [row('Bia', '+5511987654322'), row('Ana 2', '+5511987654321'), row('Ruim', '11 not e164')];
    expect(() => fx.repo.upsertMany('default', rows, 'update', list.id)).toThrow(/CHECK constraint failed/);
    expect(find(fx.repo, '')).toEqual(['Ana']);
    expect(fx.repo.getList('default', list.id)?.count).toBe(0);
    expectIndexInStep(fx.db);
    // The connection is usable (and its bookkeeping clean) afterwards.
    expect(fx.repo.upsertMany('default', rows.slice(0, 2), 'update')).toEqual({
      imported: 1,
      updated: 1,
      skipped: 0,
      joined: 0,
    });
    expectIndexInStep(fx.db);
  });

  it('takes a contact deleted a moment ago as new (its number is free again)', () => {
    const fx = openRepo();
    const ana = fx.repo.create('default', { name: 'Ana', phone: '11987654321' });
    fx.repo.delete('default', [ana.id]);
    expect(fx.repo.existingPhones('default')).toEqual(new Set());
    expect(fx.repo.upsertMany('default', [row('Ana', '+5511987654321')], 'skip')).toEqual({
      imported: 1,
      updated: 0,
      skipped: 0,
      joined: 0,
    });
    expectIndexInStep(fx.db);
  });

  it('lists the existing phones of one profile for the import planner', () => {
    const fx = openRepo();
    fx.repo.upsertMany('default', [row('A', '+5511987654321'), row('B', '+5511987654322')], 'skip');
    fx.repo.upsertMany('demo', [row('C', '+5511987654323')], 'skip');
    expect(fx.repo.existingPhones('default')).toEqual(new Set(['+5511987654321', '+5511987654322']));
  });

  it('handles tens of thousands of rows in one call (several chunks), existing and new mixed', () => {
    const fx = openRepo();
    const make = (from: number, to: number, name: string) =>
      Array.from({ length: to - from }, (_, i) =>
        row(`${name} ${from + i}`, `+55119${String(10_000_000 + from + i)}`),
      );
    expect(fx.repo.upsertMany('default', make(0, 15_000, 'Antigo'), 'skip')).toEqual({
      imported: 15_000,
      updated: 0,
      skipped: 0,
      joined: 0,
    });
    const list = fx.repo.createList('default', 'Lote');
    expect(fx.repo.upsertMany('default', make(10_000, 35_000, 'Novo'), 'update', list.id)).toEqual({
      imported: 20_000,
      updated: 5_000,
      skipped: 0,
      joined: 5_000,
    });
    expect(fx.repo.search({ profile: 'default', offset: 0, limit: 1 }).total).toBe(35_000);
    expect(fx.repo.search({ profile: 'default', query: 'novo', offset: 0, limit: 1 }).total).toBe(25_000);
    expect(fx.repo.search({ profile: 'default', listId: list.id, offset: 0, limit: 1 }).total).toBe(25_000);
    expect(
      fx.repo.search({ profile: 'default', query: 'antigo', listId: list.id, offset: 0, limit: 1 }).total,
    ).toBe(0);
    // 5,000 renamed contacts and one list: no list syncs, so the 35,000 new ones are not logged.
    expect(fx.db.prepare('SELECT entity, count(*) AS n FROM sync_changes GROUP BY entity').all()).toEqual([
      { entity: 'contact', n: 5_000 },
      { entity: 'list', n: 1 },
    ]);
  });

  it('logs new contacts for sync when a list of the profile syncs', () => {
    const fx = openRepo();
    const log = () =>
      fx.db.prepare("SELECT count(*) FROM sync_changes WHERE entity = 'contact'").pluck().get() as number;
    const synced = fx.repo.createList('default', 'Sincronizada');
    fx.repo.upsertMany('default', [row('Ana', '+5511987654321')], 'skip');
    expect(log()).toBe(0);
    fx.db
      .prepare("INSERT INTO sync_lists (profile, list_id, enabled) VALUES ('default', ?, 1)")
      .run(synced.id);
    fx.repo.upsertMany('default', [row('Bia', '+5511987654322'), row('Caio', '+5511987654323')], 'skip');
    expect(log()).toBe(2);
    // Another profile's synced list is not this profile's.
    fx.repo.upsertMany('demo', [row('Demo', '+5511987654399')], 'skip');
    expect(log()).toBe(2);
  });

  it('nests in the caller’s transaction (the import commits chunks in one): its rollback undoes them all', () => {
    const fx = openRepo();
    fx.repo.create('default', { name: 'Ana', phone: '11987654321' });
    fx.db.exec('BEGIN IMMEDIATE');
    const list = fx.repo.createList('default', 'Importados');
    fx.repo.upsertMany('default', [row('Bia', '+5511987654322')], 'update', list.id);
    fx.repo.upsertMany(
      'default',
      [row('Ana Nova', '+5511987654321'), row('Caio', '+5511987654323')],
      'update',
      list.id,
    );
    expect(find(fx.repo, '', { listId: list.id })).toEqual(['Ana Nova', 'Bia', 'Caio']);
    fx.db.exec('ROLLBACK');
    expect(find(fx.repo, '')).toEqual(['Ana']);
    expect(fx.repo.lists('default')).toEqual([]);
    expectIndexInStep(fx.db);
  });
});
