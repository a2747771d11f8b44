/**
 * GENERATED from the answers the client reads (sdk-answers.ts): for each,
 * every key of the documented shape is left out in turn, then sent null (Go
 * reads a null as its zero value, PHP as its default), then every key not in
 * STRICT_KEYS is left out at once (the SDK-minimal shape). Through the real
 * client against a stand-in service answering exactly that body:
 *  - a key not in STRICT_KEYS reads as the SDKs default it (sdk-answers.ts);
 *  - a STRICT key is refused with invalid_response (wire-schemas.ts says which
 *    decision depends on it).
 * Then the wrappers: `meta` `{}`, `{total}` or absent, `data` absent; and the
 * bodies that are not objects (a purchase's empty 200, a bare uuid as text, a
 * delete's 204).
 */
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/index';
import { STRICT_KEYS, strictPart } from '@core/api/wire-strict';
import { SDK_ANSWERS, SEND_ID, type SdkAnswer } from './sdk-answers';
import { KEY, TOKEN, page } from './stand-in-service';
import { json, startStub, type StubServer } from './stub-server';

type Answer = { status: number; body?: unknown; text?: string };

/** A stand-in answering the token and then, on `route`, whatever `answer` holds at the time. */
async function standIn(route: string, answer: { current: Answer }): Promise<StubServer> {
  return startStub((req, res) => {
    const name = `${req.method} ${req.path.split('?')[0]}`;
    const a: Answer =
      name === route
        ? answer.current
        : name === 'GET /v1/auth/token'
          ? { status: 200, body: { token: TOKEN, mode: 'test' } }
          : { status: 404, body: { code: 'not_found', message: 'No route.' } };
    if (a.text !== undefined) {
      res.writeHead(a.status, { 'content-type': 'text/plain' });
      res.end(a.text);
    } else json(res, a.status, a.body);
  });
}

const strictOf = (a: SdkAnswer): readonly string[] => STRICT_KEYS[a.name];

async function outcome(a: SdkAnswer, stub: StubServer) {
  const client = createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });
  return a.read(client).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error as { code?: string } }),
  );
}

describe('every answer the client reads, each key left out or null in turn (generated)', () => {
  for (const a of SDK_ANSWERS) {
    it(`${a.name} (${a.route})`, async () => {
      const answer = { current: { status: 200, body: a.body(a.sample) } as Answer };
      const stub = await standIn(a.route, answer);
      const documented = await outcome(a, stub);
      expect(documented.ok, `${a.name}: the documented shape is read`).toBe(true);

      // Every key not strict has an SDK default written down: the table cannot skip one.
      const lenient = Object.keys(a.sample).filter((k) => !strictOf(a).includes(k));
      expect(Object.keys(a.defaults).sort()).toEqual(lenient.sort());

      for (const key of Object.keys(a.sample)) {
        for (const variant of ['missing', 'null'] as const) {
          const object = { ...a.sample };
          if (variant === 'missing') delete object[key];
          else object[key] = null;
          answer.current = { status: 200, body: a.body(object) };
          const read = await outcome(a, stub);
          const what = `${a.name}.${key} ${variant}`;
          if (strictOf(a).includes(key)) {
            expect(read.ok, `${what}: refused (a decision depends on it)`).toBe(false);
            if (!read.ok) expect(read.error.code, what).toBe('invalid_response');
          } else {
            expect(read.ok, `${what}: read as the SDKs read it`).toBe(true);
            if (read.ok) expect(read.value[key], what).toEqual(a.defaults[key]);
          }
        }
      }

      // The SDK-minimal shape: only the strict keys (and extra keys are ignored).
      answer.current = {
        status: 200,
        body: a.body({ ...(strictPart(a.name, a.sample) as object), extra: 1 }),
      };
      const minimal = await outcome(a, stub);
      expect(minimal.ok, `${a.name}: the minimal shape is read`).toBe(true);
      if (minimal.ok) {
        for (const [key, value] of Object.entries(a.defaults)) {
          if (!a.derived?.includes(key))
            expect(minimal.value[key], `${a.name}.${key} minimal`).toEqual(value);
        }
      }
    });
  }
});

describe('wrappers read as empty where the SDKs read them so', () => {
  const route = 'GET /v1/billing/invoices';
  const invoices = (answer: Answer) =>
    standIn(route, { current: answer }).then((stub) =>
      createSmsGoClient({ baseUrl: stub.url, accountKey: KEY }).invoices({ page: 2, perPage: 5 }),
    );
  const row = page([]).data;

  it('meta {} or absent: the page asked for, the rows seen, no page after it', async () => {
    for (const body of [
      { meta: {}, data: [{ uuid: 'i-1', total: 9 }] },
      { data: [{ uuid: 'i-1', total: 9 }] },
    ]) {
      const got = await invoices({ status: 200, body });
      expect(got.meta).toEqual({
        total: 6,
        perPage: 5,
        currentPage: 2,
        lastPage: 2,
        firstPage: 1,
        firstPageUrl: '',
        lastPageUrl: '',
        nextPageUrl: null,
        previousPageUrl: null,
      });
      expect(got.data.map((i) => i.uuid)).toEqual(['i-1']);
    }
  });

  it('meta {total: 0} and no data (the Go SDK’s own test): an empty page', async () => {
    const got = await invoices({ status: 200, body: { meta: { total: 0 } } });
    expect(got).toMatchObject({ meta: { total: 0, currentPage: 2 }, data: row });
  });

  it('{} for a catalogue: no SMS types, no packages, no cards', async () => {
    for (const [r, call] of [
      ['GET /v1/sms-types', (c: ReturnType<typeof createSmsGoClient>) => c.smsTypes()],
      ['GET /v1/billing/plans', (c: ReturnType<typeof createSmsGoClient>) => c.plans()],
      ['GET /v1/billing/cards', (c: ReturnType<typeof createSmsGoClient>) => c.cards()],
    ] as const) {
      const stub = await standIn(r, { current: { status: 200, body: {} } });
      await expect(call(createSmsGoClient({ baseUrl: stub.url, accountKey: KEY }))).resolves.toEqual([]);
    }
  });
});

describe('bodies that are not objects', () => {
  const client = (stub: StubServer) => createSmsGoClient({ baseUrl: stub.url, accountKey: KEY });

  it('a purchase answered 200 with an empty body, {}, text, or total as text: an order taken', async () => {
    const rows: [Answer, Record<string, unknown>][] = [
      [{ status: 200 }, { status: 'processing', invoiceUuid: null, total: null }],
      [
        { status: 200, body: {} },
        { status: 'processing', invoiceUuid: null },
      ],
      [
        { status: 201, text: 'OK' },
        { status: 'processing', invoiceUuid: null },
      ],
      [
        { status: 200, body: { status: 'succeeded', invoiceUuid: 'inv-1', total: '90.00' } },
        { status: 'succeeded', invoiceUuid: 'inv-1', total: 90, paymentIntentId: null },
      ],
    ];
    for (const [answer, expected] of rows) {
      const stub = await standIn('POST /v1/billing/purchase', { current: answer });
      await expect(client(stub).purchase({ quantity: 1000 })).resolves.toMatchObject(expected);
    }
  });

  it('a contact created or updated answered with the uuid: a JSON string, bare text, or {id}', async () => {
    for (const answer of [
      { status: 200, body: 'c0ffee00-0000-4000-8000-000000000003' },
      { status: 200, text: 'c0ffee00-0000-4000-8000-000000000003' },
      { status: 201, body: { id: 'c0ffee00-0000-4000-8000-000000000003' } },
    ]) {
      const stub = await standIn('PUT /v1/contacts/c-1/update', { current: answer });
      await expect(
        client(stub).updateContact('c-1', { full_name: 'Ana', phone: '+5511999990000' }),
      ).resolves.toBe('c0ffee00-0000-4000-8000-000000000003');
    }
    // Without an id there is nothing to link the contact with.
    for (const answer of [{ status: 200, body: {} }, { status: 200 }]) {
      const stub = await standIn('PUT /v1/contacts/c-1/update', { current: answer });
      await expect(
        client(stub).updateContact('c-1', { full_name: 'Ana', phone: '+5511999990000' }),
      ).rejects.toMatchObject({ code: 'invalid_response' });
    }
  });

  it('a delete answered 204, an empty 200, {} or {message}: done', async () => {
    for (const answer of [
      { status: 204 },
      { status: 200 },
      { status: 200, body: {} },
      { status: 200, body: { message: 'ok' } },
    ]) {
      const stub = await standIn('DELETE /v1/lists/l-1/delete', { current: answer });
      await expect(client(stub).deleteList('l-1')).resolves.toHaveProperty('message');
    }
  });

  it('a numeric token is read as text (Node and Python)', async () => {
    const stub = await startStub((req, res) =>
      req.path === '/v1/auth/token' ? json(res, 200, { token: 4815162342 }) : json(res, 200, { id: SEND_ID }),
    );
    const c = client(stub);
    await expect(c.exchangeKey()).resolves.toEqual({ mode: 'live' });
    await c.sendSingle({ phone: '+5511999990000', message: 'Oi' });
    expect(stub.requests.at(-1)!.headers.authorization).toBe('Bearer 4815162342');
  });
});
