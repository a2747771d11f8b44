import { describe, expect, it } from 'vitest';
import type { SmsGoClient } from '@core/api/smsgo-client';
import { newKey, useSandbox } from '../billing/billing-harness';
import { clientFor, enable, openLocal, phone, PROFILE, replacing, serviceView, sync } from './sync-harness';

/** The service creates the contact, and the app crashes before it stores the id it answered. */
const crashAfterCreate = (client: SmsGoClient) =>
  replacing(client, 'createContact', (createContact) => async (body) => {
    await createContact(body);
    throw new Error('the app crashed here');
  });

describe('sync after a crash lost the id of a contact it created (real sandbox, real SQLite)', () => {
  async function createdThenCrashed(label: string) {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey(label));
    const local = openLocal();
    const vip = local.repo.createList(PROFILE, 'VIP');
    const ana = local.repo.create(PROFILE, { name: 'Ana', phone: phone(1), listIds: [vip.id] });
    enable(local, vip.id);
    expect(await sync(local, client, crashAfterCreate(client))).toMatchObject({ state: 'failed' });
    expect((await serviceView(client)).contact(phone(1))?.lists).toEqual(['VIP']);
    expect(local.stores.remote.get(PROFILE, ana.id)).toBeUndefined();
    return { client, local, vip, ana };
  }

  it('still deletes it on the service once it is deleted here (found by its number)', async () => {
    const { client, local, ana } = await createdThenCrashed('lost-delete');
    local.repo.delete(PROFILE, [ana.id]);
    local.advance(2_000);
    local.repo.purgeExpired();

    // The full sync pulls first: the list's member on the service is not brought back here either.
    expect(await sync(local, client)).toMatchObject({ state: 'done', deleted: 1, pulled: 0 });

    expect((await serviceView(client)).contact(phone(1))).toBeUndefined();
    expect(local.repo.existingPhones(PROFILE).size).toBe(0);
    expect(local.stores.queue.hasPending(PROFILE)).toBe(false);
  });

  it('still takes it out of the synced list on the service once it leaves the list here', async () => {
    const { client, local, vip, ana } = await createdThenCrashed('lost-update');
    local.repo.removeFromList(PROFILE, vip.id, [ana.id]);

    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 1 });

    const service = await serviceView(client);
    expect(service.contact(phone(1))).toMatchObject({ name: 'Ana', lists: [] });
    expect(service.contacts).toHaveLength(1);
  });

  it('does not delete a number that a live contact here holds now', async () => {
    const { client, local, vip, ana } = await createdThenCrashed('lost-moved');
    local.repo.delete(PROFILE, [ana.id]);
    local.advance(2_000);
    local.repo.purgeExpired();
    // The same number, a new contact in the synced list: the service's contact is now this one.
    local.repo.create(PROFILE, { name: 'Ana Paula', phone: phone(1), listIds: [vip.id] });

    expect(await sync(local, client)).toMatchObject({ state: 'done', deleted: 0, pushed: 1 });

    const service = await serviceView(client);
    expect(service.contact(phone(1))).toMatchObject({ name: 'Ana Paula', lists: ['VIP'] });
  });

  it('finds it by the number it was queued with once renumbered here, and moves it to the new one', async () => {
    const { client, local, ana } = await createdThenCrashed('lost-renumbered');
    local.repo.update(PROFILE, ana.id, { phone: phone(2) });

    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 1 });

    // One contact on the service, under the new number: not a second one beside the old.
    const service = await serviceView(client);
    expect(service.contacts).toHaveLength(1);
    expect(service.contact(phone(2))).toMatchObject({ name: 'Ana', lists: ['VIP'] });
    expect(local.stores.remote.get(PROFILE, ana.id)).toBeDefined();
  });
});
