/**
 * Crash proof: `torpedo worker --until-idle` (a real process) delivers
 * 12,000-message campaigns (3 batches each), made with the real CLI
 * (`campaign create --file`, `campaign send`), to a sandbox process whose
 * bulk sends are slow or lose their answer after committing, and is
 * SIGKILLed again and again: at random moments, and right after a batch's
 * request left (so the kill lands before the commit, or between the commit
 * and the answer). Restarted each time on the same data folder. Three
 * campaigns are queued at the start; if they are all delivered before the
 * last kill, another is made the same way. In the end the sandbox's ledger
 * holds every reference exactly once.
 *
 * The kill moments come from a seeded PRNG; the seed is printed, and
 * CRASH_SEED=<n> replays a run. The worker's reconcile wait is shortened
 * through TORPEDO_DELIVERY_TIMINGS (2 s: longer than any request the
 * faults below can keep in flight).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSmsGoClient } from '@core/api/smsgo-client';
import { openDatabase } from '@core/db/open-database';
import { createRulesRepo } from '@core/rules/rules-repo';
import { ANY_TIME } from '../support/any-time-rules';
import { tempDir } from '../support/temp-dir';
import { seededRandom, spawnSandbox, torpedo, untilIdleWorker } from '../support/processes';

const SEND = 'POST /v1/sms/send/multiple';
const KILLS = 20;
/** Campaigns queued before the first run (more are made if they all finish before the last kill). */
const UPFRONT = 3;
const TIMINGS = JSON.stringify({
  settleMs: 2_000,
  retryBaseMs: 50,
  retryMaxMs: 500,
  offlineBaseMs: 100,
  offlineMaxMs: 500,
  leaseRetryMs: 200,
  idlePollMs: 100,
  progressThrottleMs: 0,
});

const sleep = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

describe('crash proof: the CLI worker killed at random moments', () => {
  it(`delivers every reference exactly once through ${KILLS} SIGKILLs`, async () => {
    const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 1e6));
    console.log(`crash proof seed: ${seed} (CRASH_SEED=${seed} replays the kill moments)`);
    const random = seededRandom(seed);
    const key = `test_crash_${seed}_${Date.now()}`;
    const sandbox = await spawnSandbox({ seed: 11 });
    // Each campaign costs R$ 1080 (12,000 × R$ 0.09); 1,000,000 credits (R$ 50,000) cover dozens. Enough
    // matters: a 402 hidden behind a lost answer looks like any other lost answer, and rightly ends `keeps_failing`.
    await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 1_000_000 });
    await sandbox.faults(
      [
        // Slow before committing: a kill here leaves the request to land after the worker died.
        { route: SEND, fault: 'delay', delayMs: 800, probability: 0.4 },
        // Committed, then no answer: a kill here lands between the commit and the response.
        { route: SEND, fault: 'timeout-after-commit', delayMs: 800, probability: 0.5 },
        // Slow reconcile reads: kills during a reconcile too.
        { route: 'GET /v1/sms/list', fault: 'delay', delayMs: 300 },
      ],
      seed,
    );

    const dataDir = tempDir();
    const csv = join(tempDir(), 'clientes.csv');
    writeFileSync(
      csv,
      [
        'nome,telefone',
        ...Array.from({ length: 12_000 }, (_, i) => `Cliente ${i},+55119${30_000_000 + i}`),
      ].join('\n'),
    );
    const db = openDatabase(join(dataDir, 'torpedo.db'));
    // Rules that move nothing (test/support/any-time-rules.ts): the proof runs whatever the hour.
    createRulesRepo(db).set(ANY_TIME, new Date());
    const campaigns: { id: string; references: string[] }[] = [];
    /** A 12,000-message campaign through the real CLI: `campaign create` (the file imported first), `campaign send`. */
    const createAndSend = async (n: number) => {
      const audience = n === 1 ? ['--file', csv] : ['--list', 'Crash 1'];
      const message = `Campanha ${n}: oferta para {{nome}}`;
      const created = await torpedo([
        'campaign',
        'create',
        '--name',
        `Crash ${n}`,
        '--message',
        message,
        ...audience,
        '--data-dir',
        dataDir,
        '--json',
      ]).done;
      expect(created.code, created.stderr).toBe(0);
      const { id, recipients, batches } = JSON.parse(created.stdout) as {
        id: string;
        recipients: number;
        batches: number;
      };
      expect({ recipients, batches }).toEqual({ recipients: 12_000, batches: 3 });
      const sent = await torpedo(['campaign', 'send', id, '--data-dir', dataDir, '--json']).done;
      expect(sent.code, sent.stderr).toBe(0);
      const rows = db
        .prepare(
          `SELECT c.ref, m.batch, m.position FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id
            WHERE c.id = ? ORDER BY m.batch, m.position`,
        )
        .all(id) as { ref: string; batch: number; position: number }[];
      campaigns.push({ id, references: rows.map((r) => `${r.ref}-${r.batch}-${r.position}`) });
    };
    for (let n = 1; n <= UPFRONT; n++) await createAndSend(n);
    const inFlight = db
      .prepare("SELECT count(*) FROM campaign_batches WHERE state = 'sending'")
      .pluck() as unknown as { get(): number };

    const explain = async (stderr: string) => {
      const ledger = await sandbox.ledger(key);
      const bySend = new Map<string, number>();
      for (const m of ledger.messages) bySend.set(m.sendId, (bySend.get(m.sendId) ?? 0) + 1);
      console.log(stderr);
      console.log(
        db
          .prepare(
            'SELECT campaign_id, batch, state, attempts, attempt_started_at, send_id, reason FROM campaign_batches',
          )
          .all(),
      );
      console.log([...bySend]);
    };
    let kills = 0;
    let killedMidRequest = 0;
    let runs = 0;
    const args = untilIdleWorker(dataDir, sandbox.url, key);
    for (;;) {
      runs++;
      const run = torpedo(args, { TORPEDO_DELIVERY_TIMINGS: TIMINGS });
      if (kills < KILLS) {
        // Alternate: a random moment from the start (start-up, reconcile, sending), or just after a request left.
        const moment =
          kills % 2 === 0
            ? sleep(300 + random() * 2_700)
            : run.waitFor(/\b1 sending\b/).then(() => sleep(random() * 1_000));
        const first = await Promise.race([run.done.then(() => 'exited' as const), moment]);
        if (first !== 'exited') {
          run.child.kill('SIGKILL');
          const killed = await run.done;
          // The worker may have gone idle and exited in the instant between the moment and the kill: then the
          // kill did not land, and the run is checked below as one that ended by itself (exit 0, idle).
          if (killed.signal === 'SIGKILL') {
            kills++;
            if (inFlight.get() > 0) killedMidRequest++;
            continue;
          }
        }
      }
      const result = await run.done;
      if (result.code !== 0) await explain(result.stderr);
      expect(result.code, result.stderr).toBe(0);
      if (kills >= KILLS) {
        expect(JSON.parse(result.stdout)).toMatchObject({ idle: true, stopped: false });
        break;
      }
      // Finished before enough kills: another campaign gives more moments to kill.
      await createAndSend(campaigns.length + 1);
    }
    console.log(
      `crash proof: ${campaigns.length} campaign(s), ${runs} runs, ${kills} kills, ${killedMidRequest} with a batch sending (in flight or awaiting reconcile)`,
    );
    expect(killedMidRequest).toBeGreaterThanOrEqual(3);

    const ledger = await sandbox.ledger(key);
    const expected = campaigns.flatMap((c) => c.references);
    expect(expected.length).toBe(12_000 * campaigns.length);
    const seen = new Map<string, number>();
    for (const m of ledger.messages) seen.set(m.reference ?? '', (seen.get(m.reference ?? '') ?? 0) + 1);
    const twice = [...seen].filter(([, n]) => n > 1).map(([ref]) => ref);
    const missing = expected.filter((ref) => !seen.has(ref));
    expect({ twice: twice.slice(0, 5), missing: missing.slice(0, 5) }).toEqual({ twice: [], missing: [] });
    expect(ledger.messages).toHaveLength(expected.length);
    expect(db.prepare("SELECT count(*) AS n FROM campaign_batches WHERE state <> 'accepted'").get()).toEqual({
      n: 0,
    });
    expect(db.prepare('SELECT DISTINCT status FROM campaigns').all()).toEqual([{ status: 'completed' }]);
    db.close();
  }, 300_000);
});
