/**
 * The sandbox and `torpedo` as separate processes, the way a user runs them:
 * `node --import tsx` under the Node that runs the tests (one process each,
 * so a SIGKILL really kills the worker, with no wrapper left behind).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { onTestFinished } from 'vitest';
import { openDatabase } from '@core/db/open-database';
import type { FaultRule, Ledger } from '../../src/sandbox/index';
import { mulberry32 } from '../../src/sandbox/simulation/rng';

export const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Stops `fn` when the current test finishes. Outside a test (a benchmark
 * reusing these helpers) there is none: the caller stops what it started.
 */
function afterThisTest(fn: () => unknown): void {
  try {
    onTestFinished(() => void fn());
  } catch {
    // Not inside a vitest test.
  }
}

/** The environment without the developer's TORPEDO_* settings. */
const cleanEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('TORPEDO_')));

export interface SandboxProcess {
  url: string;
  child: ChildProcess;
  faults(rules: FaultRule[], seed?: number): Promise<void>;
  clearFaults(): Promise<void>;
  ledger(key: string): Promise<Ledger>;
  /** Moves the sandbox's clock on by `advanceMs` (a test whose core runs ahead, TORPEDO_CLOCK). */
  advanceClock(advanceMs: number): Promise<void>;
  /** SIGTERM (the db file is flushed), then waits for the exit. */
  stop(): Promise<void>;
}

export async function spawnSandbox(
  opts: { port?: number; dbFile?: string; seed?: number } = {},
): Promise<SandboxProcess> {
  const args = ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', String(opts.port ?? 0), '--quiet'];
  if (opts.dbFile) args.push('--db', opts.dbFile);
  if (opts.seed !== undefined) args.push('--seed', String(opts.seed));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${stderr}`)));
  });
  const url = /listening on (http:\/\/\S+)$/.exec(first)?.[1];
  if (!url) throw new Error(`unexpected first line from the sandbox: ${first}`);
  child.stdout!.resume();

  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGTERM');
    await exited;
  };
  afterThisTest(stop);
  return {
    url,
    child,
    faults: async (rules, seed) =>
      void (await admin('POST', '/__sandbox/faults', { rules, ...(seed === undefined ? {} : { seed }) })),
    clearFaults: async () => void (await admin('DELETE', '/__sandbox/faults')),
    ledger: async (key) => (await admin('GET', `/__sandbox/ledger?key=${encodeURIComponent(key)}`)) as Ledger,
    advanceClock: async (advanceMs) => void (await admin('POST', '/__sandbox/clock', { advanceMs })),
    stop,
  };
}

export interface TorpedoRun {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed) and what it printed. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  /** Resolves when a line of stderr matches. */
  waitFor(pattern: RegExp): Promise<string>;
}

/** `torpedo worker --until-idle --json` on a data folder, against a sandbox with an account key. */
export const untilIdleWorker = (dataDir: string, baseUrl: string, key: string): string[] => [
  'worker',
  '--until-idle',
  '--json',
  '--data-dir',
  dataDir,
  '--base-url',
  baseUrl,
  '--key',
  key,
];

export function torpedo(args: string[], env: Record<string, string> = {}): TorpedoRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], {
    cwd: ROOT,
    env: { ...cleanEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watchers = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  child.stdout!.on('data', (d) => (stdout += d));
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderr += `${line}\n`;
    for (const w of watchers) {
      if (w.pattern.test(line)) {
        watchers.delete(w);
        w.resolve(line);
      }
    }
  });
  const done = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  afterThisTest(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    child,
    done,
    waitFor: (pattern) => new Promise((resolve) => watchers.add({ pattern, resolve })),
  };
}

/** A small seeded PRNG (the sandbox's mulberry32): kill moments that can be replayed from the printed seed. */
export const seededRandom = mulberry32;

/**
 * A campaign made the way a user makes one from a terminal: `torpedo
 * campaign create --file` (the CSV imported first into a list named after
 * the campaign, or `--list` an existing one) then `torpedo campaign send`.
 * Returns its id and every message's reference, as the freeze numbered them.
 */
export async function campaignThroughCli(
  dataDir: string,
  opts: { name: string; message: string; contacts?: number; list?: string },
): Promise<{ id: string; references: string[] }> {
  let audience: string[];
  if (opts.list !== undefined) audience = ['--list', opts.list];
  else {
    const csv = join(mkdtempSync(join(tmpdir(), 'torpedo-csv-')), 'clientes.csv');
    const rows = Array.from({ length: opts.contacts ?? 1 }, (_, i) => `Cliente ${i},+55119${30_000_000 + i}`);
    writeFileSync(csv, ['nome,telefone', ...rows].join('\n'));
    afterThisTest(() => rmSync(dirname(csv), { recursive: true, force: true }));
    audience = ['--file', csv];
  }
  // Sending rules that move nothing (test/support/any-time-rules.ts): these tests are about delivery,
  // and with the default window a campaign frozen after 18:00 in São Paulo waits for tomorrow.
  for (const rule of [
    ['window', 'off'],
    ['sundays', 'off'],
    ['holidays', 'off'],
  ]) {
    const set = await torpedo(['rules', 'set', ...rule, '--data-dir', dataDir]).done;
    if (set.code !== 0) throw new Error(`rules set ${rule.join(' ')} failed (${set.code}): ${set.stderr}`);
  }
  const created = await torpedo([
    'campaign',
    'create',
    '--name',
    opts.name,
    '--message',
    opts.message,
    ...audience,
    '--data-dir',
    dataDir,
    '--json',
  ]).done;
  if (created.code !== 0) throw new Error(`campaign create failed (${created.code}): ${created.stderr}`);
  const { id } = JSON.parse(created.stdout) as { id: string };
  const sent = await torpedo(['campaign', 'send', id, '--data-dir', dataDir, '--json']).done;
  if (sent.code !== 0) throw new Error(`campaign send failed (${sent.code}): ${sent.stderr}`);
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  try {
    const rows = db
      .prepare(
        `SELECT c.ref, m.batch, m.position FROM campaign_messages m JOIN campaigns c ON c.id = m.campaign_id
          WHERE c.id = ? ORDER BY m.batch, m.position`,
      )
      .all(id) as { ref: string; batch: number; position: number }[];
    return { id, references: rows.map((r) => `${r.ref}-${r.batch}-${r.position}`) };
  } finally {
    db.close();
  }
}
