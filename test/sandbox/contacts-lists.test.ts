import { describe, expect, it } from 'vitest';
import { PATHS } from '@core/api/wire';
import {
  contactDetail,
  contactIdResponse,
  contactListItem,
  listResult,
  paginated,
} from '@core/api/wire-schemas';
import { login, phone, useSandbox } from '../support/sandbox-http';

const sandbox = useSandbox();

describe('sandbox contacts', () => {
  it('stores a contact and answers its uuid as a bare JSON string', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.contactsStore, {
      full_name: 'Ana Souza',
      phone: phone(1),
      email: 'ana@example.test',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const id = contactIdResponse.parse(res.body);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const show = await c.get(PATHS.contactShow(id));
    expect(contactDetail.strict().parse(show.body)).toEqual({
      fullName: 'Ana Souza',
      email: 'ana@example.test',
      phone: phone(1),
    });
  });

  it('upserts by phone', async () => {
    const c = await login(sandbox());
    const first = (await c.post(PATHS.contactsStore, { full_name: 'Ana', phone: phone(1) })).body;
    const second = (await c.post(PATHS.contactsStore, { full_name: 'Ana Maria', phone: phone(1) })).body;
    expect(second).toBe(first);
    const list = (await c.get(`${PATHS.contactsList}?page=1`)).body;
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: first, fullName: 'Ana Maria', email: null, phone: phone(1) });
  });

  it('updates and deletes by id, 404 for unknown ids', async () => {
    const c = await login(sandbox());
    const id = (await c.post(PATHS.contactsStore, { full_name: 'Bia', phone: phone(2) })).body;
    const other = (await c.post(PATHS.contactsStore, { full_name: 'Caio', phone: phone(3) })).body;
    const upd = await c.put(PATHS.contactUpdate(id), { full_name: 'Beatriz', phone: phone(4) });
    expect(upd.body).toBe(id);
    expect((await c.get(PATHS.contactShow(id))).body).toMatchObject({ fullName: 'Beatriz', phone: phone(4) });
    const clash = await c.put(PATHS.contactUpdate(other), { full_name: 'Caio', phone: phone(4) });
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0].field).toBe('phone');
    // The old phone is free again: storing it creates a new contact.
    expect((await c.post(PATHS.contactsStore, { full_name: 'Nova', phone: phone(2) })).body).not.toBe(id);

    const del = await c.del(PATHS.contactDelete(id));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: expect.any(String) });
    for (const res of [
      await c.get(PATHS.contactShow(id)),
      await c.put(PATHS.contactUpdate(id), { full_name: 'X', phone: phone(9) }),
      await c.del(PATHS.contactDelete(id)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
  });

  it('validates input with dotted field names', async () => {
    const c = await login(sandbox());
    const res = await c.post(PATHS.contactsStore, {
      full_name: '',
      phone: '123',
      email: 'nope',
      lists: ['x'],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'email',
      'full_name',
      'phone',
    ]);
    const unknownList = await c.post(PATHS.contactsStore, {
      full_name: 'A',
      phone: phone(1),
      lists: ['nope'],
    });
    expect(unknownList.body.errors).toEqual([{ field: 'lists.0', message: expect.any(String) }]);
  });

  it('searches by name, phone or e-mail and filters by list name; page is required', async () => {
    const c = await login(sandbox());
    const vip = (await c.post(PATHS.listsStore, { name: 'Clientes VIP' })).body;
    await c.post(PATHS.contactsStore, { full_name: 'Ana Souza', phone: phone(1), lists: [vip.id] });
    await c.post(PATHS.contactsStore, { full_name: 'Bruno Lima', phone: phone(2), email: 'bruno@loja.test' });
    await c.post(PATHS.contactsStore, { full_name: 'Carla Souza', phone: '+5521988887777' });

    const list = (q: string) => c.get(`${PATHS.contactsList}?${q}`);
    const names = async (q: string) =>
      paginated(contactListItem)
        .parse((await list(q)).body)
        .data.map((x) => x.fullName);
    expect(await names('page=1&search=souza')).toEqual(['Ana Souza', 'Carla Souza']);
    expect(await names('page=1&search=BRUNO@')).toEqual(['Bruno Lima']);
    expect(await names('page=1&search=%2B5521')).toEqual(['Carla Souza']);
    expect(await names('page=1&title=clientes%20vip')).toEqual(['Ana Souza']);
    expect((await list('page=1&search=ana')).body.data[0].lists).toEqual([
      { id: vip.id, name: 'Clientes VIP' },
    ]);

    const paged = (await list('page=2&perPage=2')).body;
    expect(paged.meta).toMatchObject({
      total: 3,
      perPage: 2,
      lastPage: 2,
      previousPageUrl: '/v1/contacts/list?page=1&perPage=2',
    });
    expect(paged.data).toHaveLength(1);

    const noPage = await c.get(PATHS.contactsList);
    expect(noPage.status).toBe(422);
    expect(noPage.body.errors[0].field).toBe('page');
  });
});

describe('sandbox lists', () => {
  it('creates, shows, renames, lists and deletes lists', async () => {
    const c = await login(sandbox());
    const created = await c.post(PATHS.listsStore, { name: 'Clientes' });
    const list = listResult.strict().parse(created.body);
    expect(list.name).toBe('Clientes');
    expect((await c.get(PATHS.listShow(list.id))).body).toEqual(list);
    expect((await c.put(PATHS.listUpdate(list.id), { name: 'Clientes 2024' })).body).toEqual({
      id: list.id,
      name: 'Clientes 2024',
    });
    await c.post(PATHS.listsStore, { name: 'Fornecedores' });
    const all = (await c.get(`${PATHS.listsList}?page=1`)).body;
    expect(all.data.map((l: { name: string }) => l.name)).toEqual(['Clientes 2024', 'Fornecedores']);
    expect((await c.get(`${PATHS.listsList}?page=1&title=forn`)).body.meta.total).toBe(1);

    const contact = (
      await c.post(PATHS.contactsStore, { full_name: 'Ana', phone: phone(1), lists: [list.id] })
    ).body;
    expect((await c.del(PATHS.listDelete(list.id))).body).toEqual({ message: expect.any(String) });
    expect((await c.get(PATHS.listShow(list.id))).status).toBe(404);
    const item = (await c.get(`${PATHS.contactsList}?page=1`)).body.data.find(
      (x: { id: string }) => x.id === contact,
    );
    expect(item.lists).toEqual([]);
  });

  it('accepts names of 2 to 20 characters only', async () => {
    const c = await login(sandbox());
    for (const name of ['ab', 'x'.repeat(20)])
      expect((await c.post(PATHS.listsStore, { name })).status).toBe(200);
    for (const name of ['a', 'x'.repeat(21)]) {
      const res = await c.post(PATHS.listsStore, { name });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ field: 'name', message: expect.any(String) }]);
    }
    const id = (await c.post(PATHS.listsStore, { name: 'ok' })).body.id;
    expect((await c.put(PATHS.listUpdate(id), { name: 'a' })).status).toBe(422);
    expect((await c.put(PATHS.listUpdate('nope'), { name: 'abc' })).status).toBe(404);
  });
});
