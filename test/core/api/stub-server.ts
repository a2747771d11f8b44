/**
 * A tiny real HTTP server for the error paths the sandbox cannot produce
 * (tests name these "against a local stub server"), and a counting proxy that
 * forwards to the sandbox while recording every request, so tests can prove
 * how many times the client hit the wire.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StubServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export type StubHandler = (req: SeenRequest, res: http.ServerResponse) => void | Promise<void>;

/** Starts a server on 127.0.0.1 (closed when the test finishes). */
export async function startStub(handler: StubHandler): Promise<StubServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      void Promise.resolve(handler(seen, res)).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  onTestFinished(close);
  return { url: `http://127.0.0.1:${port}`, requests, close };
}

export function json(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** Forwards everything to `target`, recording each request on the way. */
export async function startCountingProxy(target: string): Promise<StubServer> {
  return startStub(async (req, res) => {
    const upstream = await fetch(`${target}${req.path}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] =>
            typeof e[1] === 'string' && !['host', 'connection', 'content-length'].includes(e[0]),
        ),
      ),
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
    });
    const headers: http.OutgoingHttpHeaders = {};
    upstream.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
        headers[name] = value;
    });
    res.writeHead(upstream.status, headers);
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
}

/** A port with nothing listening on it: connect gets ECONNREFUSED. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export const STUB_TOKEN = 'stub_token_0123456789abcdef';

/** A stub that exchanges any key for STUB_TOKEN and hands every other request to `handler`. */
export function startStubService(handler: StubHandler): Promise<StubServer> {
  return startStub((req, res) => {
    if (req.method === 'GET' && req.path === '/v1/auth/token')
      return json(res, 200, { token: STUB_TOKEN, mode: 'test' });
    return handler(req, res);
  });
}

/** The requests other than the token exchange. */
export const calls = (stub: StubServer): string[] =>
  stub.requests.filter((r) => r.path !== '/v1/auth/token').map((r) => `${r.method} ${r.path}`);

export const BALANCE = { balance: 12.5, currency: 'BRL', company: { name: 'Padaria', document: null } };
