/**
 * A real Torpedo Server (Fastify on an embedded Postgres database of its own,
 * listening on 127.0.0.1) and a real core signed into a real sandbox, for the
 * server domain's tests. The replies the core reads go to a recording intake
 * (idempotent by event id, as the contract asks) until the inbox domain's own
 * is composed in.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { DELIVERY_TIMINGS_ENV } from '@core/campaigns/delivery/delivery-timings';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { openDatabase, type Database } from '@core/db/open-database';
import type { IncomingReply, InboxIntake } from '@core/inbox/inbox-intake';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import type { SecretStore } from '@core/secrets/secret-store';
import { SERVER_PATHS } from '@shared/server-contract/v1';
import { createPairingCode } from '../../../src/server/devices/pairing';
import { buildApp } from '../../../src/server/http/app';
import type { Pool } from '../../../src/server/db/pool';
import { prepareDatabase } from '../../server/support/server-app';
import type { TestPostgres } from '../../server/support/postgres';
import { sendAnyTime } from '../../support/any-time-rules';
import { FAST_DELIVERY } from '../../support/delivery-harness';
import { createRecordingHost } from '../../support/test-host';
import { tempDir } from '../../support/temp-dir';

export interface RunningTestServer {
  url: string;
  pool: Pool;
  workspaceId: string;
  app: FastifyInstance;
  /** A fresh one-use pairing code. */
  code(): Promise<string>;
  /** The next `count` acks answer 503 (the page was applied; its ack is lost). */
  loseAcks(count: number): void;
  /** The next request to `path` answers 503. */
  failNext(path: string): void;
  /** Stored events of `event`, as the server keeps them. */
  events(event: string): Promise<{ event_id: string; raw: string }[]>;
}

/** A server on a fresh database; an unacknowledged page is handed again at once (holdMs 0). */
export async function startTestServer(pg: TestPostgres): Promise<RunningTestServer> {
  const pool = await pg.newPool();
  const workspaceId = await prepareDatabase(pool);
  const app = await buildApp({ pool, holdMs: 0, limits: { hook: 100_000, api: 100_000, pair: 1_000 } });
  const toFail = new Map<string, number>();
  app.addHook('onRequest', async (request, reply) => {
    const left = toFail.get(request.url) ?? 0;
    if (left > 0) {
      toFail.set(request.url, left - 1);
      return reply.code(503).send({ code: 'internal', message: 'lost on the way' });
    }
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => app.close());
  return {
    url,
    pool,
    workspaceId,
    app,
    code: async () => (await createPairingCode(pool, workspaceId, Date.now())).code,
    loseAcks: (count) => void toFail.set(SERVER_PATHS.ack, count),
    failNext: (path) => void toFail.set(path, 1),
    events: async (event) =>
      (
        await pool.query<{ event_id: string; raw: string }>(
          'SELECT event_id, raw FROM events WHERE event = $1 ORDER BY seq',
          [event],
        )
      ).rows,
  };
}

/** An intake that keeps each reply once by its event id, and says what it was handed. */
export function recordingIntake(): InboxIntake & { kept: IncomingReply[]; calls: number } {
  const kept: IncomingReply[] = [];
  const intake = {
    kept,
    calls: 0,
    receive(_profile: string, replies: readonly IncomingReply[]) {
      intake.calls++;
      const fresh = replies.filter((r) => !kept.some((k) => k.eventId === r.eventId));
      kept.push(...fresh);
      const optedOut = fresh.filter((r) => /^\s*sair\s*$/i.test(r.text)).length;
      return { received: fresh.length, optedOut, phones: [...new Set(fresh.map((r) => r.phone))] };
    },
  };
  return intake;
}

export interface ServerCore {
  core: Core;
  dataDir: string;
  store: SecretStore;
  intake: ReturnType<typeof recordingIntake>;
  /** A second connection, as another process would have: for the tests' own reads. */
  db: Database;
  events: { event: string; payload: unknown }[];
  call<T>(channel: string, input?: unknown): Promise<T>;
  /** The failure's code and params of a call expected to fail. */
  refusal(channel: string, input?: unknown): Promise<{ code: string; params?: unknown; fields?: unknown }>;
}

/** A core on a data folder of its own, signed into `key` at the sandbox; background work as asked. */
export async function startServerCore(opts: {
  accountKey: string;
  baseUrl: string;
  background?: boolean;
  store?: SecretStore;
  /** The inbox domain's own intake (opt-outs, their confirmations) instead of the recording one. */
  realInbox?: boolean;
  /** An existing data folder (a restart of the app on it); a fresh one otherwise. */
  dataDir?: string;
  /** Signed in already (a restart): the session comes back from the store. */
  signIn?: boolean;
  /** Waits of the delivery (and of the inbox's sends) other than the fast ones. */
  timings?: Partial<typeof FAST_DELIVERY>;
}): Promise<ServerCore> {
  const dataDir = opts.dataDir ?? tempDir();
  const intake = recordingIntake();
  const store = opts.store ?? createMemorySecretStore();
  const previous = process.env[DELIVERY_TIMINGS_ENV];
  process.env[DELIVERY_TIMINGS_ENV] = JSON.stringify({ ...FAST_DELIVERY, ...opts.timings });
  let core: Core;
  try {
    core = await createCore({
      dataDir,
      host: createRecordingHost('pt-BR'),
      secretStore: store,
      ...(opts.realInbox ? {} : { inboxIntake: intake }),
      background: opts.background ?? false,
    });
  } finally {
    if (previous === undefined) delete process.env[DELIVERY_TIMINGS_ENV];
    else process.env[DELIVERY_TIMINGS_ENV] = previous;
  }
  const events: { event: string; payload: unknown }[] = [];
  core.onEvent((event, payload) => events.push({ event, payload }));
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  onTestFinished(async () => {
    await core.close();
    db.close();
  });
  const call = async <T>(channel: string, input: unknown = {}) => {
    const r = await core.dispatchUntrusted(channel, input);
    if (!r.ok) {
      throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
    }
    return r.value as T;
  };
  const refusal = async (channel: string, input: unknown = {}) => {
    const r = await core.dispatchUntrusted(channel, input);
    if (r.ok) throw new Error(`${channel} was expected to fail`);
    return { code: r.error.code, params: r.error.details?.params, fields: r.error.details?.fields };
  };
  if (opts.signIn !== false) {
    await call('session:signIn', { accountKey: opts.accountKey, baseUrl: opts.baseUrl });
    await sendAnyTime(core);
  }
  return { core, dataDir, store, intake, db, events, call, refusal };
}
