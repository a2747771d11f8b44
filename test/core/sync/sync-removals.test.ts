import { describe, expect, it } from 'vitest';
import type { SmsGoClient } from '@core/api/smsgo-client';
import { newKey, useSandbox } from '../billing/billing-harness';
import {
  clientFor,
  enable,
  type Local,
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

/** Someone takes contact `n` (0-based) out of every list on the service; the contact stays there. */
async function unlistRemotely(client: SmsGoClient, ids: string[], n: number) {
  await client.updateContact(ids[n]!, { full_name: `Pessoa ${n + 1}`, phone: phone(n), lists: [] });
}

/** Every member's name (localMembers reads one page of 200). */
function allMembers(local: Local, listId: string): Set<string> {
  const names = new Set<string>();
  for (let offset = 0; ; offset += 200) {
    const page = local.repo.search({ profile: PROFILE, listId, offset, limit: 200 });
    for (const row of page.rows) names.add(row.name);
    if (offset + 200 >= page.total) return names;
  }
}

/** A sync whose pull of `title` dies at `page` (the app crashes there). */
const crashingAt = (client: SmsGoClient, title: string, page: number) =>
  replacing(client, 'listContacts', (listContacts) => (query) => {
    if (query.title === title && query.page === page) throw new Error('the app crashed here');
    return listContacts(query);
  });

describe('sync pull mirrors removals made on the service (real sandbox, real SQLite)', () => {
  it('takes out of the local list who left it on the service, unless changed here since', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('removals'));
    const { ids } = await remoteList(client, 'Clientes', 4);
    const local = openLocal();
    const clientes = local.repo.createList(PROFILE, 'Clientes');
    enable(local, clientes.id);
    expect(await sync(local, client)).toMatchObject({ state: 'done', pulled: 4, left: 0 });

    // On the service: Pessoa 1 leaves the list, Pessoa 2 is deleted, Pessoa 3 leaves it too...
    await unlistRemotely(client, ids, 0);
    await client.deleteContact(ids[1]!);
    await unlistRemotely(client, ids, 2);
    // ...while Pessoa 3 was renamed here (not sent yet): the local change wins.
    const p3 = local.repo.search({ profile: PROFILE, query: 'Pessoa 3', offset: 0, limit: 1 }).rows[0]!;
    local.repo.update(PROFILE, p3.id, { name: 'Pessoa Três' });

    const run = await sync(local, client);

    expect(run).toMatchObject({ state: 'done', left: 2 });
    expect(localMembers(local, clientes.id)).toEqual(['Pessoa 4', 'Pessoa Três']);
    // They left the list only: still contacts here.
    expect(local.repo.existingPhones(PROFILE)).toEqual(new Set([phone(0), phone(1), phone(2), phone(3)]));
    // The removal came from the service: nothing of it is sent back, nothing waits.
    expect(local.stores.queue.hasPending(PROFILE)).toBe(false);
    const service = await serviceView(client);
    expect(service.contact(phone(0))?.lists).toEqual([]);
    expect(service.contact(phone(2))).toMatchObject({ name: 'Pessoa Três', lists: ['Clientes'] });
    // Nothing more to mirror on the next run.
    expect(await sync(local, client)).toMatchObject({ state: 'done', left: 0, pushed: 0 });
    expect(localMembers(local, clientes.id)).toEqual(['Pessoa 4', 'Pessoa Três']);
  });

  it('never removes after an unfinished pull; the resumed one does, and checks who moved between pages', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('resumed'));
    const { ids } = await remoteList(client, 'Grande', 250);
    const first = openLocal();
    const grande = first.repo.createList(PROFILE, 'Grande');
    enable(first, grande.id);
    expect(await sync(first, client)).toMatchObject({ state: 'done', pulled: 250 });

    // Pessoa 151 leaves the list on the service; the next pull dies at page 2 (of 100 contacts).
    await unlistRemotely(client, ids, 150);
    expect(await sync(first, client, crashingAt(client, 'Grande', 2))).toMatchObject({ state: 'failed' });
    expect(localCount(first, grande.id)).toBe(250);
    first.close();

    // Meanwhile Pessoa 6 (on page 1, already read) leaves too: Pessoa 101 moves up to page 1,
    // so the resumed pull (pages 2 and 3) never meets it. It is still in the list and must stay.
    await unlistRemotely(client, ids, 5);
    const second = openLocal(first.dir);
    expect(await sync(second, client, { full: false })).toMatchObject({ state: 'done', left: 1 });

    expect(localCount(second, grande.id)).toBe(249);
    let members = allMembers(second, grande.id);
    expect(members.has('Pessoa 101')).toBe(true);
    expect(members.has('Pessoa 151')).toBe(false);
    // Pessoa 6 was met on page 1 before it left: the next complete pull mirrors that.
    expect(members.has('Pessoa 6')).toBe(true);
    expect(await sync(second, client)).toMatchObject({ state: 'done', left: 1 });
    members = allMembers(second, grande.id);
    expect(members.has('Pessoa 6')).toBe(false);
    expect(members.size).toBe(248);
  });
});
