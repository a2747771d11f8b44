import { describe, expect, it } from 'vitest';
import { AppFailure } from '@core/app-failure';
import { find, openRepo, START } from './repo-fixture';

/** The AppFailure a call throws, for its code and field errors. */
function failure(work: () => unknown): AppFailure {
  try {
    work();
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const syncLog = (fx: ReturnType<typeof openRepo>) =>
  fx.db.prepare('SELECT profile, entity, entity_id, op FROM sync_changes ORDER BY seq').all();

describe('creating and editing contacts', () => {
  it('creates a contact with its phone in E.164, trimmed name and e-mail, fields', () => {
    const fx = openRepo();
    const c = fx.repo.create('default', {
      name: '  João   da Silva ',
      phone: '(11) 98765-4321',
      email: ' joao@gmail.com ',
      fields: { cidade: 'Recife' },
    });
    expect(c).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'João da Silva',
      phone: '+5511987654321',
      email: 'joao@gmail.com',
      fields: { cidade: 'Recife' },
      lists: [],
      optedOut: false,
      optOut: null,
      // No legal basis on record, its DDD's clock (issue 26).
      consent: null,
      timeZone: null,
      landline: false,
      birthday: null,
      createdAt: START.toISOString(),
      updatedAt: START.toISOString(),
    });
    expect(fx.repo.get('default', c.id)).toEqual(c);
    expect(fx.repo.get('demo', c.id)).toBeUndefined();
    expect(syncLog(fx)).toEqual([{ profile: 'default', entity: 'contact', entity_id: c.id, op: 'upsert' }]);
  });

  it.each([['011 98765-4321'], ['+55 11 98765 4321'], ['5511987654321'], ['11987654321']])(
    'reads %j as the same number',
    (typed) => {
      const fx = openRepo();
      expect(fx.repo.create('default', { name: 'A', phone: typed }).phone).toBe('+5511987654321');
    },
  );

  it('refuses a number that already belongs to another contact, naming them', () => {
    const fx = openRepo();
    const maria = fx.repo.create('default', { name: 'Maria Souza', phone: '+55 11 98765-4321' });
    const error = failure(() => fx.repo.create('default', { name: 'Outra', phone: '(11) 98765-4321' }));
    expect(error.code).toBe('invalid_input');
    expect(error.details).toEqual({
      fields: [{ field: 'phone', message: 'This number already belongs to Maria Souza' }],
      reason: 'duplicate_phone',
      // What a translated sentence needs, without reading the English message.
      params: { name: 'Maria Souza', phone: '+5511987654321', contactId: maria.id },
    });
    // Editing another contact to that number is refused the same way; the holder itself may keep it.
    const outra = fx.repo.create('default', { name: 'Outra', phone: '(11) 98765-4322' });
    expect(
      failure(() => fx.repo.update('default', outra.id, { phone: '11987654321' })).details?.params,
    ).toEqual({
      name: 'Maria Souza',
      phone: '+5511987654321',
      contactId: maria.id,
    });
    expect(fx.repo.update('default', maria.id, { phone: '011 98765-4321' }).phone).toBe('+5511987654321');
    // Another profile may have the same number.
    fx.repo.create('demo', { name: 'Demo', phone: '(11) 98765-4321' });
  });

  it.each([
    ['', 'phone_empty'],
    ['12345', 'phone_too_short'],
    ['98765-4321', 'phone_too_short'],
    ['5.51199E+12', 'phone_excel_scientific'],
    ['(11) 8765-4321', 'phone_old_mobile'],
    ['abc', 'phone_invalid'],
  ])('refuses the phone %j with a field error (%s)', (phone, reason) => {
    const fx = openRepo();
    const error = failure(() => fx.repo.create('default', { name: 'A', phone }));
    expect(error.code).toBe('invalid_input');
    expect(error.details?.reason).toBe(reason);
    expect(error.details?.fields?.[0]?.field).toBe('phone');
  });

  it('names a DDD that does not exist, so the owner knows which digits to fix', () => {
    const fx = openRepo();
    const error = failure(() => fx.repo.create('default', { name: 'A', phone: '(20) 98765-4321' }));
    expect(error.details).toMatchObject({ reason: 'phone_unknown_area_code', params: { ddd: '20' } });
  });

  it('suggests the 9-digit number for an old mobile', () => {
    const fx = openRepo();
    const error = failure(() => fx.repo.create('default', { name: 'A', phone: '(11) 8765-4321' }));
    expect(error.details?.fields?.[0]?.message).toContain('+5511987654321');
    expect(error.details?.params).toEqual({ suggested: '+5511987654321' });
  });

  it('creates into lists, and refuses a list that does not exist', () => {
    const fx = openRepo();
    const vip = fx.repo.createList('default', 'VIP');
    const c = fx.repo.create('default', { name: 'A', phone: '11987654321', listIds: [vip.id] });
    expect(c.lists).toEqual([{ id: vip.id, name: 'VIP' }]);
    const error = failure(() =>
      fx.repo.create('default', { name: 'B', phone: '11987654322', listIds: ['nope'] }),
    );
    expect(error.details?.reason).toBe('list_not_found');
    expect(fx.repo.search({ profile: 'default', offset: 0, limit: 10 }).total).toBe(1);
  });

  it('updates only what is given, re-normalising the phone, and keeps it searchable', () => {
    const fx = openRepo();
    const c = fx.repo.create('default', {
      name: 'João',
      phone: '11987654321',
      email: 'j@x.com',
      fields: { a: '1' },
    });
    fx.advance(1000);
    const updated = fx.repo.update('default', c.id, { name: 'João Pedro', phone: '+55 (21) 99999-8888' });
    expect(updated).toMatchObject({
      name: 'João Pedro',
      phone: '+5521999998888',
      email: 'j@x.com',
      fields: { a: '1' },
      createdAt: START.toISOString(),
      updatedAt: new Date(START.getTime() + 1000).toISOString(),
    });
    expect(find(fx.repo, 'pedro')).toEqual(['João Pedro']);
    expect(find(fx.repo, '99999-88')).toEqual(['João Pedro']);
    expect(find(fx.repo, '98765')).toEqual([]);

    const cleared = fx.repo.update('default', c.id, { email: null, fields: { b: '2' } });
    expect(cleared).toMatchObject({ email: null, fields: { b: '2' } });
    expect(fx.repo.update('default', c.id, { email: '' }).email).toBeNull();
    expect(syncLog(fx)).toHaveLength(4);
  });

  it('keeps its own number on update, refuses another contact\u2019s', () => {
    const fx = openRepo();
    const a = fx.repo.create('default', { name: 'A', phone: '11987654321' });
    fx.repo.create('default', { name: 'B', phone: '11987654322' });
    expect(fx.repo.update('default', a.id, { phone: '(11) 98765-4321', name: 'A2' }).name).toBe('A2');
    expect(failure(() => fx.repo.update('default', a.id, { phone: '11 98765-4322' })).details?.reason).toBe(
      'duplicate_phone',
    );
  });

  it('refuses a landline, which no SMS reaches, and still edits a contact stored with one', () => {
    const fx = openRepo();
    const error = failure(() => fx.repo.create('default', { name: 'Loja', phone: '(11) 3333-4444' }));
    expect(error.details?.reason).toBe('phone_landline');
    // One that came in before this version (or from the service's list) is marked, and its name can change.
    fx.repo.upsertMany(
      'default',
      [{ name: 'Loja', phone: '+551133334444', email: null, fields: {} }],
      'update',
    );
    const [stored] = fx.repo.search({ profile: 'default', offset: 0, limit: 10 }).rows;
    expect(stored).toMatchObject({ phone: '+551133334444', landline: true });
    expect(
      fx.repo.update('default', stored!.id, { name: 'Loja Centro', phone: '(11) 3333-4444' }),
    ).toMatchObject({
      name: 'Loja Centro',
      landline: true,
    });
    // A mobile in its place: it receives messages again.
    expect(fx.repo.update('default', stored!.id, { phone: '11 98765-4321' }).landline).toBe(false);
  });

  it('says not_found for a contact that is gone or of another profile', () => {
    const fx = openRepo();
    const c = fx.repo.create('demo', { name: 'A', phone: '11987654321' });
    expect(failure(() => fx.repo.update('default', c.id, { name: 'x' })).code).toBe('not_found');
    expect(failure(() => fx.repo.update('default', 'nope', { name: 'x' })).code).toBe('not_found');
  });
});
