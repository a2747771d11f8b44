import { describe, expect, it } from 'vitest';
import { expectIndexInStep, find, openRepo, row } from './repo-fixture';

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
