import { describe, expect, it } from 'vitest';
import { newKey, useSandbox } from '../billing/billing-harness';
import {
  clientFor,
  enable,
  localCount,
  localMembers,
  openLocal,
  phone,
  PROFILE,
  remoteList,
  replacing,
  serviceView,
  sync,
} from './sync-harness';

describe('sync pull (real sandbox, real SQLite)', () => {
  it("brings the service's members of a synced list into the local list, matched by phone", async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('pull'));
    await remoteList(client, 'Clientes', 3, 100);
    // On the service but in another list: not pulled.
    await client.createContact({ full_name: 'Fora', phone: phone(999) });

    const local = openLocal();
    const clientes = local.repo.createList(PROFILE, 'Clientes');
    // Already a contact here, under another name, outside the list.
    local.repo.create(PROFILE, { name: 'P. Dois', phone: phone(101) });
    enable(local, clientes.id);

    const run = await sync(local, client);

    expect(run).toMatchObject({ state: 'done', pulled: 3, pushed: 0 });
    expect(localMembers(local, clientes.id)).toEqual(['Pessoa 1', 'Pessoa 2', 'Pessoa 3']);
    expect(local.repo.existingPhones(PROFILE).has(phone(999))).toBe(false);
    // What came from the service is not sent back to it, nor counted as received again.
    expect(local.stores.queue.hasPending(PROFILE)).toBe(false);
    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 0, pulled: 0 });
  });

  it('never overwrites a local change not sent yet, and never takes anyone off the opt-out list', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('wins'));
    const { list } = await remoteList(client, 'Clientes', 2, 100);
    const local = openLocal();
    const clientes = local.repo.createList(PROFILE, 'Clientes');
    enable(local, clientes.id);
    await sync(local, client);
    const [first] = local.repo.search({ profile: PROFILE, listId: clientes.id, offset: 0, limit: 10 }).rows;
    expect(first!.name).toBe('Pessoa 1');

    // Both sides change: the service renames Pessoa 1 and Pessoa 2, we rename Pessoa 1 and opt Pessoa 2 out.
    const remote = await serviceView(client);
    const id = (p: string) => remote.contacts.find((c) => c.phone === p)!.id;
    await client.updateContact(id(phone(100)), {
      full_name: 'Nome do SMSGo',
      phone: phone(100),
      lists: [list.id],
    });
    await client.updateContact(id(phone(101)), {
      full_name: 'Outro do SMSGo',
      phone: phone(101),
      lists: [list.id],
    });
    local.repo.update(PROFILE, first!.id, { name: 'Nome daqui' });
    local.repo.optOut(PROFILE, { phones: [phone(101)] }, 'manual');

    expect(await sync(local, client)).toMatchObject({ state: 'done' });

    // Ours won where we had a change (and was sent); theirs where we had none.
    expect(localMembers(local, clientes.id)).toEqual(['Nome daqui', 'Outro do SMSGo']);
    expect((await serviceView(client)).contact(phone(100))?.name).toBe('Nome daqui');
    expect(local.repo.isOptedOut(PROFILE, phone(101))).toBe(true);
  });

  it('resumes an interrupted pull after the last page it merged, even after a restart', async () => {
    const sandbox = await useSandbox();
    const key = newKey('resume');
    const client = clientFor(sandbox.url, key);
    await remoteList(client, 'Grande', 250, 100);
    const first = openLocal();
    const grande = first.repo.createList(PROFILE, 'Grande');
    enable(first, grande.id);

    // Pages are 100 contacts: the third page's request dies (the app crashes there).
    const pagesAsked: number[][] = [[], []];
    const recording = (run: number) =>
      replacing(client, 'listContacts', (listContacts) => (query) => {
        if (query.title === 'Grande') pagesAsked[run]!.push(query.page);
        if (run === 0 && query.page === 3) throw new Error('the app crashed here');
        return listContacts(query);
      });

    expect(await sync(first, client, recording(0))).toMatchObject({ state: 'failed' });
    expect(pagesAsked[0]).toEqual([1, 2, 3]);
    expect(localCount(first, grande.id)).toBe(200);
    first.close();

    const second = openLocal(first.dir);
    expect(await sync(second, client, recording(1))).toMatchObject({ state: 'done', pulled: 50 });
    expect(pagesAsked[1]).toEqual([3]);
    expect(localCount(second, grande.id)).toBe(250);

    // Finished: the next full sync reads the list from the start again.
    await sync(second, client, recording(1));
    expect(pagesAsked[1]).toEqual([3, 1, 2, 3]);
  });
});
