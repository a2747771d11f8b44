/* eslint-disable @typescript-eslint/no-explicit-any -- wire bodies are checked field by field */
/**
 * Conformance of the sandbox to the wire facts, written as an independent
 * client would: plain fetch, paths and field lists transcribed from
 * `shared/spec/service-wire-facts.md` and `messaging-service-interface.md`,
 * with no use of the app's client, wire constants or zod schemas.
 *
 * Every response body is checked for its exact key set, the types the spec
 * gives, nullability and casing. Sandbox-only behaviour (magic cards, the
 * fault and clock admin routes, the purchase rate limit of 5 per 60 s) comes
 * from `src/sandbox/README.md` and is used only to provoke the statuses the
 * spec lists.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index';

// ---------------------------------------------------------------------------
// Transcribed from the spec
// ---------------------------------------------------------------------------

const META_KEYS = [
  'total',
  'perPage',
  'currentPage',
  'lastPage',
  'firstPage',
  'firstPageUrl',
  'lastPageUrl',
  'nextPageUrl',
  'previousPageUrl',
];
const SEND_RESULT_KEYS = ['id', 'quantity', 'status', 'test'];
const SEND_LIST_ITEM_KEYS = ['id', 'number', 'date', 'quantity', 'full_name', 'created_at', 'status', 'type'];
const SEND_DETAIL_KEYS = [
  'id',
  'quantity',
  'characters',
  'date',
  'total',
  'cost',
  'user',
  'status',
  'type',
  'summary',
  'phones',
];
const SUMMARY_KEYS = ['total', 'delivered', 'failed', 'inProgress', 'done'];
const SEND_NUMBER_DETAIL_KEYS = [
  'id',
  'characters',
  'code',
  'cost',
  'message',
  'phone',
  'status',
  'template',
  'created_at',
];
const SEND_NUMBER_ITEM_KEYS = ['id', 'phone', 'code', 'status', 'created_at'];
const SMS_TYPE_KEYS = ['id', 'name', 'price', 'sale'];
const BALANCE_KEYS = ['balance', 'currency', 'company'];
const COMPANY_KEYS = ['name', 'document'];
const AUTO_RECHARGE_KEYS = [
  'enabled',
  'threshold',
  'planQuantity',
  'cardId',
  'alertEnabled',
  'alertThreshold',
];
const WEBHOOK_KEYS = ['url', 'secret'];
const PLAN_KEYS = ['id', 'quantity', 'price', 'sale', 'unit', 'total', 'popular'];
const CARD_KEYS = ['id', 'number', 'name', 'alias', 'validate', 'flag', 'default'];
const INVOICE_KEYS = ['uuid', 'total', 'date', 'expiry', 'displayId', 'status', 'card'];
const INVOICE_STATUS_KEYS = ['code', 'name', 'icon', 'color'];
const INVOICE_CARD_KEYS = ['code', 'name'];
const PURCHASE_RESULT_KEYS = ['status', 'invoiceUuid', 'total', 'quantity', 'paymentIntentId'];
const CONTACT_SHOW_KEYS = ['fullName', 'email', 'phone'];
const LIST_KEYS = ['id', 'name'];
const SHORT_LINK_KEYS = ['id', 'url', 'shortUrl', 'title', 'active', 'clicks', 'created_at'];
const CLICK_KEYS = ['id', 'clicked_at', 'phone', 'user_agent'];
const EVENT_KEYS = ['id', 'event', 'sentAt', 'test', 'data'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
const NUMBERS_STATUSES = ['delivered', 'failed', 'in_progress'];

// Sandbox-only values, from src/sandbox/README.md.
const CARD_DECLINED = '0000dec1-0000-4000-8000-000000000402';
const CARD_SCA = '00003d5e-0000-4000-8000-000000000402';
const CARD_PROCESSING = '0000a51c-0000-4000-8000-000000000200';
const CARD_UNAVAILABLE = '00000503-0000-4000-8000-000000000503';
const PHONE_FAILS = '+5511900000001';
const PHONE_DELIVERED = '+5511900000003';
const PURCHASES_PER_WINDOW = 5;

// ---------------------------------------------------------------------------
// A minimal, strict HTTP client
// ---------------------------------------------------------------------------

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

interface CallOptions {
  token?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

let sb: Sandbox;

beforeEach(async () => {
  sb = await startSandbox({ port: 0 });
});
afterEach(async () => {
  await sb.close();
});

/** Any non-empty body must be JSON and labelled as such. */
async function http(method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(sb.url + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: any = null;
  if (text !== '') {
    expect(res.headers.get('content-type'), `${method} ${path}: content-type`).toMatch(
      /^application\/json(;\s*charset=utf-8)?$/i,
    );
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: body is not JSON: ${text.slice(0, 200)}`);
    }
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

class Account {
  constructor(
    readonly key: string,
    public token: string,
  ) {}
  get = (path: string) => http('GET', path, { token: this.token });
  post = (path: string, body?: unknown) => http('POST', path, { token: this.token, body });
  put = (path: string, body?: unknown) => http('PUT', path, { token: this.token, body });
  del = (path: string) => http('DELETE', path, { token: this.token });
}

async function exchange(key: string): Promise<Reply> {
  return http('GET', '/v1/auth/token', { headers: { 'SMSGo-key': key } });
}

async function account(): Promise<Account> {
  const key = `test_${randomUUID()}`;
  const res = await exchange(key);
  expect(res.status).toBe(200);
  return new Account(key, res.body.token);
}

// ---------------------------------------------------------------------------
// Shape assertions
// ---------------------------------------------------------------------------

function expectKeys(obj: unknown, keys: string[], what = 'body'): void {
  expect(obj !== null && typeof obj === 'object' && !Array.isArray(obj), `${what} is an object`).toBe(true);
  expect(Object.keys(obj as object).sort(), `${what} keys`).toEqual([...keys].sort());
}

const isInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v);
const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): boolean => typeof v === 'string';
const isIso = (v: unknown): boolean => typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v));
const isNullOr = (v: unknown, pred: (x: unknown) => boolean): boolean => v === null || pred(v);

function expectError(res: Reply, status: number, code: string, field?: string): void {
  expect(res.status, `status (body ${res.text})`).toBe(status);
  const b = res.body;
  expect(b !== null && typeof b === 'object', 'error body is an object').toBe(true);
  const keys = Object.keys(b).sort();
  expect(keys, 'error keys').toEqual('errors' in b ? ['code', 'errors', 'message'] : ['code', 'message']);
  expect(b.code).toBe(code);
  expect(isStr(b.message) && b.message.length > 0, 'message').toBe(true);
  if ('errors' in b) {
    expect(Array.isArray(b.errors)).toBe(true);
    for (const e of b.errors) {
      expectKeys(e, ['field', 'message'], 'errors[]');
      expect(isStr(e.field) && isStr(e.message)).toBe(true);
    }
  }
  if (field !== undefined) {
    expect(
      (b.errors ?? []).map((e: { field: string }) => e.field),
      `errors[].field (body ${res.text})`,
    ).toContain(field);
  }
}

function expectPaginated(res: Reply, itemKeys?: string[]): any[] {
  expect(res.status, res.text).toBe(200);
  expectKeys(res.body, ['meta', 'data']);
  const m = res.body.meta;
  expectKeys(m, META_KEYS, 'meta');
  for (const k of ['total', 'perPage', 'currentPage', 'lastPage', 'firstPage']) {
    expect(isInt(m[k]), `meta.${k} integer`).toBe(true);
  }
  expect(isStr(m.firstPageUrl) && isStr(m.lastPageUrl)).toBe(true);
  expect(isNullOr(m.nextPageUrl, isStr) && isNullOr(m.previousPageUrl, isStr)).toBe(true);
  expect(m.firstPage).toBe(1);
  expect(m.currentPage < m.lastPage ? isStr(m.nextPageUrl) : m.nextPageUrl === null).toBe(true);
  expect(m.currentPage > 1 ? isStr(m.previousPageUrl) : m.previousPageUrl === null).toBe(true);
  expect(Array.isArray(res.body.data)).toBe(true);
  expect(res.body.data.length).toBeLessThanOrEqual(m.perPage);
  if (itemKeys) for (const item of res.body.data) expectKeys(item, itemKeys, 'item');
  return res.body.data;
}

function expectSendResult(b: any, quantity: number, status: 'queued' | 'scheduled'): void {
  expectKeys(b, SEND_RESULT_KEYS, 'SendResult');
  expect(b.id).toMatch(UUID);
  expect(b.quantity).toBe(quantity);
  expect(b.status).toBe(status);
  expect(b.test).toBe(true); // test_ key: responses carry test: true
}

const until = async (pred: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

const phoneN = (i: number): string => `+5511${String(910_000_000 + i)}`;

async function balanceOf(a: Account): Promise<number> {
  return (await a.get('/v1/account/balance')).body.balance;
}

async function plans(a: Account): Promise<any[]> {
  return (await a.get('/v1/billing/plans')).body.data;
}

/** Every protected operation, for the 401 sweep. */
const PROTECTED: [string, string, unknown?][] = [
  ['POST', '/v1/auth/revoke'],
  ['POST', '/v1/sms/send/single', { phone: '+5511999990000', message: 'x' }],
  ['POST', '/v1/sms/send/multiple', { messages: [{ phone: '+5511999990000', message: 'x' }] }],
  ['GET', '/v1/sms/list?page=1'],
  ['GET', `/v1/sms/${randomUUID()}/show`],
  ['GET', `/v1/sms/${randomUUID()}/numbers?page=1`],
  ['GET', '/v1/sms-types'],
  ['GET', '/v1/account/balance'],
  ['GET', '/v1/account/auto-recharge'],
  ['PUT', '/v1/account/auto-recharge', { alert_enabled: true }],
  ['GET', '/v1/account/webhook'],
  ['PUT', '/v1/account/webhook', { url: '' }],
  ['GET', '/v1/billing/plans'],
  ['GET', '/v1/billing/cards'],
  ['GET', '/v1/billing/invoices?page=1&perPage=10'],
  ['POST', '/v1/billing/purchase', { quantity: 1000 }],
  ['GET', '/v1/contacts/list?page=1'],
  ['POST', '/v1/contacts/store', { full_name: 'Ana', phone: '+5511999990000' }],
  ['GET', `/v1/contacts/${randomUUID()}/show`],
  ['PUT', `/v1/contacts/${randomUUID()}/update`, { full_name: 'Ana', phone: '+5511999990000' }],
  ['DELETE', `/v1/contacts/${randomUUID()}/delete`],
  ['GET', '/v1/lists/list?page=1'],
  ['POST', '/v1/lists/store', { name: 'VIP' }],
  ['GET', `/v1/lists/${randomUUID()}/show`],
  ['PUT', `/v1/lists/${randomUUID()}/update`, { name: 'VIP' }],
  ['DELETE', `/v1/lists/${randomUUID()}/delete`],
  ['GET', '/v1/short-links?page=1'],
  ['POST', '/v1/short-links', { url: 'https://example.com' }],
  ['GET', `/v1/short-links/${randomUUID()}`],
  ['POST', `/v1/short-links/${randomUUID()}/deactivate`],
  ['GET', `/v1/short-links/${randomUUID()}/clicks?page=1`],
];

// ---------------------------------------------------------------------------
// Authentication
// ---------------------------------------------------------------------------

describe('authentication', () => {
  it('exchanges a test_ key for {token, mode: "test"}', async () => {
    const res = await exchange(`test_${randomUUID()}`);
    expect(res.status).toBe(200);
    expectKeys(res.body, ['token', 'mode']);
    expect(isStr(res.body.token) && res.body.token.length > 0).toBe(true);
    expect(res.body.mode).toBe('test');
  });

  it('answers 401 unauthorized to a missing, empty or bad key', async () => {
    expectError(await http('GET', '/v1/auth/token'), 401, 'unauthorized');
    expectError(await exchange(''), 401, 'unauthorized');
    expectError(await exchange('not-a-key'), 401, 'unauthorized');
  });

  it('answers 401 unauthorized on every protected operation without a token', async () => {
    for (const [method, path, body] of PROTECTED) {
      const res = await http(method, path, { body });
      expectError(res, 401, 'unauthorized');
    }
  });

  it('answers 401 to an invalid token and to a non-Bearer scheme', async () => {
    const a = await account();
    expectError(await http('GET', '/v1/account/balance', { token: 'nope' }), 401, 'unauthorized');
    expectError(
      await http('GET', '/v1/account/balance', { headers: { Authorization: `Basic ${a.token}` } }),
      401,
      'unauthorized',
    );
    expectError(
      await http('GET', '/v1/account/balance', { headers: { Authorization: a.token } }),
      401,
      'unauthorized',
    );
  });

  it('tokens live 48 hours: valid at 47 h, 401 after 48 h', async () => {
    const a = await account();
    sb.advanceClock(47 * 3600_000);
    expect((await a.get('/v1/account/balance')).status).toBe(200);
    sb.advanceClock(3600_000 + 1000);
    expectError(await a.get('/v1/account/balance'), 401, 'unauthorized');
    // A new exchange with the same key gives a working token for the same account.
    const again = await exchange(a.key);
    expect(again.status).toBe(200);
    expect((await http('GET', '/v1/account/balance', { token: again.body.token as string })).status).toBe(
      200,
    );
  });

  it('revokes the current token: 204 with no body, then 401', async () => {
    const a = await account();
    const other = await exchange(a.key);
    const res = await a.post('/v1/auth/revoke');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectError(await a.get('/v1/account/balance'), 401, 'unauthorized');
    expectError(await a.post('/v1/auth/revoke'), 401, 'unauthorized');
    // Only the token used is revoked.
    expect((await http('GET', '/v1/account/balance', { token: other.body.token as string })).status).toBe(
      200,
    );
  });
});

// ---------------------------------------------------------------------------
// SMS
// ---------------------------------------------------------------------------

describe('SMS send', () => {
  it('send one: SendResult {id, quantity, status: queued, test: true}', async () => {
    const a = await account();
    const res = await a.post('/v1/sms/send/single', {
      phone: '+5511999990000',
      message: 'Olá',
      reference: 'ref-1',
      from: 'Loja',
      sms_type_id: 1,
    });
    expect(res.status, res.text).toBe(200);
    expectSendResult(res.body, 1, 'queued');
  });

  it('send one with a schedule answers status scheduled', async () => {
    const a = await account();
    const schedule = new Date(Date.now() + 3600_000).toISOString();
    const res = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'Olá', schedule });
    expect(res.status, res.text).toBe(200);
    expectSendResult(res.body, 1, 'scheduled');
  });

  it('send one: message length 1..1600, E.164 phone, 422 validation_error with the field', async () => {
    const a = await account();
    const ok = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'a'.repeat(1600) });
    expect(ok.status, ok.text).toBe(200);
    const one = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'a' });
    expect(one.status).toBe(200);
    const cases: [unknown, string][] = [
      [{ phone: '+5511999990000', message: '' }, 'message'],
      [{ phone: '+5511999990000', message: 'a'.repeat(1601) }, 'message'],
      [{ phone: '+5511999990000' }, 'message'],
      [{ phone: '5511999990000', message: 'x' }, 'phone'],
      [{ phone: '(11) 99999-0000', message: 'x' }, 'phone'],
      [{ message: 'x' }, 'phone'],
      [{ phone: '+5511999990000', message: 'x', schedule: 'tomorrow' }, 'schedule'],
      [{ phone: '+5511999990000', message: 'x', sms_type_id: 999 }, 'sms_type_id'],
    ];
    for (const [body, field] of cases) {
      expectError(await a.post('/v1/sms/send/single', body), 422, 'validation_error', field);
    }
  });

  it('send one: a malformed body is 400 bad_request', async () => {
    const a = await account();
    expectError(
      await http('POST', '/v1/sms/send/single', { token: a.token, raw: '{"phone":' }),
      400,
      'bad_request',
    );
  });

  it('bulk send: SendResult with quantity = number of messages; all optional fields accepted', async () => {
    const a = await account();
    const res = await a.post('/v1/sms/send/multiple', {
      messages: [
        { phone: '+5511999990000', message: 'Oi 1', reference: 'r1', from: 'Loja' },
        { phone: '+5511999990001', message: 'Oi 2' },
        { phone: '+5511999990002', message: 'Oi 3' },
      ],
      urlCallback: 'https://example.com/cb',
      flashSms: false,
      link_tracking: 'none',
      sms_type_id: 2,
    });
    expect(res.status, res.text).toBe(200);
    expectSendResult(res.body, 3, 'queued');
    for (const mode of ['shorten', 'track']) {
      const r = await a.post('/v1/sms/send/multiple', {
        messages: [{ phone: '+5511999990000', message: 'x' }],
        link_tracking: mode,
      });
      expect(r.status, r.text).toBe(200);
    }
  });

  it('bulk send with schedules answers scheduled', async () => {
    const a = await account();
    const schedule = new Date(Date.now() + 3600_000).toISOString();
    const res = await a.post('/v1/sms/send/multiple', {
      messages: [{ phone: '+5511999990000', message: 'x', schedule }],
    });
    expect(res.status, res.text).toBe(200);
    expectSendResult(res.body, 1, 'scheduled');
  });

  it('bulk send accepts 5000 messages and refuses 5001 with 422 on messages', async () => {
    const a = await account();
    const big = (await plans(a)).find((p) => p.quantity === 50_000);
    expect((await a.post('/v1/billing/purchase', { plan_id: big.id })).status).toBe(200);
    const msgs = (n: number) => Array.from({ length: n }, (_, i) => ({ phone: phoneN(i), message: 'x' }));
    const ok = await a.post('/v1/sms/send/multiple', { messages: msgs(5000) });
    expect(ok.status, ok.text.slice(0, 300)).toBe(200);
    expectSendResult(ok.body, 5000, 'queued');
    expectError(
      await a.post('/v1/sms/send/multiple', { messages: msgs(5001) }),
      422,
      'validation_error',
      'messages',
    );
  });

  it('bulk send: 422 validation_error names the field', async () => {
    const a = await account();
    const m = { phone: '+5511999990000', message: 'x' };
    const cases: [unknown, string][] = [
      [{}, 'messages'],
      [{ messages: [] }, 'messages'],
      [{ messages: 'x' }, 'messages'],
      [{ messages: [m, { phone: '123', message: 'x' }] }, 'messages.1.phone'],
      [{ messages: [{ phone: '+5511999990000', message: '' }] }, 'messages.0.message'],
      [{ messages: [{ phone: '+5511999990000', message: 'a'.repeat(1601) }] }, 'messages.0.message'],
      [{ messages: [{ ...m, schedule: 'soon' }] }, 'messages.0.schedule'],
      [{ messages: [m], urlCallback: 'not a url' }, 'urlCallback'],
      [{ messages: [m], flashSms: 'yes' }, 'flashSms'],
      [{ messages: [m], link_tracking: 'bogus' }, 'link_tracking'],
      [{ messages: [m], sms_type_id: 999 }, 'sms_type_id'],
      [{ messages: [m], sms_type_id: '1' }, 'sms_type_id'],
    ];
    for (const [body, field] of cases) {
      expectError(await a.post('/v1/sms/send/multiple', body), 422, 'validation_error', field);
    }
  });

  it('bulk send: missing or malformed body is 400 bad_request', async () => {
    const a = await account();
    expectError(await http('POST', '/v1/sms/send/multiple', { token: a.token }), 400, 'bad_request');
    expectError(
      await http('POST', '/v1/sms/send/multiple', { token: a.token, raw: 'not json' }),
      400,
      'bad_request',
    );
  });

  it('message length counts characters (Unicode code points), not UTF-16 units', async () => {
    const a = await account();
    const big = (await plans(a)).find((p) => p.quantity === 50_000);
    expect((await a.post('/v1/billing/purchase', { plan_id: big.id })).status).toBe(200);
    const ok = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: '😀'.repeat(1600) });
    expect(ok.status, ok.text).toBe(200);
    expectError(
      await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: '😀'.repeat(1601) }),
      422,
      'validation_error',
      'message',
    );
  });

  it('bulk send: the largest valid request fits, even with non-ASCII escaped as a Python client does', async () => {
    const a = await account();
    expect((await a.post('/v1/billing/purchase', { quantity: 1_000_000 })).status).toBe(200);
    const text = 'Promoção de verão na Loja Demonstração, só até domingo! '.repeat(40).slice(0, 1600);
    const body = JSON.stringify({
      messages: Array.from({ length: 5000 }, (_, i) => ({ phone: phoneN(i), message: text })),
    }).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(body.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await http('POST', '/v1/sms/send/multiple', { token: a.token, raw: body });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expectSendResult(res.body, 5000, 'queued');
  });

  it('send one: 402 insufficient_balance; a send costing exactly the balance is accepted', async () => {
    const a = await account();
    // Seed (README): R$ 50.00, SMS type 2 on sale at R$ 0.10, so 500 messages cost the whole balance.
    expect(await balanceOf(a)).toBe(50);
    const all = await a.post('/v1/sms/send/multiple', {
      messages: Array.from({ length: 500 }, (_, i) => ({ phone: phoneN(i), message: 'x' })),
      sms_type_id: 2,
    });
    expect(all.status, all.text).toBe(200);
    expect(await balanceOf(a)).toBe(0);
    expectError(
      await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'x' }),
      402,
      'insufficient_balance',
    );
    expect(await balanceOf(a)).toBe(0);
  });

  it('bulk send: 402 insufficient_balance accepts nothing', async () => {
    const a = await account();
    const before = await balanceOf(a);
    const n = Math.ceil(before / 0.09) + 10; // more than the balance covers at the cheapest type
    const res = await a.post('/v1/sms/send/multiple', {
      messages: Array.from({ length: n }, (_, i) => ({ phone: phoneN(i), message: 'x' })),
    });
    expectError(res, 402, 'insufficient_balance');
    expect(await balanceOf(a)).toBe(before);
    const list = expectPaginated(await a.get('/v1/sms/list?page=1'), SEND_LIST_ITEM_KEYS);
    expect(list).toHaveLength(0);
  });

  it('bulk send: 409 provider_out_of_stock and 429 rate_limited have the error body (faults)', async () => {
    const a = await account();
    const body = { messages: [{ phone: '+5511999990000', message: 'x' }] };
    const set = await http('POST', '/__sandbox/faults', {
      body: {
        rules: [
          { route: 'POST /v1/sms/send/multiple', fault: 'status', status: 409, count: 1 },
          { route: 'POST /v1/sms/send/multiple', fault: 'status', status: 429, count: 1 },
        ],
      },
    });
    expect(set.status).toBe(200);
    expectError(await a.post('/v1/sms/send/multiple', body), 409, 'provider_out_of_stock');
    const limited = await a.post('/v1/sms/send/multiple', body);
    expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await a.post('/v1/sms/send/multiple', body)).status).toBe(200);
  });
});

describe('SMS read', () => {
  it('list sends: Paginated of SendListItem, newest first', async () => {
    const a = await account();
    const first = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'um' });
    const schedule = new Date(Date.now() + 3600_000).toISOString();
    const second = await a.post('/v1/sms/send/multiple', {
      messages: [
        { phone: '+5511999990001', message: 'dois', schedule },
        { phone: '+5511999990002', message: 'dois', schedule },
      ],
    });
    const items = expectPaginated(await a.get('/v1/sms/list?page=1'), SEND_LIST_ITEM_KEYS);
    expect(items.map((i) => i.id)).toEqual([second.body.id, first.body.id]);
    for (const i of items) {
      expect(i.id).toMatch(UUID);
      expect(isNullOr(i.number, isInt), 'number int|null').toBe(true);
      expect(isNullOr(i.date, isStr), 'date string|null').toBe(true);
      expect(isInt(i.quantity)).toBe(true);
      expect(isIso(i.created_at), 'created_at').toBe(true);
      expect(isStr(i.status)).toBe(true);
    }
    expect(items[0].quantity).toBe(2);
    expect(items[0].status).toBe('scheduled');
    expect(isStr(items[0].date)).toBe(true);
    expect(items[1].status).toBe('queued');
    expect(items[1].date).toBeNull();
    // Pages beyond the last are empty, not errors.
    const far = expectPaginated(await a.get('/v1/sms/list?page=9'), SEND_LIST_ITEM_KEYS);
    expect(far).toHaveLength(0);
  });

  it('list sends: page must be a positive integer (422 on page)', async () => {
    const a = await account();
    expectError(await a.get('/v1/sms/list?page=0'), 422, 'validation_error', 'page');
    expectError(await a.get('/v1/sms/list?page=abc'), 422, 'validation_error', 'page');
  });

  it('one send: SendDetail with summary and phones (SendNumberDetail)', async () => {
    const a = await account();
    const sent = await a.post('/v1/sms/send/multiple', {
      messages: [
        { phone: PHONE_DELIVERED, message: 'Oi', reference: 'a' },
        { phone: PHONE_FAILS, message: 'Oi' },
      ],
    });
    const check = async () => {
      const res = await a.get(`/v1/sms/${sent.body.id}/show`);
      expect(res.status, res.text).toBe(200);
      const d = res.body;
      expectKeys(d, SEND_DETAIL_KEYS, 'SendDetail');
      expect(d.id).toBe(sent.body.id);
      expect(d.quantity).toBe(2);
      for (const k of ['characters', 'total', 'cost']) expect(isNum(d[k]), k).toBe(true);
      expect(isNullOr(d.date, isStr)).toBe(true);
      expect(isStr(d.status)).toBe(true);
      expectKeys(d.summary, SUMMARY_KEYS, 'summary');
      for (const k of ['total', 'delivered', 'failed', 'inProgress'])
        expect(isInt(d.summary[k]), k).toBe(true);
      expect(typeof d.summary.done).toBe('boolean');
      expect(d.summary.done).toBe(d.summary.inProgress === 0);
      expect(d.phones).toHaveLength(2);
      for (const p of d.phones) {
        expectKeys(p, SEND_NUMBER_DETAIL_KEYS, 'SendNumberDetail');
        expect(isNum(p.characters) && isNum(p.cost)).toBe(true);
        expect(isNullOr(p.code, isStr)).toBe(true);
        expect(isNullOr(p.template, isStr)).toBe(true);
        expect(p.message).toBe('Oi');
        expect(isIso(p.created_at)).toBe(true);
      }
      return d;
    };
    const early = await check();
    expect(early.summary).toMatchObject({ total: 2, inProgress: 2, done: false });
    sb.advanceClock(10_000);
    const late = await check();
    expect(late.summary).toMatchObject({ total: 2, delivered: 1, failed: 1, inProgress: 0, done: true });
  });

  it('one send and its numbers: 404 not_found for unknown or foreign ids', async () => {
    const a = await account();
    const b = await account();
    const sent = await b.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'x' });
    for (const id of [randomUUID(), 'not-a-uuid', sent.body.id]) {
      expectError(await a.get(`/v1/sms/${id}/show`), 404, 'not_found');
      expectError(await a.get(`/v1/sms/${id}/numbers?page=1`), 404, 'not_found');
    }
  });

  it('numbers of a send: Paginated of SendNumberItem with the status filter', async () => {
    const a = await account();
    const sent = await a.post('/v1/sms/send/multiple', {
      messages: [
        { phone: PHONE_DELIVERED, message: 'x' },
        { phone: PHONE_FAILS, message: 'x' },
      ],
    });
    const path = `/v1/sms/${sent.body.id}/numbers`;
    const all = expectPaginated(await a.get(`${path}?page=1`), SEND_NUMBER_ITEM_KEYS);
    expect(all.map((n) => n.phone)).toEqual([PHONE_DELIVERED, PHONE_FAILS]);
    for (const n of all) {
      expect(isStr(n.id) && isStr(n.status) && isIso(n.created_at)).toBe(true);
      expect(isNullOr(n.code, isStr)).toBe(true);
    }
    expect(expectPaginated(await a.get(`${path}?status=in_progress&page=1`))).toHaveLength(2);
    sb.advanceClock(10_000);
    const delivered = expectPaginated(await a.get(`${path}?status=delivered&page=1`), SEND_NUMBER_ITEM_KEYS);
    expect(delivered.map((n) => n.phone)).toEqual([PHONE_DELIVERED]);
    const failed = expectPaginated(await a.get(`${path}?status=failed&page=1`), SEND_NUMBER_ITEM_KEYS);
    expect(failed.map((n) => n.phone)).toEqual([PHONE_FAILS]);
    expect(isStr(failed[0].code)).toBe(true);
    expect(expectPaginated(await a.get(`${path}?status=in_progress&page=1`))).toHaveLength(0);
    expect(NUMBERS_STATUSES).toContain('in_progress');
    expectError(await a.get(`${path}?status=sent&page=1`), 422, 'validation_error', 'status');
    expectError(await a.get(`${path}?page=-1`), 422, 'validation_error', 'page');
  });

  it('SMS types: {data: SmsTypeItem[]} with integer ids usable as sms_type_id', async () => {
    const a = await account();
    const res = await a.get('/v1/sms-types');
    expect(res.status).toBe(200);
    expectKeys(res.body, ['data']);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const t of res.body.data) {
      expectKeys(t, SMS_TYPE_KEYS, 'SmsTypeItem');
      expect(isInt(t.id) && isStr(t.name) && isNum(t.price)).toBe(true);
      expect(isNullOr(t.sale, isNum)).toBe(true);
      const sent = await a.post('/v1/sms/send/single', {
        phone: '+5511999990000',
        message: 'x',
        sms_type_id: t.id,
      });
      expect(sent.status, sent.text).toBe(200);
    }
  });
});

// ---------------------------------------------------------------------------
// Pagination
// ---------------------------------------------------------------------------

describe('pagination', () => {
  it('meta counts pages and its URLs lead to the neighbouring pages with the same filters', async () => {
    const a = await account();
    for (let i = 0; i < 25; i++) {
      const r = await a.post('/v1/contacts/store', { full_name: `Pessoa ${i}`, phone: phoneN(i) });
      expect(r.status).toBe(200);
    }
    const p2 = await a.get('/v1/contacts/list?page=2&perPage=10&search=Pessoa');
    const items = expectPaginated(p2);
    expect(items).toHaveLength(10);
    expect(p2.body.meta).toMatchObject({ total: 25, perPage: 10, currentPage: 2, lastPage: 3, firstPage: 1 });
    // Follow the URLs resolved against the base URL, as a client would.
    const follow = async (u: string) => {
      const abs = new URL(u, `${sb.url}/`);
      return http('GET', abs.pathname + abs.search, { token: a.token });
    };
    const next = await follow(p2.body.meta.nextPageUrl);
    expect(expectPaginated(next)).toHaveLength(5);
    expect(next.body.meta.currentPage).toBe(3);
    expect(next.body.meta.nextPageUrl).toBeNull();
    const prev = await follow(p2.body.meta.previousPageUrl);
    expect(prev.body.meta.currentPage).toBe(1);
    expect(prev.body.meta.previousPageUrl).toBeNull();
    expect((await follow(p2.body.meta.lastPageUrl)).body.meta.currentPage).toBe(3);
    expect((await follow(p2.body.meta.firstPageUrl)).body.meta.currentPage).toBe(1);
  });

  it('an empty collection has lastPage 1 and no neighbour URLs', async () => {
    const a = await account();
    expectPaginated(await a.get('/v1/lists/list?page=1'));
    const m = (await a.get('/v1/lists/list?page=1')).body.meta;
    expect(m).toMatchObject({
      total: 0,
      currentPage: 1,
      lastPage: 1,
      nextPageUrl: null,
      previousPageUrl: null,
    });
  });
});

// ---------------------------------------------------------------------------
// Account
// ---------------------------------------------------------------------------

describe('account', () => {
  it('balance: {balance, currency: "BRL", company: {name, document|null}}', async () => {
    const a = await account();
    const res = await a.get('/v1/account/balance');
    expect(res.status).toBe(200);
    expectKeys(res.body, BALANCE_KEYS, 'Balance');
    expect(isNum(res.body.balance)).toBe(true);
    expect(res.body.currency).toBe('BRL');
    expectKeys(res.body.company, COMPANY_KEYS, 'company');
    expect(isStr(res.body.company.name)).toBe(true);
    expect(isNullOr(res.body.company.document, isStr)).toBe(true);
  });

  const expectAutoRecharge = (b: any) => {
    expectKeys(b, AUTO_RECHARGE_KEYS, 'AutoRechargeConfig');
    expect(typeof b.enabled).toBe('boolean');
    expect(typeof b.alertEnabled).toBe('boolean');
    expect(isNum(b.threshold) && isNum(b.alertThreshold)).toBe(true);
    expect(isInt(b.planQuantity)).toBe(true);
    expect(isNullOr(b.cardId, isStr)).toBe(true);
  };

  it('auto-recharge: read, update with snake_case body, camelCase answer', async () => {
    const a = await account();
    const read = await a.get('/v1/account/auto-recharge');
    expect(read.status).toBe(200);
    expectAutoRecharge(read.body);
    const cards = (await a.get('/v1/billing/cards')).body.data;
    const upd = await a.put('/v1/account/auto-recharge', {
      enabled: true,
      threshold: 15,
      plan_quantity: 5000,
      card_id: cards[0].id,
      alert_enabled: true,
      alert_threshold: 25,
    });
    expect(upd.status, upd.text).toBe(200);
    expectAutoRecharge(upd.body);
    expect(upd.body).toEqual({
      enabled: true,
      threshold: 15,
      planQuantity: 5000,
      cardId: cards[0].id,
      alertEnabled: true,
      alertThreshold: 25,
    });
    expect((await a.get('/v1/account/auto-recharge')).body).toEqual(upd.body);
    // Every field is optional: a partial update keeps the rest.
    const partial = await a.put('/v1/account/auto-recharge', { alert_enabled: false });
    expect(partial.status).toBe(200);
    expect(partial.body).toEqual({ ...upd.body, alertEnabled: false });
    const off = await a.put('/v1/account/auto-recharge', { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
  });

  it('auto-recharge: enabling needs card_id and plan_quantity (422 on card_id when there is none)', async () => {
    const a = await account();
    const cards = (await a.get('/v1/billing/cards')).body.data;
    expectError(
      await a.put('/v1/account/auto-recharge', { enabled: true, plan_quantity: 1000 }),
      422,
      'validation_error',
      'card_id',
    );
    expectError(
      await a.put('/v1/account/auto-recharge', { enabled: true }),
      422,
      'validation_error',
      'card_id',
    );
    expect((await a.get('/v1/account/auto-recharge')).body.enabled).toBe(false);
    // Reading (README, "Readings of the spec"): the rule holds for the values
    // after the change, so the stored planQuantity counts when only card_id is sent.
    const ok = await a.put('/v1/account/auto-recharge', { enabled: true, card_id: cards[0].id });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ enabled: true, cardId: cards[0].id, planQuantity: 1000 });
  });

  it('auto-recharge: field types are validated (422 with the field)', async () => {
    const a = await account();
    const cases: [unknown, string][] = [
      [{ enabled: 'yes' }, 'enabled'],
      [{ threshold: 'ten' }, 'threshold'],
      [{ threshold: -1 }, 'threshold'],
      [{ plan_quantity: 1.5 }, 'plan_quantity'],
      [{ card_id: randomUUID() }, 'card_id'],
      [{ alert_enabled: 1 }, 'alert_enabled'],
      [{ alert_threshold: 'x' }, 'alert_threshold'],
    ];
    for (const [body, field] of cases) {
      expectError(await a.put('/v1/account/auto-recharge', body), 422, 'validation_error', field);
    }
  });

  it('webhook: read {url|null, secret}, set url, "" disables, rotate_secret', async () => {
    const a = await account();
    const read = await a.get('/v1/account/webhook');
    expect(read.status).toBe(200);
    expectKeys(read.body, WEBHOOK_KEYS, 'WebhookConfig');
    expect(read.body.url).toBeNull();
    expect(read.body.secret).toMatch(/^whsec_/);
    const set = await a.put('/v1/account/webhook', { url: 'https://example.com/hook' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ url: 'https://example.com/hook', secret: read.body.secret });
    expect((await a.get('/v1/account/webhook')).body).toEqual(set.body);
    const rotated = await a.put('/v1/account/webhook', { rotate_secret: true });
    expect(rotated.status).toBe(200);
    expectKeys(rotated.body, WEBHOOK_KEYS);
    expect(rotated.body.url).toBe('https://example.com/hook');
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(read.body.secret);
    const off = await a.put('/v1/account/webhook', { url: '' });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ url: null, secret: rotated.body.secret });
  });

  it('webhook: invalid url or rotate_secret is 422', async () => {
    const a = await account();
    expectError(await a.put('/v1/account/webhook', { url: 'not a url' }), 422, 'validation_error', 'url');
    expectError(await a.put('/v1/account/webhook', { url: 42 }), 422, 'validation_error', 'url');
    expectError(
      await a.put('/v1/account/webhook', { rotate_secret: 'yes' }),
      422,
      'validation_error',
      'rotate_secret',
    );
  });
});

// ---------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------

describe('billing', () => {
  it('plans: {data: Plan[]} with exactly {id, quantity, price, sale, unit, total, popular}', async () => {
    const a = await account();
    const res = await a.get('/v1/billing/plans');
    expect(res.status).toBe(200);
    expectKeys(res.body, ['data']);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const p of res.body.data) {
      expectKeys(p, PLAN_KEYS, 'Plan');
      expect(isStr(p.id)).toBe(true);
      expect(isInt(p.quantity) && isNum(p.price) && isNum(p.unit) && isNum(p.total)).toBe(true);
      expect(isNullOr(p.sale, isNum)).toBe(true);
      expect(typeof p.popular).toBe('boolean');
      // unit is the effective R$ per SMS, total the package price
      expect(p.total).toBeCloseTo(p.unit * p.quantity, 2);
    }
  });

  it('cards: {data: Card[]} with last-4 number, MM/YY validate, one default', async () => {
    const a = await account();
    const res = await a.get('/v1/billing/cards');
    expect(res.status).toBe(200);
    expectKeys(res.body, ['data']);
    for (const c of res.body.data) {
      expectKeys(c, CARD_KEYS, 'Card');
      expect(isStr(c.id) && isStr(c.name) && isStr(c.flag)).toBe(true);
      expect(c.number).toMatch(/^\d{4}$/);
      expect(c.validate).toMatch(/^(0[1-9]|1[0-2])\/\d{2}$/);
      expect(isNullOr(c.alias, isStr)).toBe(true);
      expect(typeof c.default).toBe('boolean');
    }
    expect(res.body.data.filter((c: any) => c.default)).toHaveLength(1);
  });

  const expectPurchase = (res: Reply, status: 'succeeded' | 'processing', quantity: number) => {
    expect(res.status, res.text).toBe(200);
    expectKeys(res.body, PURCHASE_RESULT_KEYS, 'PurchaseResult');
    expect(res.body.status).toBe(status);
    expect(res.body.invoiceUuid).toMatch(UUID);
    expect(isNum(res.body.total)).toBe(true);
    expect(res.body.quantity).toBe(quantity);
    expect(isStr(res.body.paymentIntentId) && res.body.paymentIntentId.length > 0).toBe(true);
  };

  it('purchase by quantity: succeeded, balance already credited, invoice listed', async () => {
    const a = await account();
    const before = await balanceOf(a);
    const res = await a.post('/v1/billing/purchase', { quantity: 1000 });
    expectPurchase(res, 'succeeded', 1000);
    expect(await balanceOf(a)).toBeGreaterThan(before);
    const inv = expectPaginated(await a.get('/v1/billing/invoices?page=1&perPage=10'), INVOICE_KEYS);
    expect(inv.map((i) => i.uuid)).toContain(res.body.invoiceUuid);
  });

  it('purchase bounds: 250 and 1,000,000 accepted; outside, fractional or wrong type is 422 on quantity', async () => {
    const a = await account();
    // Every attempt counts against the purchase rate limit: space them out.
    const buy = (body: unknown) => {
      sb.advanceClock(60_000);
      return a.post('/v1/billing/purchase', body);
    };
    expectPurchase(await buy({ quantity: 250 }), 'succeeded', 250);
    expectPurchase(await buy({ quantity: 1_000_000 }), 'succeeded', 1_000_000);
    for (const quantity of [249, 1_000_001, 0, -5, 300.5, '1000']) {
      expectError(await buy({ quantity }), 422, 'validation_error', 'quantity');
    }
  });

  it('purchase: neither quantity nor plan_id is 422; a missing body is 400', async () => {
    const a = await account();
    const res = await a.post('/v1/billing/purchase', {});
    expectError(res, 422, 'validation_error');
    expect(res.body.errors.length).toBeGreaterThan(0);
    expectError(await a.post('/v1/billing/purchase', { coupon: 'DEMO10' }), 422, 'validation_error');
    expectError(await http('POST', '/v1/billing/purchase', { token: a.token }), 400, 'bad_request');
  });

  it('purchase by plan_id, and plan_id wins over quantity', async () => {
    const a = await account();
    const ps = await plans(a);
    const plan = ps.find((p) => p.quantity === 5000);
    const res = await a.post('/v1/billing/purchase', { plan_id: plan.id });
    expectPurchase(res, 'succeeded', 5000);
    expect(res.body.total).toBeCloseTo(plan.total, 2);
    const both = await a.post('/v1/billing/purchase', { plan_id: plan.id, quantity: 300 });
    expectPurchase(both, 'succeeded', 5000);
  });

  it('purchase: unknown plan_id or card_id is 422 on that field', async () => {
    const a = await account();
    expectError(
      await a.post('/v1/billing/purchase', { plan_id: randomUUID() }),
      422,
      'validation_error',
      'plan_id',
    );
    expectError(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: randomUUID() }),
      422,
      'validation_error',
      'card_id',
    );
  });

  it('purchase with an explicit saved card', async () => {
    const a = await account();
    const cards = (await a.get('/v1/billing/cards')).body.data;
    const other = cards.find((c: any) => !c.default) ?? cards[0];
    expectPurchase(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: other.id }),
      'succeeded',
      1000,
    );
  });

  it('purchase is not idempotent: two equal calls make two invoices', async () => {
    const a = await account();
    const one = await a.post('/v1/billing/purchase', { quantity: 1000 });
    const two = await a.post('/v1/billing/purchase', { quantity: 1000 });
    expect(one.body.invoiceUuid).not.toBe(two.body.invoiceUuid);
    expect(one.body.paymentIntentId).not.toBe(two.body.paymentIntentId);
    const inv = expectPaginated(await a.get('/v1/billing/invoices?page=1&perPage=10'), INVOICE_KEYS);
    expect(inv.filter((i) => [one.body.invoiceUuid, two.body.invoiceUuid].includes(i.uuid))).toHaveLength(2);
  });

  it('purchase: 402 card_declined and authentication_required, 503 payment_unavailable, nothing credited', async () => {
    const a = await account();
    const before = await balanceOf(a);
    expectError(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: CARD_DECLINED }),
      402,
      'card_declined',
    );
    expectError(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: CARD_SCA }),
      402,
      'authentication_required',
    );
    expectError(
      await a.post('/v1/billing/purchase', { quantity: 1000, card_id: CARD_UNAVAILABLE }),
      503,
      'payment_unavailable',
    );
    expect(await balanceOf(a)).toBe(before);
  });

  it('purchase: processing settles later; balance and invoices show it', async () => {
    const a = await account();
    const before = await balanceOf(a);
    const res = await a.post('/v1/billing/purchase', { quantity: 1000, card_id: CARD_PROCESSING });
    expectPurchase(res, 'processing', 1000);
    expect(await balanceOf(a)).toBe(before);
    sb.advanceClock(60_000);
    await until(async () => (await balanceOf(a)) > before);
    const inv = expectPaginated(await a.get('/v1/billing/invoices?page=1&perPage=10'), INVOICE_KEYS);
    expect(inv.find((i) => i.uuid === res.body.invoiceUuid)).toBeDefined();
  });

  it('purchase rate limit: 429 rate_limited with Retry-After; passes after waiting', async () => {
    const a = await account();
    for (let i = 0; i < PURCHASES_PER_WINDOW; i++) {
      expect((await a.post('/v1/billing/purchase', { quantity: 250 })).status).toBe(200);
    }
    const limited = await a.post('/v1/billing/purchase', { quantity: 250 });
    expectError(limited, 429, 'rate_limited');
    const retry = limited.headers.get('retry-after');
    expect(retry).toMatch(/^\d+$/);
    expect(Number(retry)).toBeGreaterThan(0);
    sb.advanceClock(Number(retry) * 1000);
    expect((await a.post('/v1/billing/purchase', { quantity: 250 })).status).toBe(200);
  });

  it('invoices: Paginated of InvoiceItem with nested status and card', async () => {
    const a = await account();
    for (let i = 0; i < 3; i++) await a.post('/v1/billing/purchase', { quantity: 250 });
    const res = await a.get('/v1/billing/invoices?page=1&perPage=2');
    const items = expectPaginated(res, INVOICE_KEYS);
    expect(items).toHaveLength(2);
    expect(res.body.meta).toMatchObject({ total: 3, perPage: 2, lastPage: 2 });
    for (const i of items) {
      expect(i.uuid).toMatch(UUID);
      expect(isNum(i.total)).toBe(true);
      expect(Number.isInteger(i.displayId)).toBe(true); // an integer, as the SDKs type it
      expect(isNullOr(i.date, isStr) && isNullOr(i.expiry, isStr)).toBe(true);
      if (i.status !== null) {
        expectKeys(i.status, INVOICE_STATUS_KEYS, 'invoice.status');
        expect(isStr(i.status.code) && isStr(i.status.name)).toBe(true);
        expect(isNullOr(i.status.icon, isStr) && isNullOr(i.status.color, isStr)).toBe(true);
      }
      if (i.card !== null) {
        expectKeys(i.card, INVOICE_CARD_KEYS, 'invoice.card');
        expect(isStr(i.card.code) && isStr(i.card.name)).toBe(true);
      }
    }
    expectError(await a.get('/v1/billing/invoices?page=0'), 422, 'validation_error', 'page');
    expectError(await a.get('/v1/billing/invoices?page=1&perPage=0'), 422, 'validation_error', 'perPage');
  });
});

// ---------------------------------------------------------------------------
// Contacts and lists
// ---------------------------------------------------------------------------

describe('contacts', () => {
  it('store returns the uuid as a bare JSON string, and upserts by phone', async () => {
    const a = await account();
    const res = await a.post('/v1/contacts/store', { full_name: 'Ana Souza', phone: '+5511988887777' });
    expect(res.status, res.text).toBe(200);
    expect(res.text.startsWith('"')).toBe(true);
    expect(typeof res.body).toBe('string');
    expect(res.body).toMatch(UUID);
    const again = await a.post('/v1/contacts/store', {
      full_name: 'Ana S.',
      phone: '+5511988887777',
      email: 'ana@example.com',
    });
    expect(again.body).toBe(res.body);
    const show = await a.get(`/v1/contacts/${res.body}/show`);
    expect(show.status).toBe(200);
    expectKeys(show.body, CONTACT_SHOW_KEYS, 'contact');
    expect(show.body).toEqual({ fullName: 'Ana S.', email: 'ana@example.com', phone: '+5511988887777' });
  });

  it('show: email is null when not given; unknown or foreign id is 404', async () => {
    const a = await account();
    const b = await account();
    const id = (await a.post('/v1/contacts/store', { full_name: 'Bia', phone: '+5511988880000' })).body;
    expect((await a.get(`/v1/contacts/${id}/show`)).body).toEqual({
      fullName: 'Bia',
      email: null,
      phone: '+5511988880000',
    });
    for (const path of [`/v1/contacts/${randomUUID()}/show`, `/v1/contacts/${id}/show`]) {
      expectError(await b.get(path), 404, 'not_found');
    }
    expectError(
      await b.put(`/v1/contacts/${id}/update`, { full_name: 'X', phone: '+5511988880000' }),
      404,
      'not_found',
    );
    expectError(await b.del(`/v1/contacts/${id}/delete`), 404, 'not_found');
  });

  it('store with lists; list filters by title and search', async () => {
    const a = await account();
    const vip = (await a.post('/v1/lists/store', { name: 'VIP' })).body;
    await a.post('/v1/contacts/store', { full_name: 'Caio', phone: '+5511977770001', lists: [vip.id] });
    await a.post('/v1/contacts/store', { full_name: 'Duda', phone: '+5511977770002', email: 'duda@x.com' });
    const all = expectPaginated(await a.get('/v1/contacts/list?page=1'));
    expect(all).toHaveLength(2);
    for (const c of all) expect(c !== null && typeof c === 'object').toBe(true);
    expect(expectPaginated(await a.get('/v1/contacts/list?page=1&title=VIP'))).toHaveLength(1);
    expect(expectPaginated(await a.get('/v1/contacts/list?page=1&search=duda'))).toHaveLength(1);
    expect(expectPaginated(await a.get('/v1/contacts/list?page=1&perPage=1'))).toHaveLength(1);
  });

  it('list: page is required (422 on page)', async () => {
    const a = await account();
    expectError(await a.get('/v1/contacts/list'), 422, 'validation_error', 'page');
  });

  it('store validation: 422 on full_name, phone, email, lists', async () => {
    const a = await account();
    const cases: [unknown, string][] = [
      [{ phone: '+5511977770001' }, 'full_name'],
      [{ full_name: '', phone: '+5511977770001' }, 'full_name'],
      [{ full_name: 'Ana' }, 'phone'],
      [{ full_name: 'Ana', phone: '11977770001' }, 'phone'],
      [{ full_name: 'Ana', phone: '+5511977770001', email: 'nope' }, 'email'],
      [{ full_name: 'Ana', phone: '+5511977770001', lists: 'x' }, 'lists'],
    ];
    for (const [body, field] of cases) {
      expectError(await a.post('/v1/contacts/store', body), 422, 'validation_error', field);
    }
    const unknownList = await a.post('/v1/contacts/store', {
      full_name: 'Ana',
      phone: '+5511977770001',
      lists: [randomUUID()],
    });
    expectError(unknownList, 422, 'validation_error');
    expect(unknownList.body.errors.map((e: any) => e.field).join()).toMatch(/^lists/);
  });

  it('update returns the uuid and delete returns {message}', async () => {
    const a = await account();
    const id = (await a.post('/v1/contacts/store', { full_name: 'Edu', phone: '+5511966660000' })).body;
    const upd = await a.put(`/v1/contacts/${id}/update`, {
      full_name: 'Eduardo',
      phone: '+5511966660001',
      email: 'edu@example.com',
    });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body).toBe(id);
    expect((await a.get(`/v1/contacts/${id}/show`)).body).toEqual({
      fullName: 'Eduardo',
      email: 'edu@example.com',
      phone: '+5511966660001',
    });
    expectError(
      await a.put(`/v1/contacts/${id}/update`, { full_name: 'E' }),
      422,
      'validation_error',
      'phone',
    );
    const del = await a.del(`/v1/contacts/${id}/delete`);
    expect(del.status).toBe(200);
    expectKeys(del.body, ['message']);
    expect(isStr(del.body.message)).toBe(true);
    expectError(await a.get(`/v1/contacts/${id}/show`), 404, 'not_found');
    expectError(await a.del(`/v1/contacts/${id}/delete`), 404, 'not_found');
  });
});

describe('lists', () => {
  it('store, show, update, list with title, delete', async () => {
    const a = await account();
    const created = await a.post('/v1/lists/store', { name: 'Clientes' });
    expect(created.status, created.text).toBe(200);
    expectKeys(created.body, LIST_KEYS, 'list');
    expect(isStr(created.body.id)).toBe(true);
    expect(created.body.name).toBe('Clientes');
    const id = created.body.id;
    const show = await a.get(`/v1/lists/${id}/show`);
    expect(show.body).toEqual(created.body);
    const upd = await a.put(`/v1/lists/${id}/update`, { name: 'Clientes VIP' });
    expect(upd.status).toBe(200);
    expect(upd.body).toEqual({ id, name: 'Clientes VIP' });
    await a.post('/v1/lists/store', { name: 'Outros' });
    expect(expectPaginated(await a.get('/v1/lists/list?page=1'), LIST_KEYS)).toHaveLength(2);
    const filtered = expectPaginated(await a.get('/v1/lists/list?page=1&perPage=5&title=VIP'), LIST_KEYS);
    expect(filtered).toEqual([{ id, name: 'Clientes VIP' }]);
    // Query strings built with URLSearchParams encode a space as '+'.
    const qs = new URLSearchParams({ page: '1', title: 'Clientes VIP' }).toString();
    expect(expectPaginated(await a.get(`/v1/lists/list?${qs}`), LIST_KEYS)).toHaveLength(1);
    const del = await a.del(`/v1/lists/${id}/delete`);
    expect(del.status).toBe(200);
    expectKeys(del.body, ['message']);
    expectError(await a.get(`/v1/lists/${id}/show`), 404, 'not_found');
    expectError(await a.put(`/v1/lists/${id}/update`, { name: 'Again' }), 404, 'not_found');
    expectError(await a.del(`/v1/lists/${id}/delete`), 404, 'not_found');
  });

  it('name is 2 to 20 characters (422 on name)', async () => {
    const a = await account();
    expect((await a.post('/v1/lists/store', { name: 'ab' })).status).toBe(200);
    expect((await a.post('/v1/lists/store', { name: 'a'.repeat(20) })).status).toBe(200);
    for (const body of [{ name: 'a' }, { name: 'a'.repeat(21) }, {}, { name: 5 }]) {
      expectError(await a.post('/v1/lists/store', body), 422, 'validation_error', 'name');
    }
    const id = (await a.post('/v1/lists/store', { name: 'Ok' })).body.id;
    expectError(await a.put(`/v1/lists/${id}/update`, { name: 'x' }), 422, 'validation_error', 'name');
  });
});

// ---------------------------------------------------------------------------
// Short links (ASSUMED)
// ---------------------------------------------------------------------------

describe('short links', () => {
  const expectLink = (l: any) => {
    expectKeys(l, SHORT_LINK_KEYS, 'ShortLink');
    expect(isStr(l.id) && isStr(l.url) && isStr(l.shortUrl)).toBe(true);
    expect(isNullOr(l.title, isStr)).toBe(true);
    expect(typeof l.active).toBe('boolean');
    expect(isInt(l.clicks)).toBe(true);
    expect(isIso(l.created_at)).toBe(true);
  };

  it('create, get, list, clicks, deactivate', async () => {
    const a = await account();
    const created = await a.post('/v1/short-links', { url: 'https://example.com/promo' });
    expect([200, 201]).toContain(created.status);
    expectLink(created.body);
    expect(created.body).toMatchObject({
      url: 'https://example.com/promo',
      title: null,
      active: true,
      clicks: 0,
    });
    const titled = await a.post('/v1/short-links', { url: 'https://example.com/b', title: 'Black Friday' });
    expect(titled.body.title).toBe('Black Friday');
    const id = created.body.id;
    const got = await a.get(`/v1/short-links/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
    const list = expectPaginated(await a.get('/v1/short-links?page=1'));
    for (const l of list) expectLink(l);
    expect(list.map((l) => l.id)).toEqual([titled.body.id, id]);

    const visit = await fetch(created.body.shortUrl, { redirect: 'manual' });
    await visit.arrayBuffer();
    const clicks = expectPaginated(await a.get(`/v1/short-links/${id}/clicks?page=1`), CLICK_KEYS);
    expect(clicks).toHaveLength(1);
    expect(isStr(clicks[0].id) && isIso(clicks[0].clicked_at)).toBe(true);
    expect(isNullOr(clicks[0].phone, isStr) && isNullOr(clicks[0].user_agent, isStr)).toBe(true);
    expect((await a.get(`/v1/short-links/${id}`)).body.clicks).toBe(1);

    const deact = await a.post(`/v1/short-links/${id}/deactivate`);
    expect([200, 204]).toContain(deact.status);
    if (deact.status === 200) expectLink(deact.body);
    expect((await a.get(`/v1/short-links/${id}`)).body.active).toBe(false);
  });

  it('422 on url, 404 for unknown or foreign ids', async () => {
    const a = await account();
    const b = await account();
    expectError(await a.post('/v1/short-links', {}), 422, 'validation_error', 'url');
    expectError(await a.post('/v1/short-links', { url: 'nope' }), 422, 'validation_error', 'url');
    expectError(
      await a.post('/v1/short-links', { url: 'https://x.com', title: 5 }),
      422,
      'validation_error',
      'title',
    );
    const id = (await b.post('/v1/short-links', { url: 'https://example.com' })).body.id;
    for (const ref of [randomUUID(), id]) {
      expectError(await a.get(`/v1/short-links/${ref}`), 404, 'not_found');
      expectError(await a.post(`/v1/short-links/${ref}/deactivate`), 404, 'not_found');
      expectError(await a.get(`/v1/short-links/${ref}/clicks?page=1`), 404, 'not_found');
    }
  });
});

// ---------------------------------------------------------------------------
// Outbound webhook events
// ---------------------------------------------------------------------------

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

async function receiver() {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return { url, hits, close };
}

function expectSignedEvent(hit: Hit, secret: string): any {
  expect(hit.headers['content-type']).toMatch(/^application\/json/);
  const expected = 'sha256=' + createHmac('sha256', secret).update(hit.raw).digest('hex');
  expect(hit.headers['x-smsgo-signature']).toBe(expected);
  const body = JSON.parse(hit.raw);
  expectKeys(body, EVENT_KEYS, 'event');
  expect(isStr(body.id) && body.id.length > 0).toBe(true);
  expect(isIso(body.sentAt)).toBe(true);
  expect(body.test).toBe(true);
  expect(['sms.status', 'sms.reply', 'link.click']).toContain(body.event);
  // Real time, whatever the sandbox's clock says: the SDKs' freshness check compares it with theirs.
  expect(Math.abs(Date.now() - Date.parse(body.sentAt))).toBeLessThan(60_000);
  expect(body.data !== null && typeof body.data === 'object').toBe(true);
  return body;
}

describe('outbound webhook events', () => {
  it('sms.status events: signed, with id, sentAt, test and the send data; also to urlCallback', async () => {
    const rx = await receiver();
    try {
      const a = await account();
      await a.put('/v1/account/webhook', { url: `${rx.url}/account` });
      const secret = (await a.get('/v1/account/webhook')).body.secret as string;
      expect(secret).toMatch(/^whsec_/);
      const sent = await a.post('/v1/sms/send/multiple', {
        messages: [{ phone: PHONE_DELIVERED, message: 'x', reference: 'pedido-42' }],
        urlCallback: `${rx.url}/callback`,
      });
      expect(sent.status).toBe(200);
      sb.advanceClock(10_000);
      const delivered = (h: Hit, path: string) =>
        h.path === path && JSON.parse(h.raw).data.status === 'delivered';
      await until(
        () => rx.hits.some((h) => delivered(h, '/account')) && rx.hits.some((h) => delivered(h, '/callback')),
      );
      const ids = new Set<string>();
      for (const hit of rx.hits) {
        const ev = expectSignedEvent(hit, secret);
        expect(ev.event).toBe('sms.status');
        const data = JSON.stringify(ev.data);
        expect(data).toContain(sent.body.id);
        expect(ev.data.phone).toBe(PHONE_DELIVERED.slice(1)); // without +, as the SDKs write it
        expect(data).toContain('pedido-42');
        if (hit.path === '/account') {
          expect(ids.has(ev.id), 'event ids are unique').toBe(false);
          ids.add(ev.id);
        }
      }
    } finally {
      await rx.close();
    }
  });

  it('link.click event on a short-link visit', async () => {
    const rx = await receiver();
    try {
      const a = await account();
      await a.put('/v1/account/webhook', { url: rx.url });
      const secret = (await a.get('/v1/account/webhook')).body.secret as string;
      const link = (await a.post('/v1/short-links', { url: 'https://example.com' })).body;
      await (await fetch(link.shortUrl, { redirect: 'manual' })).arrayBuffer();
      await until(() => rx.hits.length > 0);
      const ev = expectSignedEvent(rx.hits[0]!, secret);
      expect(ev.event).toBe('link.click');
      expect(JSON.stringify(ev.data)).toContain(link.id);
    } finally {
      await rx.close();
    }
  });
});

// ---------------------------------------------------------------------------
// Readings of the spec (src/sandbox/README.md), pinned
// ---------------------------------------------------------------------------

describe('readings of the spec', () => {
  it('optional fields are omitted, not null: null is a 422 on the field', async () => {
    const a = await account();
    const cases: [string, unknown, string][] = [
      ['/v1/contacts/store', { full_name: 'Ana', phone: '+5511999990000', email: null }, 'email'],
      ['/v1/sms/send/single', { phone: '+5511999990000', message: 'x', reference: null }, 'reference'],
      ['/v1/billing/purchase', { quantity: 1000, plan_id: null }, 'plan_id'],
    ];
    for (const [path, body, field] of cases) {
      expectError(await a.post(path, body), 422, 'validation_error', field);
    }
  });

  it('unknown (e.g. mis-cased) request fields are ignored, and the answer shows nothing changed', async () => {
    const a = await account();
    const before = (await a.get('/v1/account/auto-recharge')).body;
    const res = await a.put('/v1/account/auto-recharge', { planQuantity: 5000, alertEnabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before);
  });

  it('a schedule in the past is accepted as scheduled and goes out at once', async () => {
    const a = await account();
    const res = await a.post('/v1/sms/send/single', {
      phone: PHONE_DELIVERED,
      message: 'x',
      schedule: new Date(Date.now() - 3600_000).toISOString(),
    });
    expectSendResult(res.body, 1, 'scheduled');
    sb.advanceClock(10_000);
    const d = (await a.get(`/v1/sms/${res.body.id}/show`)).body;
    expect(d.summary).toMatchObject({ delivered: 1, done: true });
  });

  it('schedule is ISO 8601 with or without milliseconds, as the PHP SDK sends it; a date alone is a 422', async () => {
    const a = await account();
    // The PHP SDK's own test sends `2026-07-01T12:00:00Z` (facts, "What the SDKs' own test vectors show").
    for (const schedule of [
      '2030-01-01T00:00:00Z',
      '2030-01-01T00:00:00.000Z',
      '2030-01-01T00:00:00-03:00',
    ]) {
      const res = await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'x', schedule });
      expect(res.status, schedule).toBe(200);
      expect(res.body.status).toBe('scheduled');
    }
    for (const schedule of ['2030-01-01', '2030-01-01 00:00:00', '2030-13-01T00:00:00Z', 'amanhã']) {
      expectError(
        await a.post('/v1/sms/send/single', { phone: '+5511999990000', message: 'x', schedule }),
        422,
        'validation_error',
        'schedule',
      );
    }
  });
});

// ---------------------------------------------------------------------------
// What a strict client may trip on, where the spec is silent
// ---------------------------------------------------------------------------

describe('robustness for strict clients', () => {
  it('unknown routes answer a JSON 404, never HTML', async () => {
    const a = await account();
    for (const path of ['/v1/nope', '/v1/account/balance/', '/', '/v1/sms//show']) {
      const res = await a.get(path);
      expect(res.status).toBe(404);
      expect(isStr(res.body.code) && isStr(res.body.message)).toBe(true);
    }
  });

  it('a known path with another method answers a JSON error', async () => {
    const a = await account();
    const res = await a.del('/v1/account/balance');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(isStr(res.body.code)).toBe(true);
  });

  it('HEAD and OPTIONS do not crash the server', async () => {
    const a = await account();
    for (const method of ['HEAD', 'OPTIONS']) {
      const res = await fetch(`${sb.url}/v1/account/balance`, {
        method,
        headers: { Authorization: `Bearer ${a.token}` },
      });
      await res.arrayBuffer();
      expect(res.status).toBeLessThan(500);
    }
    expect((await a.get('/v1/account/balance')).status).toBe(200);
  });

  it('a JSON body that is not an object is 400 or 422, with the error body', async () => {
    const a = await account();
    for (const raw of ['[]', '"x"', '42', 'null']) {
      const res = await http('POST', '/v1/lists/store', { token: a.token, raw });
      expect([400, 422]).toContain(res.status);
      expect(isStr(res.body.code)).toBe(true);
    }
  });
});
