/**
 * `torpedo worker` as a user runs it: a real process on a real data folder,
 * against a sandbox process, delivering campaigns made with the real CLI
 * (`campaign create --file`, `campaign send`).
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import { openDatabase } from '@core/db/open-database';
import { tempDir } from '../support/temp-dir';
import { campaignThroughCli, spawnSandbox, torpedo, untilIdleWorker } from '../support/processes';

const SEND = 'POST /v1/sms/send/multiple';
const FAST = JSON.stringify({
  settleMs: 1_500,
  retryBaseMs: 50,
  retryMaxMs: 1_000,
  offlineBaseMs: 100,
  offlineMaxMs: 500,
  idlePollMs: 100,
  balancePollMs: 200,
});

const newKey = (label: string) => `test_${label}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;

const once = (references: (string | null)[], expected: string[]) => {
  const counts = new Map<string | null, number>();
  for (const r of references) counts.set(r, (counts.get(r) ?? 0) + 1);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect(references).toHaveLength(expected.length);
  expect([...references].sort()).toEqual([...expected].sort());
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('torpedo worker', () => {
  it('faults (10% 5xx, 5% time-out after commit, 429 bursts, a 409): the campaign completes, every reference once', async () => {
    const sandbox = await spawnSandbox({ seed: 21 });
    const key = newKey('faults');
    await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 100_000 });
    const dataDir = tempDir();
    const frozen = await campaignThroughCli(dataDir, {
      name: 'Faults',
      message: 'Oferta para {{nome}}',
      contacts: 12_000,
    });
    await sandbox.faults(
      [
        // Sure to happen to the bulk sends: a burst of 429s, a 409, a 5xx, an answer lost after the commit.
        { route: SEND, fault: 'status', status: 429, count: 3 },
        { route: SEND, fault: 'status', status: 409, count: 1 },
        { route: SEND, fault: 'status', status: 502, count: 1 },
        { route: SEND, fault: 'timeout-after-commit', delayMs: 300, count: 1 },
        // Then, on every route (sign-in, balance, the reconcile reads, the sends): 10% 5xx, 5% lost answers.
        { route: '*', fault: 'status', status: 503, probability: 0.1 },
        { route: '*', fault: 'timeout-after-commit', delayMs: 300, probability: 0.05 / 0.9 },
      ],
      7,
    );
    const run = torpedo(untilIdleWorker(dataDir, sandbox.url, key), { TORPEDO_DELIVERY_TIMINGS: FAST });
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      idle: true,
      stopped: false,
      campaigns: [{ id: frozen.id, status: 'completed', messages: { accepted: 12_000, total: 12_000 } }],
    });
    once(
      (await sandbox.ledger(key)).messages.map((m) => m.reference),
      frozen.references,
    );
    // The deterministic faults alone mean the batches took at least 3 + 1 + 1 extra attempts.
    const db = openDatabase(join(dataDir, 'torpedo.db'));
    const attempts = db.prepare('SELECT sum(attempts) AS n FROM campaign_batches').get() as { n: number };
    db.close();
    expect(attempts.n).toBeGreaterThanOrEqual(3 + 5);
    expect(result.stdout + result.stderr).not.toContain(key);
  }, 120_000);

  it('a second worker on the folder says what it waits for, takes over when the first stops; every message once', async () => {
    const sandbox = await spawnSandbox({ seed: 22 });
    const key = newKey('second');
    await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 10_000 });
    const dataDir = tempDir();
    const frozen = await campaignThroughCli(dataDir, { name: 'Dois', message: 'Oi {{nome}}', contacts: 3 });
    // The first worker's send takes 10 s: the second starts (a few seconds) while the first holds the folder.
    await sandbox.faults([{ route: SEND, fault: 'delay', delayMs: 10_000 }]);
    const env = { TORPEDO_DELIVERY_TIMINGS: FAST, LANG: 'C.UTF-8' };
    const first = torpedo(untilIdleWorker(dataDir, sandbox.url, key), env);
    await first.waitFor(/Worker started/);
    const second = torpedo(untilIdleWorker(dataDir, sandbox.url, key), env);
    const [a, b] = await Promise.all([first.done, second.done]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stderr).toContain(`Waiting: another worker (process ${first.child.pid} on this computer`);
    once(
      (await sandbox.ledger(key)).messages.map((m) => m.reference),
      frozen.references,
    );
  }, 120_000);

  it('402: --until-idle exits 3 with the campaign held for credit; after a purchase it delivers and exits 0', async () => {
    const sandbox = await spawnSandbox({ seed: 22 });
    const key = newKey('credit');
    const dataDir = tempDir();
    // 1200 messages at R$ 0.09 (R$ 108) against the seeded R$ 50. Made offline by the CLI, the campaign has no
    // price yet (no catalogue read): the 402 is what tells, and the hold cannot say how much is missing.
    const frozen = await campaignThroughCli(dataDir, {
      name: 'Credit',
      message: 'Oferta para {{nome}}',
      contacts: 1_200,
    });
    const args = untilIdleWorker(dataDir, sandbox.url, key);

    const held = await torpedo(args, { TORPEDO_DELIVERY_TIMINGS: FAST }).done;
    expect(held.code, held.stderr).toBe(3);
    expect(JSON.parse(held.stdout)).toMatchObject({
      idle: true,
      campaigns: [
        {
          id: frozen.id,
          status: 'held',
          hold: { code: 'insufficient_balance', batch: 0 },
          messages: { accepted: 0, total: 1_200 },
          batches: { queued: 1 },
        },
      ],
    });
    expect(held.stderr).toMatch(/Campaign on hold: Credit/);
    expect((await sandbox.ledger(key)).messages).toHaveLength(0);

    // Buy credits with the sandbox's test card (the account's default saved card).
    const bought = await torpedo([
      'credits',
      'buy',
      '--quantity',
      '1000',
      '--data-dir',
      dataDir,
      '--base-url',
      sandbox.url,
      '--key',
      key,
      '--json',
    ]).done;
    expect(bought.code, bought.stderr).toBe(0);

    const resumed = await torpedo(args, { TORPEDO_DELIVERY_TIMINGS: FAST }).done;
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout).campaigns).toMatchObject([{ status: 'completed', hold: null }]);
    once(
      (await sandbox.ledger(key)).messages.map((m) => m.reference),
      frozen.references,
    );
  }, 90_000);

  it('offline: started while the service is down, it waits, and delivers once the service is back', async () => {
    const port = await freePort();
    const dbFile = join(tempDir(), 'sandbox.json');
    const key = newKey('offline');
    const first = await spawnSandbox({ port, dbFile, seed: 23 });
    await createSmsGoClient({ baseUrl: first.url, accountKey: key }).purchase({ quantity: 1000 });
    await first.stop();

    // Made while the service is down: creating and freezing need no connection.
    const dataDir = tempDir();
    const frozen = await campaignThroughCli(dataDir, {
      name: 'Offline',
      message: 'Oferta para {{nome}}',
      contacts: 60,
    });
    const run = torpedo(untilIdleWorker(dataDir, first.url, key), { TORPEDO_DELIVERY_TIMINGS: FAST });
    await run.waitFor(/cannot be reached; trying again/);
    const back = await spawnSandbox({ port, dbFile, seed: 23 });
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
    once(
      (await back.ledger(key)).messages.map((m) => m.reference),
      frozen.references,
    );
  }, 90_000);

  it('no account: exit 1 with a clear error; a stray argument: exit 2 with the usage', async () => {
    const dataDir = tempDir();
    const none = await torpedo(['worker', '--until-idle', '--data-dir', dataDir, '--json'], {
      // No keychain here: the CLI asks for one only without --key.
      DBUS_SESSION_BUS_ADDRESS: 'disabled:',
    }).done;
    expect(none.code, none.stderr).toBe(1);
    expect(JSON.parse(none.stdout)).toMatchObject({ error: { code: 'not_signed_in' } });

    const stray = await torpedo(['worker', 'now', '--data-dir', dataDir]).done;
    expect(stray.code).toBe(2);
    expect(stray.stderr).toMatch(/Usage: torpedo/);
  }, 60_000);
});
