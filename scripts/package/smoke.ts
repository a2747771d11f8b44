import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Problem } from './archive-rules';
import { bundleImports } from './bundle-imports';
import { runNodeChild } from './child-run';

const HERE = import.meta.dirname;

export interface SmokeFacts {
  baseUrl: string;
  imported: { read: number; imported: number; invalid: number };
  found: number;
  page: { url: string; exists: boolean };
  preload: { path: string; exists: boolean };
  /** The window's icon file (Linux only; null elsewhere). */
  icon: { path: string; exists: boolean } | null;
  updates: { currentVersion: string; unsupported: string | null };
  ipcChannels: number;
  /** The export's ZIP made (the dialog cancelled), and the diagnostics read. */
  exported: { saved: boolean; contacts: number };
  diagnostics: { schemaVersion: number; lines: number };
  /** The log file's events and sources, read after the app quit. */
  log: { events: string[]; sources: string[] };
}

export interface SmokeRun {
  ok: boolean;
  error?: string;
  facts?: SmokeFacts;
  /** Milliseconds since the child process started. */
  timings: Record<string, number>;
  output: string;
}

/**
 * The packed main bundle (`appRoot`: an extracted app.asar) under plain Node
 * with the electron stand-in, in a temp data folder: see smoke-driver.ts.
 */
export async function runSmoke(appRoot: string, version: string): Promise<SmokeRun> {
  const dataDir = await mkdtemp(join(tmpdir(), 'torpedo-smoke-data-'));
  try {
    const run = await runNodeChild<Omit<SmokeRun, 'output'>>(
      ['--import', join(HERE, 'smoke-driver.ts'), join(appRoot, 'out/main/index.js'), '--demo'],
      'SMOKE_RESULT',
      { cwd: dataDir, env: { TORPEDO_SMOKE_DATA: dataDir, TORPEDO_SMOKE_VERSION: version } },
    );
    if (!run.payload)
      return { ok: false, error: `no result (exit ${run.code})`, timings: {}, output: run.output };
    return { ...run.payload, output: run.output };
  } finally {
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** What the smoke run must have seen; each miss is a problem. */
export function smokeProblems(run: SmokeRun, version: string): Problem[] {
  if (!run.ok || !run.facts)
    return [{ path: 'smoke run', reason: `${run.error ?? 'failed'}\n${run.output}` }];
  const f = run.facts;
  const problems: Problem[] = [];
  const expect = (ok: boolean, reason: string) => ok || problems.push({ path: 'smoke run', reason });
  expect(
    /^http:\/\/127\.0\.0\.1:\d+$/.test(f.baseUrl),
    `the demo sandbox is not on 127.0.0.1 (${f.baseUrl})`,
  );
  expect(
    f.imported.imported === 3 && f.imported.invalid === 1,
    `the import saved ${JSON.stringify(f.imported)}`,
  );
  expect(f.found === 3, `a search found ${f.found} of the 3 imported contacts`);
  expect(f.page.exists, `the window's page is not in the pack: ${f.page.url}`);
  expect(f.preload.exists, `the preload is not in the pack: ${f.preload.path}`);
  expect(
    f.updates.currentVersion === version && f.updates.unsupported === 'development',
    `the updater in the packed folder says ${JSON.stringify(f.updates)} (expected ${version}, not installed)`,
  );
  expect(
    f.exported.saved === false && f.exported.contacts === 3,
    `the data export in the pack answered ${JSON.stringify(f.exported)} (expected 3 contacts, dialog cancelled)`,
  );
  expect(f.diagnostics.schemaVersion > 0, `the diagnostics say ${JSON.stringify(f.diagnostics)}`);
  for (const event of ['main.starting', 'core.started', 'core.closed'])
    expect(f.log.events.includes(event), `the log file has no ${event} line: ${JSON.stringify(f.log)}`);
  expect(
    f.log.sources.includes('main') && f.log.sources.includes('core'),
    `the log file's lines come from ${JSON.stringify(f.log.sources)} (expected main and core)`,
  );
  if (process.platform === 'linux')
    expect(f.icon?.exists === true, `the window's icon is not in the pack: ${f.icon?.path}`);
  return problems;
}

export interface ResolvedImport {
  from: string;
  specifier: string;
  resolved?: string;
  error?: string;
}

/**
 * Every bare import of the packed out/main (main bundle, import worker,
 * chunks), resolved and loaded from where the file sits in the extracted
 * app, by Node's own resolver (resolve-probe.ts): each must land inside the
 * packed node_modules.
 */
export async function probeImports(
  appRoot: string,
): Promise<{ results: ResolvedImport[]; problems: Problem[] }> {
  const request = await bundleImports(join(appRoot, 'out/main'));
  const requestFile = join(appRoot, '..', 'probe-request.json');
  await writeFile(requestFile, JSON.stringify(request));
  const run = await runNodeChild<ResolvedImport[]>(
    ['--experimental-import-meta-resolve', join(HERE, 'resolve-probe.ts'), requestFile],
    'PROBE_RESULT',
    { cwd: appRoot },
  );
  if (!run.payload) return { results: [], problems: [{ path: 'import probe', reason: run.output }] };
  const inside = join(appRoot, 'node_modules') + sep;
  const problems: Problem[] = [];
  for (const item of run.payload) {
    const from = relative(appRoot, item.from);
    if (item.error) problems.push({ path: from, reason: `import '${item.specifier}' fails: ${item.error}` });
    else if (
      !item.resolved?.startsWith('file:') ||
      !decodeURIComponent(new URL(item.resolved).pathname).startsWith(inside)
    )
      problems.push({
        path: from,
        reason: `import '${item.specifier}' resolves outside the pack: ${item.resolved}`,
      });
  }
  return { results: run.payload, problems };
}
