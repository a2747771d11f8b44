/** Sends, a send's summary and its numbers: read from a real sandbox, kept in SQLite, read offline. */
import { describe, expect, it } from 'vitest';
import type { SendDetailView, SendNumbersPageView, SendsPageView } from '@shared/dto/history';
import {
  ALWAYS_DELIVERED,
  FAILS_INVALID,
  FAILS_UNDELIVERED,
  bulkSend,
  phones,
  serviceClient,
  signedIn,
  startCore,
  useSandbox,
  value,
} from './history-harness';

describe('send history', () => {
  it('lists sends newest first, then follows one from in progress to done, number by number', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'hist');
    const client = serviceClient(sandbox.url, c.key);
    const first = await bulkSend(
      client,
      phones(3).map((phone) => ({ phone })),
    );
    const second = await bulkSend(client, [
      { phone: FAILS_INVALID },
      { phone: ALWAYS_DELIVERED },
      { phone: FAILS_UNDELIVERED },
      { phone: '+5511987651111' },
    ]);

    const list = value<SendsPageView>(await c.core.dispatch('history:sends', {}));
    expect(list).toMatchObject({ page: 1, total: 2, lastPage: 1, stale: false });
    expect(list.sends.map((s) => [s.id, s.quantity])).toEqual([
      [second, 4],
      [first, 3],
    ]);
    // Not opened yet: the list knows the status, not the counts; no campaign sent these.
    expect(list.sends[0]).toMatchObject({ status: 'queued', counts: null, campaign: null });

    const before = value<SendDetailView>(await c.core.dispatch('history:send', { id: second }));
    expect(before.counts).toEqual({ total: 4, delivered: 0, failed: 0, inProgress: 4, done: false });
    expect(before).toMatchObject({ id: second, quantity: 4, stale: false, cost: 0.36, segments: 4 });
    const queued = value<SendNumbersPageView>(await c.core.dispatch('history:numbers', { id: second }));
    expect(queued.rows.map((r) => [r.phone, r.outcome])).toEqual([
      [FAILS_INVALID, 'in_progress'],
      [ALWAYS_DELIVERED, 'in_progress'],
      [FAILS_UNDELIVERED, 'in_progress'],
      ['+5511987651111', 'in_progress'],
    ]);

    sandbox.advanceClock(10_000);
    const after = value<SendDetailView>(await c.core.dispatch('history:send', { id: second }));
    expect(after.counts).toMatchObject({ total: 4, failed: 2, inProgress: 0, done: true });
    expect(after.counts.delivered).toBe(2);

    const failed = value<SendNumbersPageView>(
      await c.core.dispatch('history:numbers', { id: second, status: 'failed' }),
    );
    expect(failed).toMatchObject({ total: 2, status: 'failed', lastPage: 1 });
    expect(failed.rows.map((r) => [r.phone, r.status, r.code])).toEqual([
      [FAILS_INVALID, 'failed', 'invalid_number'],
      [FAILS_UNDELIVERED, 'failed', 'undelivered'],
    ]);
    const delivered = value<SendNumbersPageView>(
      await c.core.dispatch('history:numbers', { id: second, status: 'delivered', perPage: 1, page: 1 }),
    );
    expect(delivered).toMatchObject({ total: 2, perPage: 1, lastPage: 2 });
    expect(delivered.rows.map((r) => r.phone)).toEqual([ALWAYS_DELIVERED]);
    const page2 = value<SendNumbersPageView>(
      await c.core.dispatch('history:numbers', { id: second, status: 'delivered', perPage: 1, page: 2 }),
    );
    expect(page2.rows.map((r) => r.phone)).toEqual(['+5511987651111']);

    // The list shows what was read of the opened send.
    const again = value<SendsPageView>(await c.core.dispatch('history:sends', { page: 1 }));
    expect(again.sends[0]).toMatchObject({
      id: second,
      status: 'completed',
      counts: { done: true, failed: 2 },
    });
  });

  it('names the contact a number belongs to', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'hist');
    value(await c.core.dispatch('contacts:create', { name: 'Conceição Araújo', phone: '(11) 98765-0001' }));
    const id = await bulkSend(
      serviceClient(sandbox.url, c.key),
      phones(2).map((phone) => ({ phone })),
    );
    const numbers = value<SendNumbersPageView>(await c.core.dispatch('history:numbers', { id }));
    expect(numbers.rows.map((r) => [r.phone, r.contactName, r.reference])).toEqual([
      ['+5511987650001', 'Conceição Araújo', null],
      ['+5511987650002', null, null],
    ]);
  });

  it('reads everything it kept after the service is gone, marked stale; a done send is final', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'hist');
    const client = serviceClient(sandbox.url, c.key);
    const done = await bulkSend(client, [{ phone: ALWAYS_DELIVERED }, { phone: FAILS_INVALID }]);
    sandbox.advanceClock(10_000);
    const moving = await bulkSend(
      client,
      phones(3).map((phone) => ({ phone })),
    );
    const never = await bulkSend(
      client,
      phones(1, 50).map((phone) => ({ phone })),
    );
    value(await c.core.dispatch('history:sends', {}));
    const doneOnline = value<SendDetailView>(await c.core.dispatch('history:send', { id: done }));
    expect(doneOnline.counts.done).toBe(true);
    value(await c.core.dispatch('history:send', { id: moving }));

    await sandbox.sb.close();

    const list = value<SendsPageView>(await c.core.dispatch('history:sends', { page: 1 }));
    expect(list).toMatchObject({ stale: true, total: 3, lastPage: 1 });
    expect(list.sends.map((s) => s.id)).toEqual([never, moving, done]);
    expect(Date.parse(list.fetchedAt)).toBeLessThanOrEqual(Date.now());

    const stale = value<SendDetailView>(await c.core.dispatch('history:send', { id: moving }));
    expect(stale).toMatchObject({ stale: true, counts: { inProgress: 3, done: false } });
    const staleNumbers = value<SendNumbersPageView>(await c.core.dispatch('history:numbers', { id: moving }));
    expect(staleNumbers).toMatchObject({ stale: true, total: 3 });

    // Done is final: served from the copy as it is, without asking the service.
    const final = value<SendDetailView>(await c.core.dispatch('history:send', { id: done }));
    expect(final).toEqual(doneOnline);

    // Never opened and the service is gone: nothing to show, said plainly.
    const missing = await c.core.dispatch('history:send', { id: never });
    expect(missing).toMatchObject({ ok: false, error: { code: 'network_error' } });

    // A restart offline (no network call at start) reads the same copy.
    await c.close();
    const restarted = await startCore({ dataDir: c.dataDir, store: c.store });
    const reopened = value<SendNumbersPageView>(
      await restarted.core.dispatch('history:numbers', { id: done, status: 'failed' }),
    );
    expect(reopened.rows.map((r) => [r.phone, r.code])).toEqual([[FAILS_INVALID, 'invalid_number']]);
  });

  it('checks its input and keeps accounts apart', async () => {
    const sandbox = await useSandbox();
    const a = await signedIn(sandbox, 'hist');
    const id = await bulkSend(
      serviceClient(sandbox.url, a.key),
      phones(1).map((phone) => ({ phone })),
    );
    expect(await a.core.dispatchUntrusted('history:numbers', { id, status: 'lost' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await a.core.dispatch('history:sends', { page: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await a.core.dispatch('history:send', { id: '../x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    // Another account's send is not found at the service.
    const b = await signedIn(sandbox, 'other');
    expect(await b.core.dispatch('history:send', { id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('forgets the kept sends when the user signs out deleting local data', async () => {
    const sandbox = await useSandbox();
    const c = await signedIn(sandbox, 'hist');
    const id = await bulkSend(
      serviceClient(sandbox.url, c.key),
      phones(1).map((phone) => ({ phone })),
    );
    value(await c.core.dispatch('history:send', { id }));
    value(await c.core.dispatch('session:signOut', { deleteLocalData: true }));
    value(await c.core.dispatch('session:signIn', { accountKey: c.key, baseUrl: sandbox.url }));
    await sandbox.sb.close();
    expect(await c.core.dispatch('history:send', { id })).toMatchObject({
      ok: false,
      error: { code: 'network_error' },
    });
  });
});
