import { describe, expect, it } from 'vitest';
import { AppFailure } from '@core/app-failure';
import { expectIndexInStep, find, openRepo } from './repo-fixture';

function seeded() {
  const fx = openRepo({ undoWindowMs: 30_000 });
  const vip = fx.repo.createList('default', 'VIP');
  const ana = fx.repo.create('default', { name: 'Ana Lima', phone: '11987654321', listIds: [vip.id] });
  const bia = fx.repo.create('default', { name: 'Bia Reis', phone: '11987654322', listIds: [vip.id] });
  const caio = fx.repo.create('default', { name: 'Caio Melo', phone: '11987654323' });
  return { ...fx, vip, ana, bia, caio };
}

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as AppFailure).code;
  }
  return 'no error';
};

describe('deleting contacts, with undo', () => {
  it('hides them at once: search, list counts, get', () => {
    const fx = seeded();
    const result = fx.repo.delete('default', [fx.ana.id, fx.caio.id, 'unknown-id']);
    expect(result).toEqual({
      undoToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      count: 2,
      expiresAt: '2024-05-01T12:00:30.000Z',
    });
    expect(find(fx.repo, '')).toEqual(['Bia Reis']);
    expect(find(fx.repo, 'ana')).toEqual([]);
    expect(fx.repo.get('default', fx.ana.id)).toBeUndefined();
    expect(fx.repo.getList('default', fx.vip.id)?.count).toBe(1);
    expectIndexInStep(fx.db);
  });

  it('undo brings them back with their lists, searchable again', () => {
    const fx = seeded();
    const { undoToken } = fx.repo.delete('default', [fx.ana.id, fx.caio.id]);
    fx.advance(29_000);
    expect(fx.repo.undoDelete('default', undoToken)).toBe(2);
    expect(find(fx.repo, '')).toEqual(['Ana Lima', 'Bia Reis', 'Caio Melo']);
    expect(fx.repo.get('default', fx.ana.id)?.lists).toEqual([{ id: fx.vip.id, name: 'VIP' }]);
    expect(find(fx.repo, 'ana', { listId: fx.vip.id })).toEqual(['Ana Lima']);
    expect(fx.repo.getList('default', fx.vip.id)?.count).toBe(2);
    expectIndexInStep(fx.db);
    // Once used, the token is spent.
    expect(codeOf(() => fx.repo.undoDelete('default', undoToken))).toBe('undo_expired');
  });

  it('purges for good after the undo window, and logs the delete for sync then', () => {
    const fx = seeded();
    const { undoToken } = fx.repo.delete('default', [fx.ana.id]);
    const deletes = () =>
      fx.db.prepare("SELECT entity_id FROM sync_changes WHERE op = 'delete'").pluck().all();
    expect(deletes()).toEqual([]);
    fx.advance(30_001);
    expect(codeOf(() => fx.repo.undoDelete('default', undoToken))).toBe('undo_expired');
    expect(fx.repo.purgeExpired()).toBe(1);
    expect(fx.db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(2);
    expect(fx.db.prepare('SELECT count(*) FROM contact_lists').pluck().get()).toBe(1);
    expect(deletes()).toEqual([fx.ana.id]);
    expectIndexInStep(fx.db);
  });

  it('purges lazily: any later write, or purgeExpired', () => {
    const fx = seeded();
    fx.repo.delete('default', [fx.ana.id]);
    fx.advance(31_000);
    expect(fx.db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(3);
    expect(fx.repo.purgeExpired()).toBe(1);
    expect(fx.db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(2);
  });

  it('keeps one undo at a time: the next delete purges the previous one', () => {
    const fx = seeded();
    const first = fx.repo.delete('default', [fx.ana.id]);
    const second = fx.repo.delete('default', [fx.bia.id]);
    expect(codeOf(() => fx.repo.undoDelete('default', first.undoToken))).toBe('undo_expired');
    expect(fx.repo.undoDelete('default', second.undoToken)).toBe(1);
    expect(find(fx.repo, '')).toEqual(['Bia Reis', 'Caio Melo']);
  });

  it('keeps undo tokens to their profile', () => {
    const fx = seeded();
    const { undoToken } = fx.repo.delete('default', [fx.ana.id]);
    expect(codeOf(() => fx.repo.undoDelete('demo', undoToken))).toBe('undo_expired');
    expect(fx.repo.delete('demo', [fx.bia.id]).count).toBe(0);
    expect(fx.repo.undoDelete('default', undoToken)).toBe(1);
  });

  it('frees the number of a just-deleted contact for a new one (that contact can no longer come back)', () => {
    const fx = seeded();
    const { undoToken } = fx.repo.delete('default', [fx.ana.id, fx.caio.id]);
    const again = fx.repo.create('default', { name: 'Ana Nova', phone: '(11) 98765-4321' });
    expect(again.lists).toEqual([]);
    expect(fx.repo.undoDelete('default', undoToken)).toBe(1);
    expect(find(fx.repo, '')).toEqual(['Ana Nova', 'Bia Reis', 'Caio Melo']);
    expectIndexInStep(fx.db);
  });
});
