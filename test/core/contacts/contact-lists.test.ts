import { describe, expect, it } from 'vitest';
import type { AppFailure } from '@core/app-failure';
import { expectIndexInStep, find, openRepo } from './repo-fixture';

const failureOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as AppFailure;
  }
  throw new Error('expected a failure');
};

function withContacts() {
  const fx = openRepo();
  const [ana, bia, caio] = ['Ana', 'Bia', 'Caio'].map((name, i) =>
    fx.repo.create('default', { name, phone: `1198765432${i}` }),
  );
  return { ...fx, ana: ana!, bia: bia!, caio: caio! };
}

describe('contact lists', () => {
  it('creates lists of 2 to 20 characters, names trimmed, listed by name with counts', () => {
    const { repo } = openRepo();
    repo.createList('default', '  Clientes   VIP ');
    repo.createList('default', 'aniversariantes');
    expect(repo.lists('default').map((l) => [l.name, l.count])).toEqual([
      ['aniversariantes', 0],
      ['Clientes VIP', 0],
    ]);
    for (const name of ['A', ' B ', 'x'.repeat(21)]) {
      const error = failureOf(() => repo.createList('default', name));
      expect(error.code).toBe('invalid_input');
      expect(error.details).toMatchObject({ reason: 'list_name_length', fields: [{ field: 'name' }] });
    }
    // 20 characters with accents is 20 characters.
    repo.createList('default', 'Promoção de Natal 24');
  });

  it('refuses a second list with the same name in any case, accents included; other profiles are apart', () => {
    const { repo } = openRepo();
    repo.createList('default', 'Promoção');
    const error = failureOf(() => repo.createList('default', 'PROMOÇÃO'));
    expect(error.details).toEqual({
      fields: [{ field: 'name', message: 'There is already a list called "Promoção"' }],
      reason: 'duplicate_list_name',
    });
    repo.createList('demo', 'promoção');
    expect(repo.lists('demo')).toHaveLength(1);
  });

  it('renames a list (also to another case of its own name), not onto another list', () => {
    const { repo } = openRepo();
    const a = repo.createList('default', 'clientes');
    repo.createList('default', 'VIP');
    expect(repo.renameList('default', a.id, 'Clientes').name).toBe('Clientes');
    expect(failureOf(() => repo.renameList('default', a.id, 'vip')).details?.reason).toBe(
      'duplicate_list_name',
    );
    expect(failureOf(() => repo.renameList('demo', a.id, 'Outra')).code).toBe('not_found');
    expect(repo.findListByName('default', 'CLIENTES')?.id).toBe(a.id);
  });

  it('adds and removes contacts in bulk, ignoring unknown ids and other profiles\u2019 contacts', () => {
    const fx = withContacts();
    const demo = fx.repo.create('demo', { name: 'Demo', phone: '11987654329' });
    const vip = fx.repo.createList('default', 'VIP');
    expect(fx.repo.addToList('default', vip.id, [fx.ana.id, fx.bia.id, 'nope', demo.id])).toBe(2);
    expect(fx.repo.addToList('default', vip.id, [fx.ana.id, fx.caio.id])).toBe(1);
    expect(fx.repo.getList('default', vip.id)?.count).toBe(3);
    expect(find(fx.repo, '', { listId: vip.id })).toEqual(['Ana', 'Bia', 'Caio']);
    expect(fx.repo.removeFromList('default', vip.id, [fx.bia.id, fx.bia.id, 'nope'])).toBe(1);
    expect(find(fx.repo, '', { listId: vip.id })).toEqual(['Ana', 'Caio']);
    expect(fx.repo.get('default', fx.ana.id)?.lists).toEqual([{ id: vip.id, name: 'VIP' }]);
    expect(failureOf(() => fx.repo.addToList('default', 'nope', [fx.ana.id])).code).toBe('not_found');
    expectIndexInStep(fx.db);
  });

  it('deletes a list and keeps its contacts', () => {
    const fx = withContacts();
    const vip = fx.repo.createList('default', 'VIP');
    fx.repo.addToList('default', vip.id, [fx.ana.id, fx.bia.id]);
    fx.repo.deleteList('default', vip.id);
    expect(fx.repo.lists('default')).toEqual([]);
    expect(find(fx.repo, '')).toEqual(['Ana', 'Bia', 'Caio']);
    expect(fx.repo.get('default', fx.ana.id)?.lists).toEqual([]);
    expect(find(fx.repo, '', { listId: vip.id })).toEqual([]);
    expectIndexInStep(fx.db);
    expect(
      fx.db.prepare("SELECT entity, op FROM sync_changes WHERE entity = 'list' ORDER BY seq").all(),
    ).toEqual([
      { entity: 'list', op: 'upsert' },
      { entity: 'list', op: 'delete' },
    ]);
  });
});
