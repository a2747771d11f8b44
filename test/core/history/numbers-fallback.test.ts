/**
 * A service whose `/show` leaves the phones out (as one might for a large
 * send): the numbers are read through `/numbers`, page by page. The sandbox
 * always lists them, so a local proxy strips them on the way (the only
 * stand-in here, named so).
 */
import { describe, expect, it } from 'vitest';
import type { SendDetailView, SendNumbersPageView } from '@shared/dto/history';
import { json, startStub } from '../api/stub-server';
import {
  FAILS_INVALID,
  bulkSend,
  newKey,
  phones,
  serviceClient,
  startCore,
  useSandbox,
  value,
} from './history-harness';

describe('numbers of a send whose /show has no phones (through a proxy that strips them)', () => {
  it('reads every number from /numbers pages instead', async () => {
    const sandbox = await useSandbox();
    const proxy = await startStub(async (req, res) => {
      const upstream = await fetch(`${sandbox.url}${req.path}`, {
        method: req.method,
        headers: {
          ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
          ...(req.headers['smsgo-key'] ? { 'smsgo-key': String(req.headers['smsgo-key']) } : {}),
        },
      });
      const body = (await upstream.json()) as Record<string, unknown>;
      if (/^\/v1\/sms\/[^/]+\/show$/.test(req.path)) body.phones = [];
      json(res, upstream.status, body);
    });
    const key = newKey('fallback');
    const c = await startCore();
    value(await c.core.dispatch('session:signIn', { accountKey: key, baseUrl: proxy.url }));
    // 45 numbers: three pages of the service's 20.
    const numbers = [FAILS_INVALID, ...phones(44)];
    const id = await bulkSend(
      serviceClient(sandbox.url, key),
      numbers.map((phone) => ({ phone })),
    );
    sandbox.advanceClock(10_000);

    const detail = value<SendDetailView>(await c.core.dispatch('history:send', { id }));
    expect(detail.counts).toMatchObject({ total: 45, done: true });
    const pages = proxy.requests.filter((r) => r.path.startsWith(`/v1/sms/${id}/numbers`)).map((r) => r.path);
    expect(pages).toEqual([1, 2, 3].map((p) => `/v1/sms/${id}/numbers?page=${p}`));

    const all = value<SendNumbersPageView>(await c.core.dispatch('history:numbers', { id, perPage: 100 }));
    expect(all.rows.map((r) => r.phone)).toEqual(numbers);
    const failed = value<SendNumbersPageView>(
      await c.core.dispatch('history:numbers', { id, status: 'failed' }),
    );
    expect(failed.total).toBe(detail.counts.failed);
    expect(failed.rows[0]).toMatchObject({ phone: FAILS_INVALID, code: 'invalid_number' });
  });
});
