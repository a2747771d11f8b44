/**
 * Torpedo Server as real processes on one real Postgres: two processes share
 * a burst (each event stored once, handed to the computer once), and a
 * process killed in the middle of a burst loses nothing it answered 2xx.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_PATHS, eventsOutput, pairOutput, type PairOutput } from '@shared/server-contract/v1';
import { signWebhookBody } from '@shared/webhook/signature';
import { usePostgres } from './support/postgres';
import { SECRET, replyBody } from './support/server-app';
import { inParallel, spawnServer, type ServerProcess } from './support/server-process';

const pg = usePostgres();

async function pairAndHandSecret(server: ServerProcess, other: ServerProcess = server): Promise<PairOutput> {
  const res = await fetch(server.url + SERVER_PATHS.pair, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: server.pairingCode, name: 'Caixa' }),
  });
  expect(res.status).toBe(200);
  const device = pairOutput.parse(await res.json());
  const put = await fetch(other.url + SERVER_PATHS.webhookSecret, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${device.token}` },
    body: JSON.stringify({ secret: SECRET }),
  });
  expect(put.status).toBe(204);
  return device;
}

/** POSTs a signed event; its status, or null when the connection failed (the server was killed). */
async function send(server: ServerProcess, device: PairOutput, body: string): Promise<number | null> {
  try {
    const res = await fetch(server.url + device.hookPath, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-smsgo-signature': await signWebhookBody(body, SECRET),
      },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

/** Reads the whole feed through `servers` at once, acknowledging as it goes: every id handed out. */
async function drain(servers: ServerProcess[], device: PairOutput): Promise<string[]> {
  const seen: string[] = [];
  const auth = { authorization: `Bearer ${device.token}` };
  await Promise.all(
    servers.map(async (server) => {
      for (;;) {
        const res = await fetch(`${server.url}${SERVER_PATHS.events}?limit=50`, { headers: auth });
        expect(res.status).toBe(200);
        const page = eventsOutput.parse(await res.json());
        if (!page.cursor) return;
        seen.push(...page.events.map((e) => e.id));
        const ack = await fetch(server.url + SERVER_PATHS.ack, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ cursor: page.cursor }),
        });
        expect(ack.status).toBe(200);
      }
    }),
  );
  return seen;
}

async function storedIds(url: string): Promise<string[]> {
  const pool = pg.poolOf(url);
  return (await pool.query<{ event_id: string }>('SELECT event_id FROM events')).rows.map((r) => r.event_id);
}

describe('Torpedo Server processes on one Postgres', () => {
  it('two processes share a burst: each event stored once, handed to the computer once', async () => {
    const url = await pg.newDatabase();
    // Both start at once on an empty database: one migrates, one workspace is made.
    const [a, b] = await Promise.all([spawnServer(url), spawnServer(url)]);
    expect(a.lines[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(a.lines[1]).toMatch(/^pairing code: \d{4}-\d{4}$/);
    const device = await pairAndHandSecret(a, b);
    const now = Date.now();
    const bodies = Array.from({ length: 600 }, (_, i) => replyBody(now, `evt_pair_${i}`));
    // Every event goes to one process; a third of them also to the other, at the same time (a retry).
    const jobs = bodies.flatMap((body, i) => [
      () => send(i % 2 ? a : b, device, body),
      ...(i % 3 === 0 ? [() => send(i % 2 ? b : a, device, body)] : []),
    ]);
    const statuses = await inParallel(jobs, 24);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const ids = await storedIds(url);
    expect(ids).toHaveLength(600);
    expect(new Set(ids).size).toBe(600);
    const handed = await drain([a, b], device);
    expect(handed).toHaveLength(600);
    expect(new Set(handed).size).toBe(600);
  });

  it('killed in the middle of a burst and restarted: every event answered 2xx is there, none twice', async () => {
    const url = await pg.newDatabase();
    const first = await spawnServer(url);
    const device = await pairAndHandSecret(first);
    const now = Date.now();
    const bodies = Array.from({ length: 1000 }, (_, i) => ({
      id: `evt_kill_${i}`,
      body: replyBody(now, `evt_kill_${i}`),
    }));
    let answered = 0;
    const statuses = await inParallel(
      bodies.map(({ body }) => async () => {
        const status = await send(first, device, body);
        if (status === 200 && ++answered === 300) void first.kill();
        return status;
      }),
      24,
    );
    const ok = bodies.filter((_, i) => statuses[i] === 200).map((b) => b.id);
    expect(ok.length).toBeGreaterThanOrEqual(300);
    expect(ok.length).toBeLessThan(1000);
    const afterKill = await storedIds(url);
    // Every event the server answered 2xx was committed before the answer.
    expect(afterKill).toEqual(expect.arrayContaining(ok));
    expect(new Set(afterKill).size).toBe(afterKill.length);

    // Restarted, it takes the service's retries: the ones not answered, and some answered again.
    const second = await spawnServer(url);
    const retries = bodies.filter((_, i) => statuses[i] !== 200 || i % 10 === 0);
    const again = await inParallel(
      retries.map(
        ({ body }) =>
          () =>
            send(second, device, body),
      ),
      24,
    );
    expect(again.every((s) => s === 200)).toBe(true);
    const ids = await storedIds(url);
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    const handed = await drain([second], device);
    expect(handed).toHaveLength(1000);
    expect(new Set(handed).size).toBe(1000);
  });
});
