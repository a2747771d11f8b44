import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { ListView } from '@shared/dto';
import type { SyncListStatus, SyncRunResult, SyncStatusView } from '@shared/dto/sync';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { signedIn, startCore, useSandbox, value } from '../billing/billing-harness';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';
import { clientFor, phone, serviceView } from './sync-harness';

describe('sync channels (the real core, signed into a real sandbox)', () => {
  it('turns a list on, syncs it (joining the background run), and reports its state', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'sync');
    const list = value<ListView>(await c.core.dispatch('lists:create', { name: 'VIP' }));
    value(
      await c.core.dispatch('contacts:create', { name: 'Ana', phone: '(11) 98765-4321', listIds: [list.id] }),
    );

    const turnedOn = value<SyncListStatus>(
      await c.core.dispatch('sync:setList', { listId: list.id, enabled: true }),
    );
    expect(turnedOn).toMatchObject({ listId: list.id, enabled: true, pending: 1, syncedAt: null });
    // Turning a list on starts a sync in the background at once.
    expect(value<SyncStatusView>(await c.core.dispatch('sync:status', {})).running).toBe(true);

    const result = value<SyncRunResult>(await c.core.dispatch('sync:run', {}));

    expect(result).toMatchObject({ state: 'done', error: null });
    const status = value<SyncStatusView>(await c.core.dispatch('sync:status', {}));
    expect(status.running).toBe(false);
    expect(status.lists).toEqual([
      expect.objectContaining({
        listId: list.id,
        enabled: true,
        linked: true,
        pending: 0,
        error: null,
        syncedAt: expect.any(String),
      }),
    ]);
    expect((await serviceView(clientFor(sandbox.url, c.key))).contact('+5511987654321')?.lists).toEqual([
      'VIP',
    ]);
    expect(c.of('sync:progress').at(-1)).toMatchObject({ state: 'done' });

    // A local edit shows as pending until the next sync.
    value(await c.core.dispatch('contacts:create', { name: 'Bia', phone: phone(1), listIds: [list.id] }));
    expect(value<SyncStatusView>(await c.core.dispatch('sync:status', {})).lists[0]).toMatchObject({
      pending: 1,
    });

    // Off: nothing pending is shown, and nothing is deleted on the service.
    const off = value<SyncListStatus>(
      await c.core.dispatch('sync:setList', { listId: list.id, enabled: false }),
    );
    expect(off).toMatchObject({ enabled: false, pending: 0 });
    expect(value<SyncRunResult>(await c.core.dispatch('sync:run', {}))).toMatchObject({
      state: 'done',
      pushed: 0,
    });
    expect((await serviceView(clientFor(sandbox.url, c.key))).contacts).toHaveLength(1);
  });

  it('validates every input, and names an unknown list', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'input');
    const bad = [
      { listId: 'x', enabled: 'yes' },
      { listId: 'x', enabled: true, extra: 1 },
      { listId: '../etc', enabled: true },
      { enabled: true },
    ];
    for (const input of bad) {
      const result = await c.core.dispatchUntrusted('sync:setList', input);
      expect(result.ok ? 'ok' : result.error.code, JSON.stringify(input)).toBe('invalid_input');
    }
    const runExtra = await c.core.dispatchUntrusted('sync:run', { now: true });
    expect(runExtra.ok ? 'ok' : runExtra.error.code).toBe('invalid_input');
    const unknown = await c.core.dispatch('sync:setList', { listId: 'no-such-list', enabled: true });
    expect(unknown.ok ? 'ok' : unknown.error.code).toBe('not_found');
  });

  it('refuses to sync when nobody is signed in', async () => {
    const c = await startCore();
    for (const channel of ['sync:status', 'sync:run', 'sync:cancel'] as const) {
      const result = await c.core.dispatch(channel, {});
      expect(result.ok ? 'ok' : result.error.code, channel).toBe('not_signed_in');
    }
  });

  it('forgets the sync state with the local data at sign-out', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'wipe');
    const list = value<ListView>(await c.core.dispatch('lists:create', { name: 'VIP' }));
    value(await c.core.dispatch('contacts:create', { name: 'Ana', phone: phone(2), listIds: [list.id] }));
    value(await c.core.dispatch('sync:setList', { listId: list.id, enabled: true }));
    value(await c.core.dispatch('sync:run', {}));

    value(await c.core.dispatch('session:signOut', { deleteLocalData: true }));

    const file = new Sqlite(`${c.dataDir}/torpedo.db`, { readonly: true });
    try {
      for (const table of ['sync_lists', 'sync_contacts', 'sync_queue']) {
        expect(file.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0);
      }
    } finally {
      file.close();
    }
  });

  it('does no background work in a local-only core (the CLI)', async () => {
    const dataDir = tempDir();
    const core = await createCore({
      dataDir,
      host: createRecordingHost('en-US'),
      secretStore: createMemorySecretStore(),
      localOnly: true,
    });
    try {
      const list = value<ListView>(await core.dispatch('lists:create', { name: 'VIP' }));
      value(await core.dispatch('contacts:create', { name: 'Ana', phone: phone(3), listIds: [list.id] }));
      expect(
        value<SyncListStatus>(await core.dispatch('sync:setList', { listId: list.id, enabled: true })),
      ).toMatchObject({
        enabled: true,
        pending: 1,
      });
      expect(value<SyncStatusView>(await core.dispatch('sync:status', {})).running).toBe(false);
      const run = await core.dispatch('sync:run', {});
      expect(run.ok ? 'ok' : run.error.code).toBe('not_signed_in');
    } finally {
      await core.close();
    }
  });
});
