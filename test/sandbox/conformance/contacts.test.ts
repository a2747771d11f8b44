/* eslint-disable @typescript-eslint/no-explicit-any -- wire bodies are checked field by field */
// The sandbox's conformance to the wire facts: contacts. How it is checked: strict-client.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONTACT_SHOW_KEYS, UUID } from './spec-facts';
import { account, expectKeys, isStr, expectError, expectPaginated, sandboxPerTest } from './strict-client';

sandboxPerTest();

describe('contacts', () => {
  it('store returns the uuid as a bare JSON string, and upserts by phone', async () => {
    const a = await account();
    const res = await a.post('/v1/contacts/store', { full_name: 'Ana Souza', phone: '+5511988887777' });
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith('"')).toBe(true);
    expect(typeof res.body).toBe('string');
    expect(res.body).toMatch(UUID);
    const again = await a.post('/v1/contacts/store', {
      full_name: 'Ana S.',
      phone: '+5511988887777',
      email: 'ana@example.com',
    });
    expect(again.body).toBe(res.body);
    const show = await a.get(`/v1/contacts/${res.body}/show`);
    expect(show.status).toBe(200);
    expectKeys(show.body, CONTACT_SHOW_KEYS, 'contact');
    expect(show.body).toEqual({ fullName: 'Ana S.', email: 'ana@example.com', phone: '+5511988887777' });
  });

  it('show: email is null when not given; unknown or foreign id is 404', async () => {
    const a = await account();
    const b = await account();
    const id = (await a.post('/v1/contacts/store', { full_name: 'Bia', phone: '+5511988880000' })).body;
    expect((await a.get(`/v1/contacts/${id}/show`)).body).toEqual({
      fullName: 'Bia',
      email: null,
      phone: '+5511988880000',
    });
    for (const path of [`/v1/contacts/${randomUUID()}/show`, `/v1/contacts/${id}/show`]) {
      expectError(await b.get(path), 404, 'not_found');
    }
    expectError(
      await b.put(`/v1/contacts/${id}/update`, { full_name: 'X', phone: '+5511988880000' }),
      404,
      'not_found',
    );
    expectError(await b.del(`/v1/contacts/${id}/delete`), 404, 'not_found');
  });

  it('store with lists; list filters by title and search', async () => {
    const a = await account();
    const vip = (await a.post('/v1/lists/store', { name: 'VIP' })).body;
    await a.post('/v1/contacts/store', { full_name: 'Caio', phone: '+5511977770001', lists: [vip.id] });
    await a.post('/v1/contacts/store', { full_name: 'Duda', phone: '+5511977770002', email: 'duda@x.com' });
    const all = expectPaginated(await a.get('/v1/contacts/list?page=1'));
    expect(all).toHaveLength(2);
    for (const c of all) expect(c !== null && typeof c === 'object').toBe(true);
    expect(expectPaginated(await a.get('/v1/contacts/list?page=1&title=VIP'))).toHaveLength(1);
    expect(expectPaginated(await a.get('/v1/contacts/list?page=1&search=duda'))).toHaveLength(1);
    expect(expectPaginated(await a.get('/v1/contacts/list?page=1&perPage=1'))).toHaveLength(1);
  });

  it('list: page is required (422 on page)', async () => {
    const a = await account();
    expectError(await a.get('/v1/contacts/list'), 422, 'validation_error', 'page');
  });

  it('store validation: 422 on full_name, phone, email, lists', async () => {
    const a = await account();
    const cases: [unknown, string][] = [
      [{ phone: '+5511977770001' }, 'full_name'],
      [{ full_name: '', phone: '+5511977770001' }, 'full_name'],
      [{ full_name: 'Ana' }, 'phone'],
      [{ full_name: 'Ana', phone: '11977770001' }, 'phone'],
      [{ full_name: 'Ana', phone: '+5511977770001', email: 'nope' }, 'email'],
      [{ full_name: 'Ana', phone: '+5511977770001', lists: 'x' }, 'lists'],
    ];
    for (const [body, field] of cases) {
      expectError(await a.post('/v1/contacts/store', body), 422, 'validation_error', field);
    }
    const unknownList = await a.post('/v1/contacts/store', {
      full_name: 'Ana',
      phone: '+5511977770001',
      lists: [randomUUID()],
    });
    expectError(unknownList, 422, 'validation_error');
    expect(unknownList.body.errors.map((e: any) => e.field).join()).toMatch(/^lists/);
  });

  it('update returns the uuid and delete returns {message}', async () => {
    const a = await account();
    const id = (await a.post('/v1/contacts/store', { full_name: 'Edu', phone: '+5511966660000' })).body;
    const upd = await a.put(`/v1/contacts/${id}/update`, {
      full_name: 'Eduardo',
      phone: '+5511966660001',
      email: 'edu@example.com',
    });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body).toBe(id);
    expect((await a.get(`/v1/contacts/${id}/show`)).body).toEqual({
      fullName: 'Eduardo',
      email: 'edu@example.com',
      phone: '+5511966660001',
    });
    expectError(
      await a.put(`/v1/contacts/${id}/update`, { full_name: 'E' }),
      422,
      'validation_error',
      'phone',
    );
    const del = await a.del(`/v1/contacts/${id}/delete`);
    expect(del.status).toBe(200);
    expectKeys(del.body, ['message']);
    expect(isStr(del.body.message)).toBe(true);
    expectError(await a.get(`/v1/contacts/${id}/show`), 404, 'not_found');
    expectError(await a.del(`/v1/contacts/${id}/delete`), 404, 'not_found');
  });
});
