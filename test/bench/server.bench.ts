/**
 * `npm run bench:server` (issue 33): how fast Torpedo Server stores the
 * service's events, beside a floor (the same transaction's INSERTs made by
 * the pg driver alone, on the same Postgres, at the same concurrency), and
 * the p95 time from a webhook's arrival to the event being read by a paired
 * computer's feed (GET /v1/events + ack, as the desktop's sync does), and
 * from a customer's reply to the app's inbox: a real desktop core, connected
 * as the owner connects it, reading the server in the background.
 *
 * Everything real: an embedded Postgres, the server as its own process,
 * signed events over HTTP on loopback.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_PATHS, eventsOutput, pairOutput } from '@shared/server-contract/v1';
import { signWebhookBody } from '@shared/webhook/signature';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { migrate } from '../../src/server/db/migrate';
import { inTransaction, openPool } from '../../src/server/db/pool';
import { defaultWorkspace } from '../../src/server/db/workspaces';
import { spawnTorpedoServer } from '../support/torpedo-server-process';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { createRecordingHost } from '../support/test-host';
import { benchKey, startSandbox } from './sandbox-process';

const EVENTS = Number(process.env.BENCH_SERVER_EVENTS ?? 3000);
const CONCURRENCY = 8;
const INBOX_REPLIES = 100;
const SECRET = 'whsec_bench_' + randomBytes(8).toString('hex');

const replyBody = (i: number) =>
  JSON.stringify({
    id: `evt_bench_${i}_${randomBytes(6).toString('hex')}`,
    event: 'sms.reply',
    sentAt: new Date().toISOString(),
    test: true,
    data: {
      fromPhone: `55119${String(10_000_000 + i).slice(-8)}`,
      message: 'Tem no tamanho M?',
      receivedAt: new Date().toISOString(),
    },
  });

async function inParallel(count: number, width: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

/**
 * A desktop core connected to `serverUrl` (a new pairing code from `pairedAuth`'s computer), and
 * `count` replies posted by the sandbox one after another (each stored by the server when the
 * sandbox's call returns): the time from each post to its `inbox:changed`.
 */
async function desktopInbox(
  serverUrl: string,
  pairedAuth: Record<string, string>,
  backlog: number,
  count: number,
) {
  const sandbox = await startSandbox();
  const dataDir = mkdtempSync(join(tmpdir(), 'torpedo-bench-desktop-'));
  const core = await createCore({
    dataDir,
    host: createRecordingHost('pt-BR'),
    secretStore: createMemorySecretStore(),
  });
  try {
    const call = async (channel: string, input: unknown = {}) => {
      const r = await core.dispatchUntrusted(channel, input);
      if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
      return r.value;
    };
    const accountKey = benchKey('server');
    await call('session:signIn', { accountKey, baseUrl: sandbox.url });
    const { code } = (await (
      await fetch(serverUrl + SERVER_PATHS.pairingCodes, { method: 'POST', headers: pairedAuth })
    ).json()) as { code: string };
    await call('server:connect', { url: serverUrl, code });
    const seen = new Map<string, number>();
    core.onEvent((event, payload) => {
      if (event !== 'inbox:changed') return;
      for (const phone of (payload as { phones: string[] }).phones) seen.set(phone, performance.now());
    });
    // A computer paired now is handed the shop's earlier events too (the load above): its catch-up.
    const connectedAt = performance.now();
    while (seen.size < backlog && performance.now() - connectedAt < 300_000)
      await new Promise((r) => setTimeout(r, 50));
    const catchUpMs = performance.now() - connectedAt;
    const posted = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const phone = `+55119${String(20_000_000 + i).slice(-8)}`;
      posted.set(phone, performance.now());
      const res = await fetch(`${sandbox.url}/__sandbox/reply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: accountKey, fromPhone: phone, message: 'Tem no tamanho M?' }),
      });
      if (!((await res.json()) as { delivered: boolean }).delivered)
        throw new Error('the server refused a reply');
      // Spread over a few of the app's reads, as replies come in.
      await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 60_000;
    const arrived = () => [...posted.keys()].filter((phone) => seen.has(phone)).length;
    while (arrived() < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (arrived() < count) throw new Error(`only ${arrived()} of ${count} replies reached the inbox`);
    const latencies = [...posted].map(([phone, at]) => seen.get(phone)! - at).sort((a, b) => a - b);
    return { latencies, catchUpMs };
  } finally {
    await core.close();
    sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'torpedo-bench-server-'));
  const postgres = await startEmbeddedPostgres(dir);
  try {
    // --- the floor: the hook's transaction by the driver alone
    await postgres.createDatabase('floor');
    const floorPool = openPool(postgres.urlOf('floor'), CONCURRENCY);
    await migrate(floorPool);
    const workspace = await defaultWorkspace(floorPool);
    await floorPool.query(
      `INSERT INTO devices (id, workspace_id, name, token_hash, created_at) VALUES ('d1', $1, 'bench', 'x', now())`,
      [workspace],
    );
    const floorStart = performance.now();
    await inParallel(EVENTS, CONCURRENCY, async (i) => {
      const raw = replyBody(i);
      const id = (JSON.parse(raw) as { id: string }).id;
      await inTransaction(floorPool, async (client) => {
        await client.query('SELECT 1 FROM workspaces WHERE id = $1 FOR KEY SHARE', [workspace]);
        const inserted = await client.query<{ seq: string }>(
          `INSERT INTO events (workspace_id, event_id, event, sent_at, received_at, raw)
           VALUES ($1, $2, 'sms.reply', now(), now(), $3)
           ON CONFLICT ON CONSTRAINT events_once DO NOTHING RETURNING seq`,
          [workspace, id, raw],
        );
        await client.query(
          'INSERT INTO device_events (device_id, seq) SELECT id, $2 FROM devices WHERE workspace_id = $1',
          [workspace, inserted.rows[0]!.seq],
        );
      });
    });
    const floorMs = performance.now() - floorStart;
    await floorPool.end();

    // --- the server: signed events over HTTP, a paired computer reading its feed meanwhile
    await postgres.createDatabase('bench');
    const server = await spawnTorpedoServer(postgres.urlOf('bench'));
    try {
      const paired = pairOutput.parse(
        await (
          await fetch(server.url + SERVER_PATHS.pair, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ code: server.pairingCode, name: 'bench' }),
          })
        ).json(),
      );
      const auth = { authorization: `Bearer ${paired.token}` };
      const put = await fetch(server.url + SERVER_PATHS.webhookSecret, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ secret: SECRET }),
      });
      if (put.status !== 204) throw new Error(`webhook secret: ${put.status}`);
      const hookUrl = server.url + paired.hookPath;

      const postedAt = new Map<string, number>();
      const latencies: number[] = [];
      let reading = true;
      // The reader reads as the desktop does, but every 100 ms: the server's API allows a source
      // 600 requests a minute, and the page's `after` acknowledges the one before (one request a page).
      const reader = (async () => {
        let after: string | null = null;
        while (reading || latencies.length < EVENTS) {
          const query: string = after ? `&after=${encodeURIComponent(after)}` : '';
          const res = await fetch(`${server.url}${SERVER_PATHS.events}?limit=500${query}`, { headers: auth });
          if (!res.ok) throw new Error(`the feed answered ${res.status}: ${await res.text()}`);
          const page = eventsOutput.parse(await res.json());
          const seen = performance.now();
          for (const e of page.events) latencies.push(seen - postedAt.get(e.id)!);
          if (page.cursor) after = page.cursor;
          await new Promise((r) => setTimeout(r, 100));
          if (!reading && page.events.length === 0 && latencies.length >= EVENTS) break;
        }
        if (after) {
          await fetch(server.url + SERVER_PATHS.ack, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ cursor: after }),
          });
        }
      })();

      const bodies = Array.from({ length: EVENTS }, (_, i) => replyBody(i));
      const signatures = await Promise.all(bodies.map((b) => signWebhookBody(b, SECRET)));
      const start = performance.now();
      await inParallel(EVENTS, CONCURRENCY, async (i) => {
        const body = bodies[i]!;
        postedAt.set((JSON.parse(body) as { id: string }).id, performance.now());
        const res = await fetch(hookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-smsgo-signature': signatures[i]! },
          body,
        });
        if (res.status !== 200) throw new Error(`hook answered ${res.status}: ${await res.text()}`);
      });
      const serverMs = performance.now() - start;
      reading = false;
      await reader;

      latencies.sort((a, b) => a - b);
      const floorRate = (EVENTS / floorMs) * 1000;
      const serverRate = (EVENTS / serverMs) * 1000;
      console.log(`events: ${fmt(EVENTS)} sms.reply, ${CONCURRENCY} at a time`);
      console.log(
        `stored per second: ${fmt(serverRate)} through the server's hook (signed HTTP) · floor ${fmt(floorRate)} (the same INSERTs by pg alone) · ${(floorRate / serverRate).toFixed(2)}x`,
      );
      console.log(
        `webhook arrival -> a paired computer's feed: p50 ${pct(latencies, 0.5).toFixed(1)} ms, p95 ${pct(latencies, 0.95).toFixed(1)} ms (${latencies.length} read)`,
      );
      const { latencies: inbox, catchUpMs } = await desktopInbox(server.url, auth, EVENTS, INBOX_REPLIES);
      console.log(
        `a computer paired after the burst catches up: ${fmt(EVENTS)} replies in its inbox in ${(catchUpMs / 1000).toFixed(1)} s (${fmt((EVENTS / catchUpMs) * 1000)} a second)`,
      );
      console.log(
        `a customer's reply -> the app's inbox (the desktop reading the server in the background): p50 ${pct(inbox, 0.5).toFixed(0)} ms, p95 ${pct(inbox, 0.95).toFixed(0)} ms (${inbox.length} replies)`,
      );
      console.log(
        `peak RSS of this process (the load, the reader and the desktop): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
