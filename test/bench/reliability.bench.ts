/**
 * `npm run bench:reliability` (prints figures; not a test): the big trials
 * behind the promises "never lost, never sent twice, never charged twice"
 * and "nothing the window sends breaks the core", too long for `npm test`
 * (which runs smaller versions of each: test/cli/campaign-crash.test.ts,
 * test/cli/purchase-faults.test.ts, test/core/fuzz/ipc-fuzz.test.ts).
 *
 * 1. crash: a 100,000-message campaign (20 batches of 5000) made with the
 *    real CLI, delivered by `torpedo worker --until-idle` processes SIGKILLed
 *    20 times at random moments, against a sandbox process answering 10 % of
 *    bulk sends with a 5xx, 5 % with a time-out after the commit, bursts of
 *    429 and one 409. Prints messages, lost and duplicated (the ledger).
 * 2. purchases: 20 `torpedo credits buy` runs with the connection dropped
 *    before the commit and 20 with it dropped after: charges per run in the
 *    ledger, and whether each outcome said what happened to the money.
 * 3. fuzz: FUZZ_RUNS (default 1000) generated inputs per IPC channel.
 * 4. hostile: the hostile-spreadsheet corpus (test/core/contacts/import/
 *    hostile-corpus.ts: truncated and corrupted XLSX/ODS, zip bombs, entity
 *    expansion, a million rows, 100k columns, a 50 MB line, NUL bytes,
 *    encodings, formulas, overlong cells, emoji/RTL names, renamed files)
 *    through open, plan and save on a real core with contacts in it, as
 *    test/core/contacts/import/hostile-corpus.test.ts does: one line per
 *    file (size, how it ended, ms, peak RSS growth), then the summary.
 *
 * `npm run bench:reliability -- crash` (or purchases, fuzz, hostile) runs one part.
 * BENCH_CRASH_MESSAGES, BENCH_CRASH_KILLS, BENCH_PURCHASE_TRIALS and FUZZ_RUNS change the sizes;
 * CRASH_SEED replays the kill moments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSmsGoClient } from '../../src/core/api/smsgo-client';
import type { FaultRule } from '../../src/sandbox/index';
import {
  campaignThroughCli,
  seededRandom,
  spawnSandbox,
  torpedo,
  untilIdleWorker,
} from '../core/campaigns/delivery/support/processes';
import { channelNames, fuzzChannel } from '../core/fuzz/fuzz-channels';
import { openFuzzTarget } from '../core/fuzz/fuzz-target';
import { hostileCorpus } from '../core/contacts/import/hostile-corpus';
import {
  describeOutcome,
  judge,
  openHostileTarget,
  runHostileCase,
} from '../core/contacts/import/hostile-target';

const parts = process.argv.slice(2);
const wanted = (part: string) => parts.length === 0 || parts.includes(part);
const SEND = 'POST /v1/sms/send/multiple';
const BUY = 'POST /v1/billing/purchase';
const sleep = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
const tempFolder = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
const made: string[] = [];
const folder = (prefix: string) => {
  const dir = tempFolder(prefix);
  made.push(dir);
  return dir;
};

const WORKER_TIMINGS = JSON.stringify({
  settleMs: 2_000,
  retryBaseMs: 50,
  retryMaxMs: 500,
  offlineBaseMs: 100,
  offlineMaxMs: 500,
  leaseRetryMs: 200,
  idlePollMs: 100,
  progressThrottleMs: 0,
  maxAttempts: 1000,
});

async function crashTrial(): Promise<void> {
  const kills = Number(process.env.BENCH_CRASH_KILLS ?? 20);
  const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 1e6));
  const random = seededRandom(seed);
  const sandbox = await spawnSandbox({ seed: 11 });
  try {
    const key = `test_bench_crash_${seed}_${Date.now()}`;
    await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 1_000_000 });
    const dataDir = folder('torpedo-bench-crash-');
    const started = Date.now();
    const campaign = await campaignThroughCli(dataDir, {
      name: 'Cem mil',
      message: 'Oferta de sábado para {{nome}}: 10% com o cupom SABADO10.',
      contacts: Number(process.env.BENCH_CRASH_MESSAGES ?? 100_000),
    });
    const faults = (burst: boolean): FaultRule[] => [
      ...(burst ? [{ route: SEND, fault: 'status' as const, status: 429, count: 3 }] : []),
      { route: SEND, fault: 'status', status: 500, probability: 0.05 },
      { route: SEND, fault: 'status', status: 502, probability: 0.05 },
      { route: SEND, fault: 'timeout-after-commit', delayMs: 800, probability: 0.05 },
      { route: 'GET /v1/sms/list', fault: 'delay', delayMs: 200 },
      // Every other bulk send answers after 1.5 s (a rule matches first, so the faults above still
      // come): without it the 20 batches are delivered in ~10 s, and most of the 20 kills would
      // find nothing left to interrupt.
      { route: SEND, fault: 'delay', delayMs: 1_500 },
    ];
    await sandbox.faults([{ route: SEND, fault: 'status', status: 409, count: 1 }, ...faults(true)], seed);

    let landed = 0;
    let runs = 0;
    const args = untilIdleWorker(dataDir, sandbox.url, key);
    for (;;) {
      runs++;
      // A burst of 429 now and then, not only at the start.
      if (runs % 5 === 0) await sandbox.faults(faults(true), seed + runs);
      const run = torpedo(args, { TORPEDO_DELIVERY_TIMINGS: WORKER_TIMINGS });
      if (landed < kills) {
        const moment =
          landed % 2 === 0
            ? sleep(200 + random() * 1_500)
            : run.waitFor(/\b1 sending\b/).then(() => sleep(random() * 1_000));
        const first = await Promise.race([run.done.then(() => 'exited' as const), moment]);
        if (first !== 'exited') {
          run.child.kill('SIGKILL');
          if ((await run.done).signal === 'SIGKILL') {
            landed++;
            continue;
          }
        }
      }
      const result = await run.done;
      if (result.code !== 0) throw new Error(`worker exited ${result.code}: ${result.stderr.slice(-2000)}`);
      break;
    }
    const ledger = await sandbox.ledger(key);
    const seen = new Map<string, number>();
    for (const m of ledger.messages) seen.set(m.reference ?? '', (seen.get(m.reference ?? '') ?? 0) + 1);
    const lost = campaign.references.filter((ref) => !seen.has(ref)).length;
    const duplicated = [...seen.values()].filter((n) => n > 1).length;
    console.log(
      `crash: 1 trial (seed ${seed}), ${runs} worker runs, ${landed} kills, ` +
        `${campaign.references.length} messages, ${ledger.messages.length} accepted, lost ${lost}, duplicated ${duplicated} ` +
        `(${Math.round((Date.now() - started) / 1000)} s)`,
    );
  } finally {
    await sandbox.stop();
  }
}

async function purchaseTrials(): Promise<void> {
  const trials = Number(process.env.BENCH_PURCHASE_TRIALS ?? 20);
  const sandbox = await spawnSandbox({ seed: 12 });
  const env = { TORPEDO_PURCHASE_TIMINGS: JSON.stringify({ readAtMs: [400, 1_500] }), LANG: 'C' };
  try {
    for (const [fault, expected, charges] of [
      ['drop-before-commit', 'not-charged', 0],
      ['drop-after-commit', 'charged-after-timeout', 1],
    ] as const) {
      await sandbox.faults([{ route: BUY, fault }]);
      let right = 0;
      let charged = 0;
      let doubles = 0;
      for (let i = 0; i < trials; i++) {
        const key = `test_bench_buy_${fault}_${i}_${Date.now()}`;
        const args = ['credits', 'buy', '--quantity', '1000', '--key', key, '--base-url', sandbox.url];
        const run = await torpedo([...args, '--data-dir', folder('torpedo-bench-buy-'), '--json'], env).done;
        const outcome = (JSON.parse(run.stdout || '{}') as { outcome?: string }).outcome;
        const n = (await sandbox.ledger(key)).charges.length;
        charged += n;
        if (n > 1) doubles++;
        if (outcome === expected && n === charges) right++;
      }
      console.log(
        `purchases, ${fault}: ${trials} tried, ${charged} charges, ${doubles} double charges, ${right}/${trials} outcomes right (${expected})`,
      );
    }
  } finally {
    await sandbox.stop();
  }
}

async function fuzz(): Promise<void> {
  const runs = Number(process.env.FUZZ_RUNS ?? 1000);
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1e9);
  const target = await openFuzzTarget();
  let inputs = 0;
  const failures: string[] = [];
  let slowest = { channel: '', ms: 0 };
  try {
    for (const channel of channelNames()) {
      const stats = await fuzzChannel(target, channel, runs, seed, target.urls);
      inputs += stats.inputs;
      failures.push(...stats.failures);
      if (stats.slowestMs > slowest.ms) slowest = { channel, ms: stats.slowestMs };
      const reached = stats.inputs - stats.refused;
      console.log(
        `fuzz ${channel}: ${stats.inputs} inputs, ${stats.refused} refused, ${reached} reached the handler, ` +
          `${stats.failures.length} failures, slowest ${Math.round(stats.slowestMs)} ms`,
      );
    }
  } finally {
    await target.close();
  }
  console.log(
    `fuzz: ${channelNames().length} channels × ${runs} inputs (seed ${seed}) = ${inputs} inputs, ` +
      `${failures.length} failures, slowest call ${Math.round(slowest.ms)} ms (${slowest.channel})`,
  );
  for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
}

async function hostile(): Promise<void> {
  const corpus = hostileCorpus();
  const target = await openHostileTarget(folder('torpedo-bench-hostile-'));
  let refused = 0;
  let imported = 0;
  let refusedChangedContacts = 0;
  const unexpected: string[] = [];
  let slowest = { name: '', ms: 0 };
  let hungriest = { name: '', mb: 0 };
  const size = (n: number) =>
    n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`;
  try {
    for (const c of corpus) {
      const before = target.dump();
      const run = await runHostileCase(target, c);
      const problems = judge(c, run);
      if ('refused' in run.outcome) {
        refused++;
        if (target.dump() !== before) refusedChangedContacts++;
      } else if ('imported' in run.outcome) imported++;
      if (problems.length > 0) unexpected.push(`${c.name}: ${problems.join('; ')}`);
      if (run.ms > slowest.ms) slowest = { name: c.name, ms: run.ms };
      if (run.peakRssMb > hungriest.mb) hungriest = { name: c.name, mb: run.peakRssMb };
      console.log(
        `hostile ${c.name}: ${size(run.size)}, ${describeOutcome(run.outcome)}, ` +
          `${Math.round(run.ms)} ms, peak RSS +${Math.round(run.peakRssMb)} MB${problems.length ? ' UNEXPECTED' : ''}`,
      );
    }
  } finally {
    await target.close();
  }
  console.log(
    `hostile: ${corpus.length} files, ${refused} refused with a typed error, ${imported} imported, ` +
      `${unexpected.length} unexpected, slowest ${Math.round(slowest.ms)} ms (${slowest.name}), ` +
      `highest peak RSS +${Math.round(hungriest.mb)} MB (${hungriest.name}), ` +
      `contacts unchanged on every refusal: ${refusedChangedContacts === 0 ? 'yes' : `no (${refusedChangedContacts})`}`,
  );
  for (const u of unexpected) console.log(`  ${u}`);
}

console.log(
  `machine: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
try {
  if (wanted('crash')) await crashTrial();
  if (wanted('purchases')) await purchaseTrials();
  if (wanted('fuzz')) await fuzz();
  if (wanted('hostile')) await hostile();
} finally {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}
