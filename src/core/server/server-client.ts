/**
 * The desktop's side of the desktop–server contract, version 1
 * (src/shared/server-contract/v1.ts): one got instance per call, every answer
 * validated with the contract's zod schemas, short time limits (the server is
 * ours and small: a slow one is a down one), and every failure turned into
 * one of the few things the owner can act on:
 *
 * - `ServerUnreachable`: no answer at all (offline, wrong address, server down);
 * - `ServerRefused`: an answer with an error code (the contract's `serverError`),
 *   `unauthorized` among them (the server no longer knows this computer);
 * - `ServerBadAnswer`: an answer that is not the contract's (not a Torpedo Server).
 *
 * Nothing here retries: the sync is called again every few seconds, and
 * pairing twice with a one-use code cannot work anyway.
 */
import got, { HTTPError, RequestError, type Method } from 'got';
import type { z } from 'zod';
import {
  SERVER_PATHS,
  ackOutput,
  eventsOutput,
  pairOutput,
  pairingCodeOutput,
  serverError,
  statusOutput,
  type EventsOutput,
  type PairOutput,
  type PairingCodeOutput,
  type ServerErrorCode,
  type StatusOutput,
} from '../../shared/server-contract/v1';

/** Per attempt: connecting is quick or not happening; a page of 100 events is small. */
export const SERVER_TIMEOUTS = { connectMs: 5_000, requestMs: 15_000 } as const;
/** A page of events is at most 500 bodies of 64 KB: anything beyond is not our server. */
const MAX_ANSWER_BYTES = 40 * 1024 * 1024;

export class ServerUnreachable extends Error {
  constructor(readonly reason: string) {
    super(`The server did not answer (${reason}).`);
    this.name = 'ServerUnreachable';
  }
}

export class ServerRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: ServerErrorCode | `http_${number}`,
  ) {
    super(`The server refused the request (${code}).`);
    this.name = 'ServerRefused';
  }
}

export class ServerBadAnswer extends Error {
  constructor(readonly detail: string) {
    super(`The server answered in a way Torpedo does not know (${detail}).`);
    this.name = 'ServerBadAnswer';
  }
}

export interface ServerClient {
  pair(code: string, name: string): Promise<PairOutput>;
  status(token: string): Promise<StatusOutput>;
  handWebhookSecret(token: string, secret: string): Promise<void>;
  pairingCode(token: string): Promise<PairingCodeOutput>;
  events(token: string, limit?: number): Promise<EventsOutput>;
  ack(token: string, cursor: string): Promise<number>;
}

/** A client of the server at `baseUrl` (no trailing slash, as the contract's serverUrl leaves it). */
export function createServerClient(baseUrl: string, userAgent = 'Torpedo'): ServerClient {
  async function call<S extends z.ZodType>(
    method: Method,
    path: string,
    options: {
      token?: string;
      json?: unknown;
      searchParams?: Record<string, string | number>;
      schema: S | null;
    },
  ): Promise<z.infer<S>> {
    let body: string;
    let tooLarge = false;
    const stop = new AbortController();
    try {
      const request = got(baseUrl + path, {
        method,
        signal: stop.signal,
        ...(options.json !== undefined ? { json: options.json } : {}),
        ...(options.searchParams ? { searchParams: options.searchParams } : {}),
        headers: {
          'user-agent': userAgent,
          accept: 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        retry: { limit: 0 },
        followRedirect: false,
        timeout: { connect: SERVER_TIMEOUTS.connectMs, request: SERVER_TIMEOUTS.requestMs },
        responseType: 'text',
      });
      request.on('downloadProgress', (progress) => {
        if (progress.transferred <= MAX_ANSWER_BYTES) return;
        tooLarge = true;
        stop.abort();
      });
      body = (await request).body;
    } catch (error) {
      throw tooLarge ? new ServerBadAnswer('answer too large') : failureOf(error);
    }
    if (options.schema === null) return undefined as z.infer<S>;
    const parsed = options.schema.safeParse(parseJson(body));
    if (!parsed.success) throw new ServerBadAnswer(`${method} ${path}`);
    return parsed.data as z.infer<S>;
  }

  return {
    pair: (code, name) => call('POST', SERVER_PATHS.pair, { json: { code, name }, schema: pairOutput }),
    status: (token) => call('GET', SERVER_PATHS.status, { token, schema: statusOutput }),
    handWebhookSecret: async (token, secret) => {
      await call('PUT', SERVER_PATHS.webhookSecret, { token, json: { secret }, schema: null });
    },
    pairingCode: (token) =>
      call('POST', SERVER_PATHS.pairingCodes, { token, json: {}, schema: pairingCodeOutput }),
    events: (token, limit) =>
      call('GET', SERVER_PATHS.events, {
        token,
        ...(limit ? { searchParams: { limit } } : {}),
        schema: eventsOutput,
      }),
    ack: async (token, cursor) =>
      (await call('POST', SERVER_PATHS.ack, { token, json: { cursor }, schema: ackOutput })).acknowledged,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failureOf(error: unknown): Error {
  if (error instanceof HTTPError) {
    const status = error.response.statusCode;
    const said = serverError.safeParse(parseJson(String(error.response.body ?? '')));
    if (said.success) return new ServerRefused(status, said.data.code);
    // An answer without the contract's error body: something else is at that address.
    return status >= 500
      ? new ServerUnreachable(`HTTP ${status}`)
      : new ServerRefused(status, `http_${status}`);
  }
  if (error instanceof RequestError) return new ServerUnreachable(error.code);
  return new ServerUnreachable('unknown');
}
