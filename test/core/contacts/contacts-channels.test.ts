import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '@shared/app-error';
import type {
  ContactView,
  ContactsDeleteResult,
  ContactsPageView,
  ListView,
  OptOutsAddResult,
  OptOutsPageView,
} from '@shared/dto';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { demoService } from '../../../src/sandbox/index';

// The channels as the renderer calls them: the real core on a real data
// folder, signed into the demo (its own sandbox), through dispatch.

const cores: Core[] = [];
afterEach(async () => {
  while (cores.length) await cores.pop()!.close();
});

async function demoCore(dataDir = tempDir()): Promise<Core> {
  const core = await createCore({
    demo: demoService,
    dataDir,
    host: createRecordingHost(),
    secretStore: createMemorySecretStore(),
    demoWhenSignedOut: true,
  });
  cores.push(core);
  return core;
}

function ok<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

function failed(result: Result<unknown>) {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('contacts channels', () => {
  it('create, search, get, update a contact of the signed-in profile', async () => {
    const core = await demoCore();
    const created = ok<ContactView>(
      await core.dispatch('contacts:create', {
        name: 'João da Silva',
        phone: '(11) 98765-4321',
        email: 'joao@x.com',
      }),
    );
    expect(created).toMatchObject({ name: 'João da Silva', phone: '+5511987654321', email: 'joao@x.com' });

    const page = ok<ContactsPageView>(await core.dispatch('contacts:search', { query: 'joao 98765' }));
    expect(page).toMatchObject({ total: 1, offset: 0, limit: 50 });
    expect(page.rows[0]!.id).toBe(created.id);
    expect(ok<ContactView>(await core.dispatch('contacts:get', { id: created.id })).name).toBe(
      'João da Silva',
    );

    const updated = ok<ContactView>(
      await core.dispatch('contacts:update', {
        id: created.id,
        phone: '+55 21 99999-8888',
        email: '',
        fields: { cidade: 'Rio' },
      }),
    );
    expect(updated).toMatchObject({ phone: '+5521999998888', email: null, fields: { cidade: 'Rio' } });
  });

  it('reports field errors: invalid and duplicate phone, bad e-mail, list name length and clash', async () => {
    const core = await demoCore();
    const maria = ok<ContactView>(
      await core.dispatch('contacts:create', { name: 'Maria', phone: '11987654321' }),
    );
    expect(
      failed(await core.dispatch('contacts:create', { name: 'Outra', phone: '011 98765-4321' })),
    ).toEqual({
      code: 'invalid_input',
      message: 'This number already belongs to Maria',
      details: {
        fields: [{ field: 'phone', message: 'This number already belongs to Maria' }],
        reason: 'duplicate_phone',
        params: { name: 'Maria', phone: '+5511987654321', contactId: maria.id },
      },
    });
    expect(
      failed(await core.dispatch('contacts:create', { name: 'Velho', phone: '(11) 8765-4321' })).details,
    ).toMatchObject({ reason: 'phone_old_mobile', params: { suggested: '+5511987654321' } });
    expect(
      failed(await core.dispatch('contacts:create', { name: 'X', phone: '123' })).details?.fields?.[0]?.field,
    ).toBe('phone');
    expect(
      failed(await core.dispatch('contacts:create', { name: 'X', phone: '11987654322', email: 'not-mail' }))
        .details?.fields?.[0]?.field,
    ).toBe('email');
    expect(failed(await core.dispatch('lists:create', { name: 'X' })).details?.fields).toEqual([
      { field: 'name', message: 'At least 2 characters' },
    ]);
    expect(failed(await core.dispatch('lists:create', { name: 'x'.repeat(21) })).code).toBe('invalid_input');
    ok(await core.dispatch('lists:create', { name: 'Clientes' }));
    expect(failed(await core.dispatch('lists:create', { name: 'CLIENTES' })).details?.reason).toBe(
      'duplicate_list_name',
    );
  });

  it('validates inputs strictly before any work', async () => {
    const core = await demoCore();
    for (const [channel, input] of [
      ['contacts:search', { limit: 201 }],
      ['contacts:search', { offset: -1 }],
      ['contacts:search', { query: 'x'.repeat(201) }],
      ['contacts:search', { listId: 'x'.repeat(65) }],
      ['contacts:search', { extra: true }],
      ['contacts:get', { id: 'a b' }],
      ['contacts:delete', { ids: [] }],
      ['contacts:addToList', { listId: 'l', ids: ['../x'] }],
      ['contacts:create', { name: 'A', phone: '11987654321', fields: { 'Bad Key': 'x' } }],
      ['optOuts:add', { phones: [] }],
      ['lists:rename', { id: 'l' }],
    ] as const) {
      expect(
        failed(await core.dispatchUntrusted(channel, input)).code,
        `${channel} ${JSON.stringify(input)}`,
      ).toBe('invalid_input');
    }
  });

  it('lists: create, rename, add and remove contacts, counts, delete keeping contacts', async () => {
    const core = await demoCore();
    const ids: string[] = [];
    for (const [i, name] of ['Ana', 'Bia', 'Caio'].entries()) {
      ids.push(ok<ContactView>(await core.dispatch('contacts:create', { name, phone: `1198765432${i}` })).id);
    }
    const vip = ok<ListView>(await core.dispatch('lists:create', { name: 'VIP' }));
    expect(ok(await core.dispatch('contacts:addToList', { listId: vip.id, ids }))).toEqual({ added: 3 });
    expect(ok(await core.dispatch('contacts:removeFromList', { listId: vip.id, ids: [ids[1]!] }))).toEqual({
      removed: 1,
    });
    expect(ok<ListView>(await core.dispatch('lists:rename', { id: vip.id, name: 'Clientes VIP' })).name).toBe(
      'Clientes VIP',
    );
    expect(ok<ListView[]>(await core.dispatch('lists:list', {})).map((l) => [l.name, l.count])).toEqual([
      ['Clientes VIP', 2],
    ]);
    const inList = ok<ContactsPageView>(await core.dispatch('contacts:search', { listId: vip.id }));
    expect(inList.rows.map((r) => r.name)).toEqual(['Ana', 'Caio']);
    expect(ok(await core.dispatch('lists:delete', { id: vip.id }))).toEqual({ deleted: true });
    expect(ok<ContactsPageView>(await core.dispatch('contacts:search', {})).total).toBe(3);
    expect(failed(await core.dispatch('lists:delete', { id: vip.id }))).toMatchObject({
      code: 'not_found',
      details: { params: { what: 'list' } },
    });
  });

  it('every match of a search but those left out: added to a list, opted out, deleted, their ids', async () => {
    const core = await demoCore();
    const ids: Record<string, string> = {};
    for (const [i, name] of ['Ana Silva', 'Bia Silva', 'Caio Silva', 'Davi Souza'].entries()) {
      ids[name] = ok<ContactView>(
        await core.dispatch('contacts:create', { name, phone: `1198765432${i}` }),
      ).id;
    }
    const silvas = { matching: { query: 'silva' }, except: [ids['Bia Silva']!] };
    expect(ok(await core.dispatch('contacts:matchingIds', { ...silvas, limit: 10 }))).toEqual({
      ids: expect.arrayContaining([ids['Ana Silva'], ids['Caio Silva']]),
      total: 2,
    });
    // A campaign names at most `limit`: the total says how many more there were.
    expect(
      ok<{ total: number }>(await core.dispatch('contacts:matchingIds', { ...silvas, limit: 1 })).total,
    ).toBe(2);

    const vip = ok<ListView>(await core.dispatch('lists:create', { name: 'VIP' }));
    expect(ok(await core.dispatch('contacts:addToList', { listId: vip.id, ...silvas }))).toEqual({
      added: 2,
    });
    const inList = ok<ContactsPageView>(await core.dispatch('contacts:search', { listId: vip.id }));
    expect(inList.rows.map((r) => r.name)).toEqual(['Ana Silva', 'Caio Silva']);

    expect(ok(await core.dispatch('contacts:optOut', { matching: { listId: vip.id }, except: [] }))).toEqual({
      added: 2,
      already: 0,
    });
    const deleted = ok<ContactsDeleteResult>(
      await core.dispatch('contacts:delete', { matching: { optedOut: false }, except: [ids['Davi Souza']!] }),
    );
    expect(deleted.count).toBe(1);
    const left = ok<ContactsPageView>(await core.dispatch('contacts:search', {}));
    expect(left.rows.map((r) => r.name)).toEqual(['Ana Silva', 'Caio Silva', 'Davi Souza']);
  });

  it('delete and undo, with the list membership back', async () => {
    const core = await demoCore();
    const ana = ok<ContactView>(
      await core.dispatch('contacts:create', { name: 'Ana', phone: '11987654321' }),
    );
    const vip = ok<ListView>(await core.dispatch('lists:create', { name: 'VIP' }));
    ok(await core.dispatch('contacts:addToList', { listId: vip.id, ids: [ana.id] }));
    const deleted = ok<ContactsDeleteResult>(await core.dispatch('contacts:delete', { ids: [ana.id] }));
    expect(deleted.count).toBe(1);
    expect(failed(await core.dispatch('contacts:get', { id: ana.id })).code).toBe('not_found');
    expect(ok(await core.dispatch('contacts:undoDelete', { undoToken: deleted.undoToken }))).toEqual({
      restored: 1,
    });
    expect(ok<ContactView>(await core.dispatch('contacts:get', { id: ana.id })).lists).toEqual([
      { id: vip.id, name: 'VIP' },
    ]);
    expect(failed(await core.dispatch('contacts:undoDelete', { undoToken: deleted.undoToken })).code).toBe(
      'undo_expired',
    );
  });

  it('opt-outs: typed numbers in any format with the invalid ones reported, by contact, list and remove', async () => {
    const core = await demoCore();
    const ana = ok<ContactView>(
      await core.dispatch('contacts:create', { name: 'Ana', phone: '11987654321' }),
    );
    const added = ok<OptOutsAddResult>(
      await core.dispatch('optOuts:add', {
        phones: ['(21) 91234-5678', 'abc', '+55 21 91234 5678', '(11) 8765-4321'],
        note: 'pediu',
      }),
    );
    expect(added).toEqual({
      added: 1,
      already: 0,
      invalid: [
        { index: 1, input: 'abc', reason: 'invalid', message: 'Not a valid phone number' },
        {
          index: 3,
          input: '(11) 8765-4321',
          reason: 'old_mobile',
          message: 'Old mobile number without the leading 9: did you mean +5511987654321?',
        },
      ],
    });
    expect(ok(await core.dispatch('contacts:optOut', { ids: [ana.id] }))).toEqual({ added: 1, already: 0 });
    const list = ok<OptOutsPageView>(await core.dispatch('optOuts:list', {}));
    expect(list.total).toBe(2);
    // Same millisecond possibly: compare without the order.
    expect(list.rows.map((r) => [r.phone, r.source, r.contact?.name ?? null]).sort()).toEqual([
      ['+5511987654321', 'contact', 'Ana'],
      ['+5521912345678', 'manual', null],
    ]);
    expect(
      ok<ContactsPageView>(await core.dispatch('contacts:search', { optedOut: true })).rows.map(
        (r) => r.name,
      ),
    ).toEqual(['Ana']);
    expect(
      ok(await core.dispatch('optOuts:remove', { phones: ['(11) 98765-4321', '+5521912345678', 'junk'] })),
    ).toEqual({
      removed: 2,
    });
  });

  it('needs a signed-in profile, and a demo reset wipes the demo\u2019s contacts', async () => {
    const dataDir = tempDir();
    const core = await demoCore(dataDir);
    ok(await core.dispatch('contacts:create', { name: 'Ana', phone: '11987654321' }));
    ok(await core.dispatch('lists:create', { name: 'VIP' }));
    ok(await core.dispatch('demo:reset', {}));
    expect(ok<ContactsPageView>(await core.dispatch('contacts:search', {})).total).toBe(0);
    expect(ok<ListView[]>(await core.dispatch('lists:list', {}))).toEqual([]);

    ok(await core.dispatch('contacts:create', { name: 'Bia', phone: '11987654322' }));
    ok(await core.dispatch('session:signOut', { deleteLocalData: false }));
    for (const channel of ['contacts:search', 'lists:list', 'optOuts:list'] as const) {
      expect(failed(await core.dispatch(channel, {})).code).toBe('not_signed_in');
    }
    ok(await core.dispatch('session:startDemo', {}));
    expect(ok<ContactsPageView>(await core.dispatch('contacts:search', {})).rows.map((r) => r.name)).toEqual([
      'Bia',
    ]);
  });
});
