import { describe, expect, it } from 'vitest';
import { expectIndexInStep, find, numberedRows, openRepo, row } from './repo-fixture';

describe('the search index stays in step with the tables', () => {
  it('through a day of edits: imports, edits, lists, opt-outs, deletes, undo, purge, wipe', () => {
    const fx = openRepo({ undoWindowMs: 10_000 });
    const { repo, db } = fx;
    repo.upsertMany(
      'default',
      Array.from({ length: 40 }, (_, i) => row(`Cliente ${i}`, `+55119876543${String(i).padStart(2, '0')}`)),
      'skip',
    );
    repo.upsertMany('demo', [row('Demo', '+5511987654300')], 'skip');
    expectIndexInStep(db);

    const ids = repo.search({ profile: 'default', offset: 0, limit: 40 }).rows.map((r) => r.id);
    const vip = repo.createList('default', 'VIP');
    const fiel = repo.createList('default', 'Fiéis');
    repo.addToList('default', vip.id, ids.slice(0, 20));
    repo.addToList('default', fiel.id, ids.slice(10, 30));
    expectIndexInStep(db);

    repo.update('default', ids[0]!, { name: 'Zé Renomeado', phone: '21 99999-0000' });
    repo.optOut('default', { contactIds: ids.slice(5, 12) }, 'contact');
    repo.optOut('default', { phones: ['+5511987654399'] }, 'manual');
    repo.removeFromList('default', vip.id, ids.slice(15, 20));
    expectIndexInStep(db);

    const first = repo.delete('default', ids.slice(0, 8));
    expectIndexInStep(db);
    repo.undoDelete('default', first.undoToken);
    expectIndexInStep(db);
    repo.delete('default', ids.slice(30, 35));
    repo.renameList('default', fiel.id, 'Fiéis 2');
    repo.deleteList('default', vip.id);
    expectIndexInStep(db);

    fx.advance(11_000);
    repo.purgeExpired();
    repo.removeOptOut('default', ['+5511987654305']);
    repo.upsertMany(
      'default',
      [row('Cliente 31 de volta', '+5511987654331'), row('Novo', '+5511987654399')],
      'update',
      fiel.id,
    );
    expectIndexInStep(db);
    expect(find(repo, 'volta', { listId: fiel.id })).toEqual(['Cliente 31 de volta']);
    expect(find(repo, 'novo', { optedOut: true })).toEqual(['Novo']);

    repo.clearProfile('default');
    expectIndexInStep(db);
    expect(repo.search({ profile: 'default', offset: 0, limit: 10 }).total).toBe(0);
    expect(repo.lists('default')).toEqual([]);
    expect(repo.listOptOuts('default', { offset: 0, limit: 10 }).total).toBe(0);
    expect(repo.search({ profile: 'demo', offset: 0, limit: 10 }).total).toBe(1);
    expect(db.prepare("SELECT count(*) FROM sync_changes WHERE profile = 'default'").pluck().get()).toBe(0);
  });
});

describe("a large import's contacts reach the index after it (the deferred index)", () => {
  it('are found only after the catch-up, as the tables say by then, edits made meanwhile included', () => {
    const fx = openRepo({ undoWindowMs: 10_000 });
    const { repo, db } = fx;
    repo.upsertMany('default', numberedRows('Antigo', 10), 'skip');
    const vip = repo.createList('default', 'VIP');
    expect(repo.searchBehind()).toBe(false);

    // Two chunks of one import: one range of seqs waits.
    repo.upsertMany('default', numberedRows('Lote', 20, 100), 'skip', vip.id, { deferIndex: true });
    repo.upsertMany('default', numberedRows('Lote', 20, 120), 'skip', vip.id, { deferIndex: true });
    expect(repo.searchBehind()).toBe(true);
    expect(db.prepare('SELECT count(*) FROM search_backlog').pluck().get()).toBe(1);
    expect(find(repo, 'lote')).toEqual([]);
    expect(find(repo, 'antigo')).toHaveLength(10);

    // Meanwhile: edits to waiting contacts, and to indexed ones, and a new contact.
    const waiting = repo
      .search({ profile: 'default', offset: 0, limit: 200 })
      .rows.filter((r) => r.name.startsWith('Lote'));
    expect(waiting).toHaveLength(40);
    repo.update('default', waiting[0]!.id, { name: 'Renomeado no Lote' });
    const gone = repo.delete('default', [waiting[1]!.id]);
    const back = repo.delete('default', [waiting[2]!.id]);
    repo.undoDelete('default', back.undoToken);
    repo.optOut('default', { contactIds: [waiting[3]!.id] }, 'contact');
    const fiel = repo.createList('default', 'Fiéis');
    repo.addToList('default', fiel.id, [waiting[4]!.id, waiting[5]!.id]);
    repo.removeFromList('default', vip.id, [waiting[6]!.id]);
    const antigo = repo.search({ profile: 'default', query: 'antigo 0', offset: 0, limit: 1 }).rows[0]!;
    repo.update('default', antigo.id, { name: 'Antigo Renomeado' });
    repo.create('default', { name: 'Novo Agora', phone: '+5521987650000' });
    // Not waiting: indexed at once, as always.
    expect(find(repo, 'novo agora')).toEqual(['Novo Agora']);
    expect(find(repo, 'antigo renomeado')).toEqual(['Antigo Renomeado']);
    expect(repo.searchBehind()).toBe(true);

    expect(repo.indexBacklog()).toBe(39);
    expect(repo.searchBehind()).toBe(false);
    expect(db.prepare('SELECT count(*) FROM search_backlog').pluck().get()).toBe(0);
    expectIndexInStep(db);
    expect(find(repo, 'lote')).toHaveLength(39);
    expect(find(repo, 'renomeado no')).toEqual(['Renomeado no Lote']);
    expect(find(repo, 'lote', { optedOut: true })).toHaveLength(1);
    expect(find(repo, 'lote', { listId: fiel.id })).toHaveLength(2);
    expect(find(repo, 'lote', { listId: vip.id })).toHaveLength(38);
    expect(repo.lists('default').find((l) => l.id === vip.id)?.count).toBe(38);

    // The deleted one was never indexed; its undo window passes; nothing to catch up.
    fx.advance(11_000);
    repo.purgeExpired();
    expect(() => repo.undoDelete('default', gone.undoToken)).toThrow();
    expectIndexInStep(db);
    expect(repo.indexBacklog()).toBe(0);
  });

  it('a contact deleted before the catch-up can be brought back after it', () => {
    const { repo, db } = openRepo({ undoWindowMs: 10_000 });
    repo.upsertMany('default', numberedRows('Lote', 5), 'skip', undefined, { deferIndex: true });
    const [first] = repo.search({ profile: 'default', offset: 0, limit: 1 }).rows;
    const deleted = repo.delete('default', [first!.id]);
    expect(repo.indexBacklog()).toBe(4);
    repo.undoDelete('default', deleted.undoToken);
    expectIndexInStep(db);
    expect(find(repo, 'lote')).toHaveLength(5);
  });

  it('a second import while the first waits adds a range of its own; the catch-up takes both', () => {
    const { repo, db } = openRepo();
    repo.upsertMany('default', numberedRows('Primeiro', 5), 'skip', undefined, { deferIndex: true });
    repo.create('default', { name: 'Entre Eles', phone: '+5521987650000' });
    repo.upsertMany('default', numberedRows('Segundo', 5, 10), 'skip', undefined, { deferIndex: true });
    expect(db.prepare('SELECT count(*) FROM search_backlog').pluck().get()).toBe(2);
    expect(find(repo, 'entre')).toEqual(['Entre Eles']);
    expect(repo.indexBacklog()).toBe(10);
    expectIndexInStep(db);
    expect(find(repo, 'primeiro')).toHaveLength(5);
    expect(find(repo, 'segundo')).toHaveLength(5);
  });

  it('a wipe of the profile leaves nothing waiting to be indexed', () => {
    const { repo, db } = openRepo();
    repo.upsertMany('default', numberedRows('Lote', 5), 'skip', undefined, { deferIndex: true });
    repo.clearProfile('default');
    expect(repo.indexBacklog()).toBe(0);
    expectIndexInStep(db);
  });
});
