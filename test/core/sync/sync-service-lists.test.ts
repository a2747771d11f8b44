import { describe, expect, it } from 'vitest';
import type { ContactsPageView, ListView } from '@shared/dto';
import type { BroughtListView, ServiceListView, SyncRunResult, SyncStatusView } from '@shared/dto/sync';
import { signedIn, useSandbox, value } from '../billing/billing-harness';
import { clientFor, phone } from './sync-harness';

describe('lists on SMSGo only (the real core, signed into a real sandbox)', () => {
  it('offers the service lists Torpedo lacks, and brings one in with its contacts, synced', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'service-lists');
    const client = clientFor(sandbox.url, c.key);
    const promo = await client.createList({ name: 'Promoção' });
    await client.createList({ name: 'Zeta' });
    await client.createList({ name: 'VIP' });
    await client.createContact({ full_name: 'Ana', phone: phone(1), lists: [promo.id] });
    await client.createContact({ full_name: 'Bia', phone: phone(2), lists: [promo.id] });
    // A local list of the same name (any case) is not "only on SMSGo": turning its sync on links them.
    value(await c.core.dispatch('lists:create', { name: 'vip' }));

    const offered = value<ServiceListView[]>(await c.core.dispatch('sync:serviceLists', {}));
    expect(offered).toEqual([
      { remoteId: promo.id, name: 'Promoção', contacts: 2 },
      { remoteId: expect.any(String), name: 'Zeta', contacts: 0 },
    ]);

    const brought = value<BroughtListView>(await c.core.dispatch('sync:bringList', { remoteId: promo.id }));
    expect(brought.list).toMatchObject({ name: 'Promoção' });
    expect(brought.status).toMatchObject({ listId: brought.list.id, enabled: true, linked: true });
    // Its contacts come with the sync started in the background (joined here).
    expect(value<SyncRunResult>(await c.core.dispatch('sync:run', {}))).toMatchObject({
      state: 'done',
      pulled: 2,
    });
    const members = value<ContactsPageView>(
      await c.core.dispatch('contacts:search', { listId: brought.list.id, offset: 0, limit: 50 }),
    );
    expect(members.rows.map((r) => r.name)).toEqual(['Ana', 'Bia']);
    const status = value<SyncStatusView>(await c.core.dispatch('sync:status', {}));
    expect(status.lists.find((l) => l.listId === brought.list.id)).toMatchObject({
      enabled: true,
      error: null,
      syncedAt: expect.any(String),
    });
    // No second list on the service, nor here; and it is no longer offered.
    expect((await client.listLists({ page: 1, perPage: 100 })).data.map((l) => l.name).sort()).toEqual([
      'Promoção',
      'VIP',
      'Zeta',
    ]);
    expect(
      value<ServiceListView[]>(await c.core.dispatch('sync:serviceLists', {})).map((l) => l.name),
    ).toEqual(['Zeta']);
    // A second click brings nothing new.
    const again = value<BroughtListView>(await c.core.dispatch('sync:bringList', { remoteId: promo.id }));
    expect(again.list.id).toBe(brought.list.id);
    expect(
      value<ListView[]>(await c.core.dispatch('lists:list', {}))
        .map((l) => l.name)
        .sort(),
    ).toEqual(['Promoção', 'vip']);
  });

  it('validates its input, and says when the list is gone or its name is taken here', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'bring-errors');
    const client = clientFor(sandbox.url, c.key);
    for (const input of [{}, { remoteId: '' }, { remoteId: '../x' }, { remoteId: 'a', extra: 1 }]) {
      const result = await c.core.dispatchUntrusted('sync:bringList', input);
      expect(result.ok ? 'ok' : result.error.code, JSON.stringify(input)).toBe('invalid_input');
    }
    const extra = await c.core.dispatchUntrusted('sync:serviceLists', { all: true });
    expect(extra.ok ? 'ok' : extra.error.code).toBe('invalid_input');

    const gone = await client.createList({ name: 'Antiga' });
    await client.deleteList(gone.id);
    const missing = await c.core.dispatch('sync:bringList', { remoteId: gone.id });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('not_found');

    const loja = await client.createList({ name: 'Loja' });
    value(await c.core.dispatch('lists:create', { name: 'LOJA' }));
    const taken = await c.core.dispatch('sync:bringList', { remoteId: loja.id });
    expect(taken.ok ? 'ok' : taken.error.code).toBe('invalid_input');
    expect(value<ListView[]>(await c.core.dispatch('lists:list', {}))).toHaveLength(1);
  });
});
