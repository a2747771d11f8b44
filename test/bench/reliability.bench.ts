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
 * 4. hostile: the hostile-spreadsheet corpus (test/core/import/
 *    hostile-corpus.ts: truncated and corrupted XLSX/ODS, zip bombs, entity
 *    expansion, a million rows, 100k columns, a 50 MB line, NUL bytes,
 *    encodings, formulas, overlong cells, emoji/RTL names, renamed files)
 *    through open, plan and save on a real core with contacts in it, as
 *    test/core/import/hostile-corpus.test.ts does: one line per
 *    file (size, how it ended, ms, peak RSS growth), then the summary.
 *
 * 5. full-disk (as root, on small tmpfs disks it mounts; skipped with the reason
 *    elsewhere): delivery: a campaign delivered by `torpedo worker --until-idle`
 *    while the disk fills at a random moment, then run again once space is
 *    back; import: a 20,000-row import onto a disk with a random few hundred KB
 *    left, then again once space is back. Prints runs, messages (rows), lost,
 *    duplicated and hung (a process that did not end within 2 minutes), and
 *    the exit codes seen.
 *
 * `npm run bench:reliability -- crash` (or purchases, fuzz, hostile, full-disk) runs one part.
 * BENCH_CRASH_MESSAGES, BENCH_CRASH_KILLS, BENCH_PURCHASE_TRIALS, FUZZ_RUNS, BENCH_DISK_RUNS and
 * BENCH_DISK_MESSAGES change the sizes; CRASH_SEED replays the kill moments (and the fill moments).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import Sqlite from 'better-sqlite3';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSmsGoClient } from '@core/api/smsgo-client';
import type { FaultRule } from '../../src/sandbox/index';
import {
  campaignThroughCli,
  seededRandom,
  spawnSandbox,
  torpedo,
  untilIdleWorker,
} from '../support/processes';
import { channelNames, fuzzChannel } from '../core/fuzz/fuzz-channels';
import { smallDisk } from '../support/small-disk';
import { openFuzzTarget } from '../core/fuzz/fuzz-target';
import { hostileCorpus } from '../core/import/hostile-corpus';
import { describeOutcome, judge, openHostileTarget, runHostileCase } from '../core/import/hostile-target';

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

const HUNG_MS = 120_000;

/** A process's end, or 'hung' (killed) when it did not end in time. */
async function endOf(run: ReturnType<typeof torpedo>) {
  const ended = await Promise.race([run.done, sleep(HUNG_MS).then(() => 'hung' as const)]);
  if (ended !== 'hung') return ended;
  run.child.kill('SIGKILL');
  await run.done;
  return 'hung' as const;
}

async function fullDiskDelivery(runs: number, random: () => number): Promise<void> {
  const messages = Number(process.env.BENCH_DISK_MESSAGES ?? 10_000);
  const sandbox = await spawnSandbox({ seed: 13 });
  const codes = new Map<string, number>();
  const count = (code: string) => codes.set(code, (codes.get(code) ?? 0) + 1);
  let total = 0;
  let lost = 0;
  let duplicated = 0;
  let hung = 0;
  const started = Date.now();
  try {
    for (let i = 0; i < runs; i++) {
      const disk = smallDisk(64);
      if ('reason' in disk) throw new Error(disk.reason);
      try {
        const key = `test_bench_disk_${i}_${Date.now()}`;
        await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).purchase({ quantity: 1_000_000 });
        const dataDir = join(disk.dir, 'data');
        const campaign = await campaignThroughCli(dataDir, {
          name: 'Disco cheio',
          message: 'Oferta de sábado para {{nome}}: 10% com o cupom SABADO10.',
          contacts: messages,
        });
        total += campaign.references.length;
        await sandbox.faults([{ route: SEND, fault: 'delay', delayMs: 800 }]);
        const env = { TORPEDO_DELIVERY_TIMINGS: WORKER_TIMINGS, LANG: 'C.UTF-8' };
        const first = torpedo(untilIdleWorker(dataDir, sandbox.url, key), env);
        await first.waitFor(/Worker started/);
        await sleep(random() * 3_000);
        disk.fill();
        const firstEnd = await endOf(first);
        if (firstEnd === 'hung') hung++;
        count(`first ${firstEnd === 'hung' ? 'hung' : firstEnd.code}`);
        disk.free();
        await sandbox.clearFaults();
        const secondEnd = await endOf(torpedo(untilIdleWorker(dataDir, sandbox.url, key), env));
        if (secondEnd === 'hung') hung++;
        count(`after ${secondEnd === 'hung' ? 'hung' : secondEnd.code}`);
        const seen = new Map<string, number>();
        for (const m of (await sandbox.ledger(key)).messages)
          seen.set(m.reference ?? '', (seen.get(m.reference ?? '') ?? 0) + 1);
        lost += campaign.references.filter((ref) => !seen.has(ref)).length;
        duplicated += [...seen.values()].filter((n) => n > 1).length;
      } finally {
        disk.unmount();
      }
    }
  } finally {
    await sandbox.stop();
  }
  console.log(
    `full-disk delivery: ${runs} runs, ${total} messages, lost ${lost}, duplicated ${duplicated}, hung ${hung}; ` +
      `exit codes ${[...codes].map(([code, n]) => `${code}: ${n}`).join(', ')} ` +
      `(${Math.round((Date.now() - started) / 1000)} s)`,
  );
}

async function fullDiskImport(runs: number, random: () => number): Promise<void> {
  const rows = 20_000;
  const csvFolder = folder('torpedo-bench-disk-csv-');
  const lines = Array.from({ length: rows }, (_, i) => `Cliente ${i};+55119${60_000_000 + i}`);
  const csv = join(csvFolder, 'clientes.csv');
  writeFileSync(csv, ['nome;telefone', ...lines].join('\n'));
  // The shop's contacts before: the file's first thousand.
  const seedCsv = join(csvFolder, 'antes.csv');
  writeFileSync(seedCsv, ['nome;telefone', ...lines.slice(0, 1_000)].join('\n'));
  let lost = 0;
  let duplicated = 0;
  let hung = 0;
  let said = 0;
  let fit = 0;
  const started = Date.now();
  for (let i = 0; i < runs; i++) {
    const disk = smallDisk(48);
    if ('reason' in disk) throw new Error(disk.reason);
    try {
      const dataDir = join(disk.dir, 'data');
      const seeded = await torpedo(['import', seedCsv, '--data-dir', dataDir]).done;
      if (seeded.code !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
      const before = contactCount(dataDir);
      disk.fill(Math.floor(random() * 512));
      const refused = await endOf(torpedo(['import', csv, '--data-dir', dataDir, '--json']));
      disk.free();
      if (refused === 'hung') hung++;
      else if (refused.code === 0) fit++;
      else if (/"code": "disk_full"/.test(refused.stdout)) said++;
      // A refusal changes nothing (one transaction): the shop's thousand, no more, no fewer.
      if (refused !== 'hung' && refused.code !== 0 && contactCount(dataDir) !== before) lost++;
      const again = await endOf(torpedo(['import', csv, '--data-dir', dataDir]));
      if (again === 'hung') hung++;
      const after = contactCount(dataDir);
      if (after < rows) lost++;
      if (after > rows) duplicated++;
    } finally {
      disk.unmount();
    }
  }
  console.log(
    `full-disk import: ${runs} runs, ${rows} rows each, lost ${lost}, duplicated ${duplicated}, hung ${hung}, ` +
      `disk full said ${said}/${runs} (the import fit in what was left: ${fit}) ` +
      `(${Math.round((Date.now() - started) / 1000)} s)`,
  );
}

function contactCount(dataDir: string): number {
  const db = new Sqlite(join(dataDir, 'torpedo.db'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM contacts WHERE deleted_at IS NULL').pluck().get() as number;
  } finally {
    db.close();
  }
}

async function fullDisk(): Promise<void> {
  const probe = smallDisk(1);
  if ('reason' in probe) {
    console.log(`full-disk: skipped: ${probe.reason}`);
    return;
  }
  probe.unmount();
  const runs = Number(process.env.BENCH_DISK_RUNS ?? 5);
  const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 1e6));
  console.log(`full-disk: seed ${seed}`);
  await fullDiskDelivery(runs, seededRandom(seed));
  await fullDiskImport(runs, seededRandom(seed + 1));
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
  if (wanted('full-disk')) await fullDisk();
} finally {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}
