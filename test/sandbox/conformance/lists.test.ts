// The sandbox's conformance to the wire facts: contact lists. How it is checked: strict-client.ts.
import { describe, expect, it } from 'vitest';
import { LIST_KEYS } from './spec-facts';
import { account, expectKeys, isStr, expectError, expectPaginated, sandboxPerTest } from './strict-client';

sandboxPerTest();

describe('lists', () => {
  it('store, show, update, list with title, delete', async () => {
    const a = await account();
    const created = await a.post('/v1/lists/store', { name: 'Clientes' });
    expect(created.status, created.text).toBe(200);
    expectKeys(created.body, LIST_KEYS, 'list');
    expect(isStr(created.body.id)).toBe(true);
    expect(created.body.name).toBe('Clientes');
    const id = created.body.id;
    const show = await a.get(`/v1/lists/${id}/show`);
    expect(show.body).toEqual(created.body);
    const upd = await a.put(`/v1/lists/${id}/update`, { name: 'Clientes VIP' });
    expect(upd.status).toBe(200);
    expect(upd.body).toEqual({ id, name: 'Clientes VIP' });
    await a.post('/v1/lists/store', { name: 'Outros' });
    expect(expectPaginated(await a.get('/v1/lists/list?page=1'), LIST_KEYS)).toHaveLength(2);
    const filtered = expectPaginated(await a.get('/v1/lists/list?page=1&perPage=5&title=VIP'), LIST_KEYS);
    expect(filtered).toEqual([{ id, name: 'Clientes VIP' }]);
    // Query strings built with URLSearchParams encode a space as '+'.
    const qs = new URLSearchParams({ page: '1', title: 'Clientes VIP' }).toString();
    expect(expectPaginated(await a.get(`/v1/lists/list?${qs}`), LIST_KEYS)).toHaveLength(1);
    const del = await a.del(`/v1/lists/${id}/delete`);
    expect(del.status).toBe(200);
    expectKeys(del.body, ['message']);
    expectError(await a.get(`/v1/lists/${id}/show`), 404, 'not_found');
    expectError(await a.put(`/v1/lists/${id}/update`, { name: 'Again' }), 404, 'not_found');
    expectError(await a.del(`/v1/lists/${id}/delete`), 404, 'not_found');
  });

  it('name is 2 to 20 characters (422 on name)', async () => {
    const a = await account();
    expect((await a.post('/v1/lists/store', { name: 'ab' })).status).toBe(200);
    expect((await a.post('/v1/lists/store', { name: 'a'.repeat(20) })).status).toBe(200);
    for (const body of [{ name: 'a' }, { name: 'a'.repeat(21) }, {}, { name: 5 }]) {
      expectError(await a.post('/v1/lists/store', body), 422, 'validation_error', 'name');
    }
    const id = (await a.post('/v1/lists/store', { name: 'Ok' })).body.id;
    expectError(await a.put(`/v1/lists/${id}/update`, { name: 'x' }), 422, 'validation_error', 'name');
  });
});
