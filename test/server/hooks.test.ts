/**
 * POST /hooks/smsgo/:id on a real Postgres: the signature (good, bad,
 * missing, stale), 64 KB, duplicates, hostile bodies never a 5xx, the rate
 * limit by source.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOOK_BODY_LIMIT, HOOK_MAX_SKEW_MS, SERVER_PATHS } from '@shared/server-contract/v1';
import { signWebhookBody } from '@shared/webhook/signature';
import { usePostgres } from './support/postgres';
import {
  SECRET,
  pairedWithSecret,
  postHook,
  replyBody,
  storedEvents,
  testClock,
  testServer,
  type TestServer,
} from './support/server-app';

const pg = usePostgres();

async function ready(options: Parameters<typeof testServer>[1] = {}) {
  const clock = testClock();
  const s = await testServer(await pg.newPool(), { now: clock.now, ...options });
  await pairedWithSecret(s, clock.now());
  return { s, clock };
}

const count = async (s: TestServer) => (await storedEvents(s.pool)).length;

describe('the hook: signature', () => {
  it('stores a well-signed event, committed before the 200, byte for byte', async () => {
    const { s, clock } = await ready();
    const body = replyBody(clock.now(), 'evt_good');
    const res = await postHook(s, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: true, duplicate: false });
    expect(await storedEvents(s.pool)).toEqual([{ event_id: 'evt_good', raw: body }]);
  });

  it('refuses a bad signature, another secret, a changed body and a missing header with 401, storing nothing', async () => {
    const { s, clock } = await ready();
    const body = replyBody(clock.now());
    const cases = [
      { signature: 'sha256=' + '0'.repeat(64) },
      { secret: 'whsec_someone_else' },
      { signature: await signWebhookBody(body + ' ', SECRET) },
      { signature: null },
      { signature: '' },
      { signature: (await signWebhookBody(body, SECRET)).replace('sha256=', 'sha1=') },
    ];
    for (const c of cases) {
      const res = await postHook(s, body, c);
      expect(res.statusCode, JSON.stringify(c)).toBe(401);
      expect(res.json().code).toBe('bad_signature');
    }
    expect(await count(s)).toBe(0);
  });

  it('refuses with 401 (no_webhook_secret) before a computer handed the secret over; 404 for an unknown hook', async () => {
    const clock = testClock();
    const s = await testServer(await pg.newPool(), { now: clock.now });
    const body = replyBody(clock.now());
    const res = await postHook(s, body);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('no_webhook_secret');
    const unknown = await s.app.inject({
      method: 'POST',
      url: SERVER_PATHS.hook('wnosuchshop'),
      headers: {
        'content-type': 'application/json',
        'x-smsgo-signature': await signWebhookBody(body, SECRET),
      },
      payload: body,
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await s.app.inject({ method: 'POST', url: '/hooks/smsgo/..%2F..', payload: body });
    expect(badId.statusCode).toBe(404);
    expect(await count(s)).toBe(0);
  });

  it('refuses a sentAt more than 5 minutes from its clock, either way, with 400 stale_event; 5 minutes exactly passes', async () => {
    const { s, clock } = await ready();
    const now = clock.now();
    for (const sentAt of [now - HOOK_MAX_SKEW_MS - 1, now + HOOK_MAX_SKEW_MS + 1, now - 3_600_000]) {
      const res = await postHook(s, replyBody(sentAt));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'stale_event', message: expect.any(String) });
    }
    expect(await count(s)).toBe(0);
    for (const sentAt of [now - HOOK_MAX_SKEW_MS, now + HOOK_MAX_SKEW_MS]) {
      expect((await postHook(s, replyBody(sentAt))).statusCode).toBe(200);
    }
    expect(await count(s)).toBe(2);
  });

  it('a stale event with a bad signature is a 401: the signature is checked first', async () => {
    const { s, clock } = await ready();
    const res = await postHook(s, replyBody(clock.now() - 3_600_000), { secret: 'whsec_wrong' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the hook: size, duplicates, shapes', () => {
  it('refuses a body over 64 KB with 413 and stores nothing; 64 KB exactly is read', async () => {
    const { s, clock } = await ready();
    const sized = (bytes: number) => {
      const base = replyBody(clock.now(), `evt_size_${bytes}`, '');
      return base.replace('"message":""', `"message":"${'a'.repeat(bytes - base.length)}"`);
    };
    const over = sized(HOOK_BODY_LIMIT + 1);
    expect(Buffer.byteLength(over)).toBe(HOOK_BODY_LIMIT + 1);
    const res = await postHook(s, over);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    const huge = await postHook(s, sized(5 * 1024 * 1024), { signature: 'sha256=' + '0'.repeat(64) });
    expect(huge.statusCode).toBe(413);
    expect(await count(s)).toBe(0);
    const exact = sized(HOOK_BODY_LIMIT);
    expect((await postHook(s, exact)).statusCode).toBe(200);
    expect(await count(s)).toBe(1);
  });

  it('stores each event once by its id: a duplicate answers 200 and changes nothing', async () => {
    const { s, clock } = await ready();
    const body = replyBody(clock.now(), 'evt_twice');
    expect((await postHook(s, body)).json()).toEqual({ stored: true, duplicate: false });
    const before = (await s.pool.query('SELECT * FROM events')).rows;
    // The same id again, even with another body (a retry signed anew), changes nothing.
    for (const again of [body, replyBody(clock.now() + 1000, 'evt_twice', 'outra coisa')]) {
      const res = await postHook(s, again);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ stored: false, duplicate: true });
    }
    expect((await s.pool.query('SELECT * FROM events')).rows).toEqual(before);
    const queued = await s.pool.query('SELECT count(*)::int AS n FROM device_events');
    expect(queued.rows[0].n).toBe(1);
  });

  it('keeps an event of a kind it does not know (the service may add some); refuses a known kind with a wrong shape', async () => {
    const { s, clock } = await ready();
    const sentAt = new Date(clock.now()).toISOString();
    const future = JSON.stringify({
      id: 'evt_new_kind',
      event: 'sms.optout',
      sentAt,
      test: false,
      data: { x: 1 },
    });
    expect((await postHook(s, future)).statusCode).toBe(200);
    const wrong = JSON.stringify({
      id: 'evt_bad_status',
      event: 'sms.status',
      sentAt,
      test: false,
      data: { sendId: 's', phone: '+55 11', status: 'lost' },
    });
    const res = await postHook(s, wrong);
    expect(res.statusCode).toBe(400);
    expect((await storedEvents(s.pool)).map((e) => e.event_id)).toEqual(['evt_new_kind']);
  });

  it('refuses hostile bodies, signed or not, with a 4xx and never a 5xx', async () => {
    const { s, clock } = await ready();
    const sentAt = new Date(clock.now()).toISOString();
    const good = JSON.parse(replyBody(clock.now())) as Record<string, unknown>;
    const hostile: string[] = [
      '',
      'null',
      '[]',
      '"text"',
      '{',
      '{"id":',
      'not json at all',
      '\u0000\u0001',
      JSON.stringify({ ...good, id: 42 }),
      JSON.stringify({ ...good, id: '' }),
      JSON.stringify({ ...good, id: 'evt_\u0000nul' }),
      JSON.stringify({ ...good, id: 'x'.repeat(10_000) }),
      JSON.stringify({ ...good, event: ['sms.reply'] }),
      JSON.stringify({ ...good, sentAt: 'yesterday' }),
      JSON.stringify({ ...good, sentAt: 12345 }),
      JSON.stringify({ ...good, sentAt: '99999-01-01T00:00:00Z' }),
      JSON.stringify({ ...good, data: null }),
      JSON.stringify({ ...good, data: 'x' }),
      JSON.stringify({ ...good, data: { fromPhone: 5511, message: {}, receivedAt: [] } }),
      JSON.stringify({ ...good, test: 'yes' }),
      '{"id":"evt_deep","event":"sms.reply","sentAt":"' +
        sentAt +
        '","data":' +
        '['.repeat(5000) +
        ']'.repeat(5000) +
        '}',
      '\uFEFF' + JSON.stringify(good),
    ];
    for (const body of hostile) {
      for (const signed of [true, false]) {
        const res = await postHook(s, body, signed ? {} : { signature: null });
        expect(res.statusCode, `${signed} ${body.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${signed} ${body.slice(0, 60)}`).toBeLessThan(500);
      }
    }
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await postHook(s, 'a=1', { contentType });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await count(s)).toBe(0);
    // A "__proto__" key is only a field: the event is kept (unknown fields are ignored) and nothing is polluted.
    const proto = JSON.stringify(good).replace('{', '{"__proto__":{"polluted":true},');
    expect((await postHook(s, proto)).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('fuzzed JSON and fuzzed events, signed: never a 5xx', async () => {
    const { s, clock } = await ready();
    const sentAt = new Date(clock.now()).toISOString();
    const eventLike = fc.record(
      {
        id: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null)),
        event: fc.oneof(fc.constantFrom('sms.reply', 'sms.status', 'link.click'), fc.string()),
        sentAt: fc.oneof(
          fc.constant(sentAt),
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        test: fc.oneof(fc.boolean(), fc.string()),
        data: fc.oneof(fc.object(), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          eventLike.map((e) => JSON.stringify(e)),
          fc.string(),
        ),
        async (body) => {
          const res = await postHook(s, body);
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('limits requests by source: over the limit, 429 rate_limited; another source has its own count', async () => {
    const { s, clock } = await ready({ limits: { hook: 5, api: 1000, pair: 10 }, trustProxy: true });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const post = async (ip: string) => {
      const body = replyBody(clock.now());
      return s.app.inject({
        method: 'POST',
        url: s.hookPath,
        headers: {
          'content-type': 'application/json',
          'x-smsgo-signature': await signWebhookBody(body, SECRET),
          ...from(ip),
        },
        payload: body,
      });
    };
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await post('203.0.113.7')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await post('203.0.113.7')).json().code).toBe('rate_limited');
    expect((await post('198.51.100.9')).statusCode).toBe(200);
    expect(await count(s)).toBe(6);
  });
});
