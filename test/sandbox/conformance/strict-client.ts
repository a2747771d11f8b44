/* eslint-disable @typescript-eslint/no-explicit-any -- wire bodies are checked field by field */
/**
 * The strict client and the shape checks of the sandbox's conformance tests
 * (conformance/*.test.ts, one file a part of the wire), written as an
 * independent client would: plain fetch, paths and field lists transcribed
 * from `shared/spec/service-wire-facts.md` and `messaging-service-interface.md`,
 * with no use of the app's client, wire constants or zod schemas.
 *
 * Every response body is checked for its exact key set, the types the spec
 * gives, nullability and casing. Sandbox-only behaviour (magic cards, the
 * fault and clock admin routes, the purchase rate limit of 5 per 60 s) comes
 * from `src/sandbox/README.md` and is used only to provoke the statuses the
 * spec lists.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index';
import { META_KEYS, SEND_RESULT_KEYS, UUID, ISO } from './spec-facts';

// ---------------------------------------------------------------------------
// A minimal, strict HTTP client
// ---------------------------------------------------------------------------

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** The sandbox of the test running now (a fresh one per test: sandboxPerTest). */
export let sb: Sandbox;

/** Starts a sandbox of its own for each test of the file, on a free port, and closes it after. */
export function sandboxPerTest(): void {
  beforeEach(async () => {
    sb = await startSandbox({ port: 0 });
  });
  afterEach(async () => {
    await sb.close();
  });
}

/** Any non-empty body must be JSON and labelled as such. */
export async function http(method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
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

export class Account {
  constructor(
    readonly key: string,
    public token: string,
  ) {}
  get = (path: string) => http('GET', path, { token: this.token });
  post = (path: string, body?: unknown) => http('POST', path, { token: this.token, body });
  put = (path: string, body?: unknown) => http('PUT', path, { token: this.token, body });
  del = (path: string) => http('DELETE', path, { token: this.token });
}

export async function exchange(key: string): Promise<Reply> {
  return http('GET', '/v1/auth/token', { headers: { 'SMSGo-key': key } });
}

export async function account(): Promise<Account> {
  const key = `test_${randomUUID()}`;
  const res = await exchange(key);
  expect(res.status).toBe(200);
  return new Account(key, res.body.token);
}

// ---------------------------------------------------------------------------
// Shape assertions
// ---------------------------------------------------------------------------

export function expectKeys(obj: unknown, keys: string[], what = 'body'): void {
  expect(obj !== null && typeof obj === 'object' && !Array.isArray(obj), `${what} is an object`).toBe(true);
  expect(Object.keys(obj as object).sort(), `${what} keys`).toEqual([...keys].sort());
}

export const isInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v);
export const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
export const isStr = (v: unknown): boolean => typeof v === 'string';
export const isIso = (v: unknown): boolean =>
  typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v));
export const isNullOr = (v: unknown, pred: (x: unknown) => boolean): boolean => v === null || pred(v);

export function expectError(res: Reply, status: number, code: string, field?: string): void {
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

export function expectPaginated(res: Reply, itemKeys?: string[]): any[] {
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

export function expectSendResult(b: any, quantity: number, status: 'queued' | 'scheduled'): void {
  expectKeys(b, SEND_RESULT_KEYS, 'SendResult');
  expect(b.id).toMatch(UUID);
  expect(b.quantity).toBe(quantity);
  expect(b.status).toBe(status);
  expect(b.test).toBe(true); // test_ key: responses carry test: true
}

export const until = async (pred: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

export const phoneN = (i: number): string => `+5511${String(910_000_000 + i)}`;

export async function balanceOf(a: Account): Promise<number> {
  return (await a.get('/v1/account/balance')).body.balance;
}

export async function plans(a: Account): Promise<any[]> {
  return (await a.get('/v1/billing/plans')).body.data;
}

/** Every protected operation, for the 401 sweep. */
export const PROTECTED: [string, string, unknown?][] = [
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
