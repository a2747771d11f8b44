/** A Torpedo Server app on a fresh, migrated database, driven in process (Fastify's inject). */
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { SERVER_PATHS, type PairOutput } from '@shared/server-contract/v1';
import { signWebhookBody } from '@shared/webhook/signature';
import { createPairingCode } from '../../../src/server/devices/pairing';
import { migrate } from '../../../src/server/db/migrate';
import type { Pool } from '../../../src/server/db/pool';
import { defaultWorkspace } from '../../../src/server/db/workspaces';
import { buildApp, type AppOptions } from '../../../src/server/http/app';

export const SECRET = 'whsec_test_0123456789abcdef';

/** A clock the test moves. */
export function testClock(start = Date.parse('2026-12-07T12:00:00Z')) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms), set: (ms: number) => (t = ms) };
}

export interface TestServer {
  app: FastifyInstance;
  pool: Pool;
  workspaceId: string;
  hookPath: string;
}

export async function prepareDatabase(pool: Pool): Promise<string> {
  await migrate(pool);
  return defaultWorkspace(pool);
}

export async function testServer(pool: Pool, options: Omit<AppOptions, 'pool'> = {}): Promise<TestServer> {
  const workspaceId = await prepareDatabase(pool);
  const app = await buildApp({ limits: { hook: 100_000, api: 100_000, pair: 1_000 }, ...options, pool });
  onTestFinished(() => app.close());
  return { app, pool, workspaceId, hookPath: SERVER_PATHS.hook(workspaceId) };
}

/** Pairs a device through the API with a fresh code; its token and id. */
export async function pairDevice(s: TestServer, now: number, name = 'Caixa'): Promise<PairOutput> {
  const { code } = await createPairingCode(s.pool, s.workspaceId, now);
  const res = await s.app.inject({ method: 'POST', url: SERVER_PATHS.pair, payload: { code, name } });
  if (res.statusCode !== 200) throw new Error(`pair: ${res.statusCode} ${res.body}`);
  return res.json<PairOutput>();
}

/** Pairs a device and hands the server the webhook secret. */
export async function pairedWithSecret(s: TestServer, now: number, secret = SECRET): Promise<PairOutput> {
  const device = await pairDevice(s, now);
  const res = await s.app.inject({
    method: 'PUT',
    url: SERVER_PATHS.webhookSecret,
    headers: { authorization: `Bearer ${device.token}` },
    payload: { secret },
  });
  if (res.statusCode !== 204) throw new Error(`secret: ${res.statusCode} ${res.body}`);
  return device;
}

let n = 0;
/** A well-formed `sms.reply` event body, sent at `sentAt`. */
export function replyBody(
  sentAt: number,
  id = `evt_${process.pid}_${++n}`,
  message = 'Oi, tem em azul?',
): string {
  return JSON.stringify({
    id,
    event: 'sms.reply',
    sentAt: new Date(sentAt).toISOString(),
    test: false,
    data: { fromPhone: '5511999990000', message, receivedAt: new Date(sentAt).toISOString() },
  });
}

/** POSTs `body` to the hook, signed with `secret` (or with the `signature` given; null: none). */
export async function postHook(
  s: TestServer,
  body: string,
  options: { secret?: string; signature?: string | null; contentType?: string } = {},
) {
  const signature =
    options.signature === undefined
      ? await signWebhookBody(body, options.secret ?? SECRET)
      : options.signature;
  return s.app.inject({
    method: 'POST',
    url: s.hookPath,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(signature === null ? {} : { 'x-smsgo-signature': signature }),
    },
    payload: body,
  });
}

export async function storedEvents(pool: Pool): Promise<{ event_id: string; raw: string }[]> {
  return (
    await pool.query<{ event_id: string; raw: string }>('SELECT event_id, raw FROM events ORDER BY seq')
  ).rows;
}
