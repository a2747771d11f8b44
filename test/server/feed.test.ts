/**
 * The events feed on a real Postgres: each event handed to each computer
 * until it acknowledges, then never again; a computer offline during a burst
 * gets each event once later; two server instances (each its own pool) on
 * one database hand out disjoint pages.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_PATHS, eventsOutput, type EventsOutput, type PairOutput } from '@shared/server-contract/v1';
import { webhookEvent } from '@shared/webhook/events';
import { buildApp } from '../../src/server/http/app';
import { usePostgres } from './support/postgres';
import {
  pairDevice,
  pairedWithSecret,
  postHook,
  replyBody,
  testClock,
  testServer,
  type TestServer,
} from './support/server-app';

const pg = usePostgres();

async function ready(holdMs = 60_000) {
  const clock = testClock();
  const url = await pg.newDatabase();
  const s = await testServer(pg.poolOf(url), { now: clock.now, holdMs });
  const device = await pairedWithSecret(s, clock.now());
  return { s, clock, device, url };
}

async function page(s: TestServer, device: PairOutput, query = ''): Promise<EventsOutput> {
  const res = await s.app.inject({
    method: 'GET',
    url: `${SERVER_PATHS.events}${query}`,
    headers: { authorization: `Bearer ${device.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return eventsOutput.parse(res.json());
}

async function ack(s: TestServer, device: PairOutput, cursor: string): Promise<number> {
  const res = await s.app.inject({
    method: 'POST',
    url: SERVER_PATHS.ack,
    headers: { authorization: `Bearer ${device.token}` },
    payload: { cursor },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ acknowledged: number }>().acknowledged;
}

/** Reads the whole feed, a page at a time, acknowledging each: the event ids in the order handed out. */
async function drain(s: TestServer, device: PairOutput, limit = 7): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const p = await page(s, device, `?limit=${limit}`);
    if (!p.cursor) return ids;
    ids.push(...p.events.map((e) => e.id));
    await ack(s, device, p.cursor);
  }
}

describe('the events feed', () => {
  it('hands events in order with a cursor; acknowledged, they never come again', async () => {
    const { s, clock, device } = await ready();
    const ids = Array.from({ length: 5 }, (_, i) => `evt_feed_${i}`);
    for (const id of ids) expect((await postHook(s, replyBody(clock.now(), id))).statusCode).toBe(200);
    const first = await page(s, device, '?limit=3');
    expect(first.events.map((e) => e.id)).toEqual(ids.slice(0, 3));
    expect(first.cursor).not.toBeNull();
    const body = webhookEvent.parse(first.events[0]!.body);
    expect(body).toMatchObject({ id: ids[0], event: 'sms.reply', data: { message: 'Oi, tem em azul?' } });
    // The next request, acknowledging the first page through `after`, gets the rest.
    const second = await page(s, device, `?limit=3&after=${first.cursor}`);
    expect(second.events.map((e) => e.id)).toEqual(ids.slice(3));
    expect(await ack(s, device, second.cursor!)).toBe(2);
    expect(await ack(s, device, second.cursor!)).toBe(0);
    expect(await page(s, device)).toEqual({ events: [], cursor: null });
  });

  it('a page not acknowledged comes back after its hold, not before', async () => {
    const { s, clock, device } = await ready(30_000);
    await postHook(s, replyBody(clock.now(), 'evt_held'));
    const first = await page(s, device);
    expect(first.events.map((e) => e.id)).toEqual(['evt_held']);
    expect((await page(s, device)).events).toEqual([]);
    clock.advance(30_001);
    const again = await page(s, device);
    expect(again.events.map((e) => e.id)).toEqual(['evt_held']);
    expect(again.cursor).not.toBe(first.cursor);
    await ack(s, device, again.cursor!);
    clock.advance(60_000);
    expect((await page(s, device)).events).toEqual([]);
  });

  it('each computer gets each event once; one offline during a burst gets them all later; a computer paired later gets what is kept', async () => {
    const { s, clock, device } = await ready();
    const offline = await pairDevice(s, clock.now(), 'Notebook');
    const ids = Array.from({ length: 60 }, (_, i) => `evt_burst_${i}`);
    await Promise.all(ids.map((id) => postHook(s, replyBody(clock.now(), id))));
    await Promise.all(ids.slice(0, 10).map((id) => postHook(s, replyBody(clock.now(), id))));
    const online = await drain(s, device);
    expect([...online].sort()).toEqual([...ids].sort());
    expect(new Set(online).size).toBe(online.length);
    const later = await drain(s, offline, 25);
    expect([...later].sort()).toEqual([...ids].sort());
    const newcomer = await pairDevice(s, clock.now(), 'Agência');
    expect((await drain(s, newcomer, 100)).sort()).toEqual([...ids].sort());
    expect(await drain(s, device)).toEqual([]);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    const { s, device } = await ready();
    for (const q of ['?limit=0', '?limit=501', '?limit=abc', `?after=${'c'.repeat(201)}`]) {
      const res = await s.app.inject({
        method: 'GET',
        url: SERVER_PATHS.events + q,
        headers: { authorization: `Bearer ${device.token}` },
      });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('two server instances, each with its own pool, on one database: pages claimed in the database, never the same event twice', async () => {
    const { s, clock, device, url } = await ready();
    const ids = Array.from({ length: 200 }, (_, i) => `evt_two_${i}`);
    for (let i = 0; i < ids.length; i += 50) {
      await Promise.all(ids.slice(i, i + 50).map((id) => postHook(s, replyBody(clock.now(), id))));
    }
    const otherPool = pg.poolOf(url);
    const other = await buildApp({ pool: otherPool, now: clock.now, limits: { api: 100_000 } });
    const t: TestServer = { ...s, app: other, pool: otherPool };
    try {
      const seen: string[] = [];
      // Both instances pull for the same computer at the same time, acknowledging as they go.
      await Promise.all(
        [s, t, s, t].map(async (server) => {
          for (;;) {
            const p = await page(server, device, '?limit=9');
            if (!p.cursor) return;
            seen.push(...p.events.map((e) => e.id));
            await ack(server, device, p.cursor);
          }
        }),
      );
      expect(seen).toHaveLength(ids.length);
      expect([...seen].sort()).toEqual([...ids].sort());
    } finally {
      await other.close();
    }
  });
});
