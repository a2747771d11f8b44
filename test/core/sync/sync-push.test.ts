import { describe, expect, it } from 'vitest';
import { newKey, useSandbox } from '../billing/billing-harness';
import { clientFor, enable, openLocal, phone, PROFILE, serviceView, sync } from './sync-harness';

describe('sync push (real sandbox, real SQLite)', () => {
  it("puts a synced list and its contacts on the service, then follows the list's edits", async () => {
    const sandbox = await useSandbox();
    const key = newKey('push');
    const client = clientFor(sandbox.url, key);
    const local = openLocal();
    const vip = local.repo.createList(PROFILE, 'Clientes VIP');
    const ana = local.repo.create(PROFILE, {
      name: 'Ana',
      phone: phone(1),
      email: 'ana@example.com',
      listIds: [vip.id],
    });
    const nameless = local.repo.create(PROFILE, { name: '', phone: phone(2), listIds: [vip.id] });
    const bia = local.repo.create(PROFILE, { name: 'Bia', phone: phone(3), listIds: [vip.id] });
    // Not in a synced list: stays here.
    local.repo.create(PROFILE, { name: 'Caio', phone: phone(4) });
    enable(local, vip.id);

    const first = await sync(local, client);

    expect(first).toMatchObject({ state: 'done', pushed: 3, error: null });
    let service = await serviceView(client);
    expect(service.listNames).toEqual(['Clientes VIP']);
    expect(service.contact(phone(1))).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      lists: ['Clientes VIP'],
    });
    // The service needs a name: a nameless contact goes by its number.
    expect(service.contact(phone(2))).toEqual({ name: phone(2), email: null, lists: ['Clientes VIP'] });
    expect(service.contact(phone(4))).toBeUndefined();
    expect(local.stores.lists.one(PROFILE, vip.id)).toMatchObject({
      syncedAt: expect.any(String),
      error: null,
    });
    expect(first.events.at(-1)).toMatchObject({ state: 'done' });
    expect(first.events.at(-1)!.done).toBe(first.events.at(-1)!.total);

    // Edits here: a rename of the list, a new name, one contact leaves the list, one is deleted for good.
    local.repo.renameList(PROFILE, vip.id, 'VIP 2025');
    local.repo.update(PROFILE, ana.id, { name: 'Ana Souza' });
    local.repo.removeFromList(PROFILE, vip.id, [bia.id]);
    local.repo.delete(PROFILE, [nameless.id]);
    local.advance(2_000);
    local.repo.purgeExpired();

    const second = await sync(local, client);

    expect(second).toMatchObject({ state: 'done', deleted: 1, error: null });
    service = await serviceView(client);
    expect(service.listNames).toEqual(['VIP 2025']);
    expect(service.contact(phone(1))).toMatchObject({ name: 'Ana Souza', lists: ['VIP 2025'] });
    // Left the list: still a contact on the service, in no list.
    expect(service.contact(phone(3))).toMatchObject({ name: 'Bia', lists: [] });
    expect(service.contact(phone(2))).toBeUndefined();
    expect(local.stores.queue.hasPending(PROFILE)).toBe(false);
  });

  it('keeps the lists a contact has on the service alone when it joins and leaves a synced list', async () => {
    const sandbox = await useSandbox();
    const key = newKey('keep');
    const client = clientFor(sandbox.url, key);
    // On the service only: a list "Loja" with Dora in it.
    const loja = await client.createList({ name: 'Loja' });
    await client.createContact({ full_name: 'Dora', phone: phone(5), lists: [loja.id] });

    const local = openLocal();
    const vip = local.repo.createList(PROFILE, 'VIP');
    const dora = local.repo.create(PROFILE, { name: 'Dora', phone: phone(5), listIds: [vip.id] });
    enable(local, vip.id);
    expect(await sync(local, client)).toMatchObject({ state: 'done' });
    expect((await serviceView(client)).contact(phone(5))?.lists).toEqual(['Loja', 'VIP']);

    local.repo.removeFromList(PROFILE, vip.id, [dora.id]);
    expect(await sync(local, client)).toMatchObject({ state: 'done' });
    expect((await serviceView(client)).contact(phone(5))?.lists).toEqual(['Loja']);
  });

  it('never sends an opted-out number', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('optout'));
    const local = openLocal();
    const vip = local.repo.createList(PROFILE, 'VIP');
    local.repo.create(PROFILE, { name: 'Eva', phone: phone(6), listIds: [vip.id] });
    const fabio = local.repo.create(PROFILE, { name: 'Fábio', phone: phone(7), listIds: [vip.id] });
    local.repo.optOut(PROFILE, { contactIds: [fabio.id] }, 'manual');
    enable(local, vip.id);

    const run = await sync(local, client);

    expect(run).toMatchObject({ state: 'done', pushed: 1, skippedOptedOut: 1 });
    const service = await serviceView(client);
    expect(service.contacts.map((c) => c.phone)).toEqual([phone(6)]);
    // Edited later, still not sent.
    local.repo.update(PROFILE, fabio.id, { name: 'Fábio Lima' });
    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 0, skippedOptedOut: 1 });
    expect((await serviceView(client)).contact(phone(7))).toBeUndefined();
  });

  it('links a synced list to the service list of the same name instead of making a second one', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('same'));
    await client.createList({ name: 'clientes vip' });
    const local = openLocal();
    const vip = local.repo.createList(PROFILE, 'Clientes VIP');
    local.repo.create(PROFILE, { name: 'Gil', phone: phone(8), listIds: [vip.id] });
    enable(local, vip.id);

    expect(await sync(local, client)).toMatchObject({ state: 'done' });

    const service = await serviceView(client);
    // Linked to the existing one; our name is the list's name from now on.
    expect(service.listNames).toEqual(['Clientes VIP']);
    expect(service.contact(phone(8))?.lists).toEqual(['Clientes VIP']);
  });

  it('sets aside a contact the service refuses, tells why, and sends it again once edited', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('refuse'));
    const local = openLocal();
    const vip = local.repo.createList(PROFILE, 'VIP');
    // A number the local rules accept but the service's do not (it wants 8 to 15 digits after the +).
    local.db
      .prepare(
        `INSERT INTO contacts (id, profile, name, sort_key, phone, fields, created_at, updated_at)
         VALUES ('short', 'default', 'Curto', 'curto', '+5511987', '{}', '2024-01-01', '2024-01-01')`,
      )
      .run();
    local.repo.addToList(PROFILE, vip.id, ['short']);
    local.repo.create(PROFILE, { name: 'Hugo', phone: phone(9), listIds: [vip.id] });
    enable(local, vip.id);

    const run = await sync(local, client);

    expect(run).toMatchObject({ state: 'done', pushed: 1, rejected: 1 });
    const counts = local.stores.queue.countsByList(PROFILE).get(vip.id);
    expect(counts).toMatchObject({
      pending: 0,
      rejected: 1,
      rejectedReason: expect.stringContaining('phone'),
    });
    // Not sent again at every run.
    expect(await sync(local, client)).toMatchObject({ state: 'done', rejected: 0 });
    // Edited (a valid number now): sent.
    local.repo.update(PROFILE, 'short', { phone: phone(10) });
    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 1, rejected: 0 });
    expect((await serviceView(client)).contact(phone(10))?.name).toBe('Curto');
  });
});

describe('sync push of imported contacts (real sandbox, real SQLite)', () => {
  it('sends an import made before its list synced once the list syncs, and one made into a synced list', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('push-import'));
    const local = openLocal();
    const feira = local.repo.createList(PROFILE, 'Feira');
    const imported = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        name: `Cliente ${from + i}`,
        phone: phone(from + i),
        email: null,
        fields: {},
      }));
    local.repo.upsertMany(PROFILE, imported(1, 3), 'skip', feira.id);
    enable(local, feira.id);
    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 3 });

    local.repo.upsertMany(PROFILE, imported(4, 2), 'skip', feira.id);
    // Not in a synced list: stays here.
    local.repo.upsertMany(PROFILE, imported(6, 1), 'skip');
    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 2 });

    const service = await serviceView(client);
    expect([1, 2, 3, 4, 5, 6].map((n) => service.contact(phone(n))?.lists)).toEqual([
      ...Array(5).fill(['Feira']),
      undefined,
    ]);
  });
});

describe('sync push when lists vanish from the service (real sandbox, real SQLite)', () => {
  it('drops a deleted service list from what it sends, and makes a synced one again with its members', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('vanish'));
    const loja = await client.createList({ name: 'Loja' });
    await client.createContact({ full_name: 'Dora', phone: phone(5), lists: [loja.id] });
    const local = openLocal();
    const vip = local.repo.createList(PROFILE, 'VIP');
    const dora = local.repo.create(PROFILE, { name: 'Dora', phone: phone(5), listIds: [vip.id] });
    local.repo.create(PROFILE, { name: 'Eli', phone: phone(6), listIds: [vip.id] });
    enable(local, vip.id);
    await sync(local, client);
    expect((await serviceView(client)).contact(phone(5))?.lists).toEqual(['Loja', 'VIP']);

    // Someone deletes "Loja" on the service; Dora changes here.
    await client.deleteList(loja.id);
    local.repo.update(PROFILE, dora.id, { name: 'Dora Reis' });
    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 1, rejected: 0 });
    expect((await serviceView(client)).contact(phone(5))).toMatchObject({
      name: 'Dora Reis',
      lists: ['VIP'],
    });

    // Then someone deletes "VIP" itself: the next sync makes it again, with both members.
    const remoteVip = (await serviceView(client)).lists.find((l) => l.name === 'VIP')!;
    await client.deleteList(remoteVip.id);
    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 2 });
    const service = await serviceView(client);
    expect(service.listNames).toEqual(['VIP']);
    expect(service.contact(phone(5))?.lists).toEqual(['VIP']);
    expect(service.contact(phone(6))?.lists).toEqual(['VIP']);
  });
});
