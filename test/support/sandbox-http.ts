/* eslint-disable @typescript-eslint/no-explicit-any -- responses are checked field by field in the tests */
/**
 * Test helpers for the sandbox: real HTTP with global fetch, one isolated
 * account (a fresh `test_` key) per test.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox';

export interface Res<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export const uniqueKey = (): string => `test_${randomUUID()}`;

export async function call<T = any>(
  url: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }
  const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? null : JSON.parse(text) };
}

export class Client {
  constructor(
    readonly url: string,
    readonly token: string,
    readonly key: string,
  ) {}

  get<T = any>(path: string) {
    return call<T>(this.url, 'GET', path, { token: this.token });
  }
  post<T = any>(path: string, body?: unknown) {
    return call<T>(this.url, 'POST', path, { token: this.token, body });
  }
  put<T = any>(path: string, body?: unknown) {
    return call<T>(this.url, 'PUT', path, { token: this.token, body });
  }
  del<T = any>(path: string) {
    return call<T>(this.url, 'DELETE', path, { token: this.token });
  }
}

export async function login(sb: Sandbox, key = uniqueKey()): Promise<Client> {
  const res = await call(sb.url, 'GET', '/v1/auth/token', { headers: { 'SMSGo-key': key } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return new Client(sb.url, res.body.token, key);
}

/** Starts a sandbox before each test of the file and closes it after. */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sb: Sandbox | undefined;
  beforeEach(async () => {
    sb = await startSandbox(options);
  });
  afterEach(async () => {
    await sb?.close();
    sb = undefined;
  });
  return () => {
    if (!sb) throw new Error('sandbox not started');
    return sb;
  };
}

export const phone = (i: number): string => `+55119${String(10_000_000 + i).padStart(8, '0')}`;

export function messages(n: number, text = 'Oferta da semana na Loja!') {
  return Array.from({ length: n }, (_, i) => ({ phone: phone(i), message: text }));
}

/** Buys the 50 000-credit package (R$ 2 500) so that big sends are covered. */
export async function topUp(c: Client): Promise<void> {
  const plans = await c.get('/v1/billing/plans');
  const big = plans.body.data.find((p: { quantity: number }) => p.quantity === 50_000);
  const res = await c.post('/v1/billing/purchase', { plan_id: big.id });
  if (res.status !== 200) throw new Error(`top-up failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A local webhook receiver on 127.0.0.1 that records every request. */
export async function startReceiver(status = 200, host = '127.0.0.1') {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  let answer = status;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(answer).end();
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    setStatus(s: number) {
      answer = s;
    },
    /** Resolves when `pred` holds over what was received, or rejects after `ms`. */
    async waitFor(pred: (r: Received[]) => boolean, ms = 5_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (!pred(received)) {
        if (Date.now() > deadline)
          throw new Error(`receiver: condition not met, got ${received.length} request(s)`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
