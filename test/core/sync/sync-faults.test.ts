import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSandbox } from '../../../src/sandbox/index';
import { newKey, useSandbox } from '../billing/billing-harness';
import { tempDir } from '../../support/temp-dir';
import { clientFor, enable, openLocal, phone, PROFILE, serviceView, sync } from './sync-harness';

/** A local list "VIP" with `count` contacts, synced. */
function vipWith(local: ReturnType<typeof openLocal>, count: number) {
  const vip = local.repo.createList(PROFILE, 'VIP');
  for (let i = 0; i < count; i++) {
    local.repo.create(PROFILE, { name: `Cliente ${i + 1}`, phone: phone(200 + i), listIds: [vip.id] });
  }
  enable(local, vip.id);
  return vip;
}

describe('sync when the service misbehaves (real sandbox faults, real SQLite)', () => {
  it('keeps changes made while the service is unreachable and sends them once it is back', async () => {
    const stateFile = join(tempDir(), 'sandbox.json');
    let sandbox = await startSandbox({ port: 0, seed: 3, dbFile: stateFile });
    const port = sandbox.port;
    onTestFinished(() => sandbox.close());
    const client = clientFor(sandbox.url, newKey('offline'));
    const local = openLocal();
    const vip = vipWith(local, 1);
    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 1 });

    await sandbox.close();
    local.repo.create(PROFILE, { name: 'Nova', phone: phone(300), listIds: [vip.id] });

    const offline = await sync(local, client);

    expect(offline).toMatchObject({ state: 'failed', error: { code: 'unreachable' } });
    expect(local.stores.lists.one(PROFILE, vip.id)?.error?.code).toBe('unreachable');
    expect(local.stores.queue.countsByList(PROFILE).get(vip.id)?.pending).toBe(1);

    // The service comes back (same address, same accounts).
    sandbox = await startSandbox({ port, seed: 3, dbFile: stateFile });
    const back = await sync(local, client);

    expect(back).toMatchObject({ state: 'done', pushed: 1, error: null });
    expect((await serviceView(client)).contact(phone(300))?.lists).toEqual(['VIP']);
    expect(local.stores.lists.one(PROFILE, vip.id)?.error).toBeNull();
    expect(local.stores.queue.hasPending(PROFILE)).toBe(false);
  });

  it('waits out a burst of 429s (Retry-After) instead of failing', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('429'));
    const local = openLocal();
    vipWith(local, 5);
    await sandbox.faults([{ route: 'POST /v1/contacts/store', fault: 'status', status: 429, count: 4 }]);

    const run = await sync(local, client);

    expect(run).toMatchObject({ state: 'done', pushed: 5, error: null });
    expect((await serviceView(client)).contacts).toHaveLength(5);
    // The progress said it was waiting, as the service asked (Retry-After: 1), then went on.
    expect(run.events.some((e) => e.waitingSeconds === 1)).toBe(true);
    expect(run.events.at(-1)).toMatchObject({ state: 'done', waitingSeconds: null });
  });

  it('does not create the list twice when the answer to its creation was lost', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('ambiguous'));
    const local = openLocal();
    vipWith(local, 2);
    // The service creates the list, then the connection drops before the answer.
    await sandbox.faults([{ route: 'POST /v1/lists/store', fault: 'drop-after-commit', count: 1 }]);

    const run = await sync(local, client);

    expect(run).toMatchObject({ state: 'done', pushed: 2 });
    const service = await serviceView(client);
    expect(service.listNames).toEqual(['VIP']);
    expect(service.contacts.map((c) => c.lists.map((l) => l.name))).toEqual([['VIP'], ['VIP']]);
  });

  it('gives up after a few 5xx with a reason, keeping the changes for the next run', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('5xx'));
    const local = openLocal();
    const vip = vipWith(local, 2);
    await sandbox.faults([{ route: 'POST /v1/contacts/store', fault: 'status', status: 503, count: 50 }]);

    const run = await sync(local, client, { tunables: { maxAttempts: 3 } });

    expect(run).toMatchObject({ state: 'failed', error: { code: 'gave_up' } });
    expect(run.error?.detail).toMatch(/3 tries.*503/);
    expect(local.stores.lists.one(PROFILE, vip.id)?.error).toMatchObject({ code: 'gave_up' });
    expect(local.stores.queue.countsByList(PROFILE).get(vip.id)?.pending).toBe(2);

    await sandbox.clearFaults();
    expect(await sync(local, client)).toMatchObject({ state: 'done', pushed: 2 });
    expect(local.stores.lists.one(PROFILE, vip.id)?.error).toBeNull();
  });

  it('stops when cancelled, and the next run sends what was left', async () => {
    const sandbox = await useSandbox();
    const client = clientFor(sandbox.url, newKey('cancel'));
    const local = openLocal();
    vipWith(local, 6);
    const controller = new AbortController();
    let stores = 0;

    const cancelled = await sync(local, client, {
      signal: controller.signal,
      tunables: { concurrency: 1 },
      call: async (fn) => {
        const result = await fn(client);
        // The user presses Cancel right after the second contact went out.
        if (typeof result === 'string' && ++stores === 2) controller.abort();
        return result;
      },
    });

    expect(cancelled).toMatchObject({ state: 'cancelled', error: null });
    expect(cancelled.events.at(-1)?.state).toBe('cancelled');
    const sent = (await serviceView(client)).contacts.length;
    expect(sent).toBeLessThan(6);
    expect(await sync(local, client)).toMatchObject({ state: 'done' });
    expect((await serviceView(client)).contacts).toHaveLength(6);
  });
});
