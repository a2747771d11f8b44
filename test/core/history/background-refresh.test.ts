/**
 * The background refresh of sends still in progress, on a real core and
 * sandbox. Only the refresh timer is faked (setInterval), so a test does not
 * wait its 15 s: every HTTP call and database write is real.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore } from '@core/kernel/create-core';
import { HISTORY_TIMINGS } from '@core/history/history-module';
import type { SendDetailView, SendNumbersPageView } from '@shared/dto/history';
import { calls, startCountingProxy } from '../api/stub-server';
import { tempDir } from '../../support/temp-dir';
import { createRecordingHost } from '../../support/test-host';
import {
  ALWAYS_DELIVERED,
  FAILS_INVALID,
  bulkSend,
  eventually,
  insertCampaign,
  newKey,
  openCoreDb,
  phones,
  reference,
  serviceClient,
  startCore,
  useSandbox,
  value,
} from './history-harness';

afterEach(() => {
  vi.useRealTimers();
});

const shows = (proxy: Awaited<ReturnType<typeof startCountingProxy>>) =>
  calls(proxy).filter((c) => /^GET \/v1\/sms\/[^/]+\/show$/.test(c));

describe('background refresh', () => {
  it('reads opened and campaign sends until done, tells the views, then stops asking', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sandbox = await useSandbox();
    const proxy = await startCountingProxy(sandbox.url);
    const key = newKey('bg');
    const c = await startCore();
    value(await c.core.dispatch('session:signIn', { accountKey: key, baseUrl: proxy.url }));
    const client = serviceClient(sandbox.url, key);

    const opened = await bulkSend(client, [{ phone: FAILS_INVALID }, { phone: ALWAYS_DELIVERED }]);
    const campaignPhones = phones(2);
    const ofCampaign = await bulkSend(
      client,
      campaignPhones.map((phone, i) => ({ phone, reference: reference('bg1', 0, i) })),
    );
    const notFollowed = await bulkSend(
      client,
      phones(1, 9).map((phone) => ({ phone })),
    );
    value(await c.core.dispatch('history:sends', {}));
    expect(value<SendDetailView>(await c.core.dispatch('history:send', { id: opened })).counts.done).toBe(
      false,
    );
    insertCampaign(openCoreDb(c.dataDir), { id: 'camp-bg', ref: 'bg1', name: 'Fundo' }, [
      {
        state: 'accepted',
        sendId: ofCampaign,
        messages: campaignPhones.map((phone) => ({ phone, message: 'Oi' })),
      },
    ]);

    // The followed sends are read: the one opened, and the campaign's (read for the first time).
    proxy.requests.length = 0;
    vi.advanceTimersByTime(HISTORY_TIMINGS.backgroundEveryMs);
    await eventually(() => expect(shows(proxy)).toHaveLength(2));
    expect(shows(proxy).sort()).toEqual(
      [`GET /v1/sms/${ofCampaign}/show`, `GET /v1/sms/${opened}/show`].sort(),
    );
    // A send read for the first time is news: the round ends by saying so.
    await eventually(() => expect(c.of('history:updated')[0]?.sendIds).toContain(ofCampaign));

    sandbox.advanceClock(10_000);
    vi.advanceTimersByTime(HISTORY_TIMINGS.backgroundEveryMs);
    // Each round that stored something new said so (how many rounds it took depends on the clock).
    await eventually(() => {
      const events = c.of('history:updated');
      expect(new Set(events.flatMap((e) => e.sendIds))).toEqual(new Set([opened, ofCampaign]));
      expect(new Set(events.flatMap((e) => e.campaignIds))).toEqual(new Set(['camp-bg']));
      expect(shows(proxy).filter((s) => s.includes(opened)).length).toBeGreaterThanOrEqual(2);
    });
    const eventsBefore = c.of('history:updated').length;
    // The views read the kept copy the refresh wrote.
    const failed = value<SendNumbersPageView>(
      await c.core.dispatch('history:numbers', { id: opened, status: 'failed' }),
    );
    expect(failed.rows.map((r) => [r.phone, r.code])).toEqual([[FAILS_INVALID, 'invalid_number']]);
    expect(shows(proxy).filter((s) => s.includes(notFollowed))).toEqual([]);

    // Everything followed is done: a round asks nothing.
    proxy.requests.length = 0;
    vi.advanceTimersByTime(HISTORY_TIMINGS.backgroundEveryMs);
    const detail = value<SendDetailView>(await c.core.dispatch('history:send', { id: opened }));
    expect(detail.counts.done).toBe(true);
    // A request of its own after the round: anything the round had asked would be seen by now.
    value(await c.core.dispatch('history:sends', {}));
    expect(calls(proxy)).toEqual(['GET /v1/sms/list?page=1']);
    expect(c.of('history:updated')).toHaveLength(eventsBefore);
  });

  it('starts no timer in a local-only core (the CLI), and leaves none behind when the core closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const before = vi.getTimerCount();
    const local = await createCore({
      dataDir: tempDir(),
      host: createRecordingHost(),
      localOnly: true,
      secretStore: null,
    });
    expect(vi.getTimerCount()).toBe(before);
    await local.close();

    const app = await startCore();
    expect(vi.getTimerCount()).toBeGreaterThan(before);
    await app.close();
    expect(vi.getTimerCount()).toBe(before);
  });
});
