/**
 * `npm run bench:import`: the full contact import (read + plan + commit,
 * through the ImportService behind the `import:*` channels and its worker
 * thread, into a fresh data folder) of 100,000 Brazilian contacts, as a
 * Windows-1252 `;` CSV and as XLSX, beside the floor: sqlite3's own
 * `.import` of the same CSV into a plain table. Prints figures; not a test.
 *
 * The worker runs bundled, as the app ships it (electron-vite builds
 * out/main/import-worker.js): the bench bundles the current sources with
 * esbuild the same way (dependencies external), so the figures do not
 * include tsx compiling TypeScript inside the worker.
 *
 * A large import leaves its new contacts' search index to a catch-up that
 * starts at the commit, in a worker thread of its own (search-catch-up.ts);
 * the import is done for the user at the commit, and search waits for the
 * catch-up. Its time is printed beside the import's ("index"), not in it.
 *
 * Each format runs in a child process of its own, so its peak RSS
 * (process.resourceUsage().maxRSS: the main thread and the worker thread
 * together, threads share one process) is its own and not the generator's.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { ImportPlanView, ImportResultView } from '../../src/shared/dto';
import { createContactsRepo } from '../../src/core/contacts/contacts-repo';
import { ImportService } from '../../src/core/contacts/importer/import-service';
import { SearchCatchUp } from '../../src/core/contacts/search-catch-up';
import { ImportWorkerClient } from '../../src/core/contacts/importer/worker-client';
import { DATABASE_FILE } from '../../src/core/create-core';
import { openDatabase } from '../../src/core/db/open-database';
import { createSettingsRepo } from '../../src/core/db/settings-repo';
import { EventHub } from '../../src/core/event-hub';
import { generateImportRows, toCp1252Csv, toXlsx } from './import-data';

const ROWS = 100_000;
const ROOT = path.join(import.meta.dirname, '..', '..');
/** Inside the package, so the bundle's external imports resolve from its node_modules. */
const WORKER_BUNDLE = path.join(ROOT, 'node_modules', '.cache', 'torpedo-bench', 'import-worker.js');
const TARGETS = { csvVsFloor: 3, csvSeconds: 2, xlsxVsCsv: 4, rssMb: 250 };

interface ChildFigures {
  format: string;
  bytes: number;
  wallMs: number;
  phases: { readMs: number; planMs: number; saveMs: number };
  /** From the commit until search has every new contact (the catch-up, in the background). */
  indexMs: number;
  counts: ImportResultView;
  planned: ImportPlanView['counts'];
  peakRssMb: number;
  sampledPeakRssMb: number;
  /** RSS of the child before the import: Node, tsx and the core's modules, one SQLite connection. */
  baselineRssMb: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** The worker as the app's build makes it: one ES module, dependencies left to node_modules. */
async function bundleWorker(): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, 'src', 'core', 'contacts', 'importer', 'import-worker.ts')],
    outfile: WORKER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
}

/** One import in this process (the child), as the app's core runs it: prints its figures as JSON. */
async function child(file: string): Promise<void> {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torpedo-bench-import-'));
  let sampled = process.memoryUsage.rss();
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 10);
  const dbFile = path.join(dataDir, DATABASE_FILE);
  const db = openDatabase(dbFile);
  const bundled = { url: pathToFileURL(WORKER_BUNDLE), execArgv: [] };
  const catchUp = new SearchCatchUp({
    repo: createContactsRepo(db),
    dbFile,
    startWorker: () => new ImportWorkerClient(() => undefined, bundled),
  });
  const imports = new ImportService({
    dbFile,
    settings: createSettingsRepo(db),
    profile: () => 'default',
    events: new EventHub(),
    host: { saveFile: async () => ({ saved: false }) },
    startWorker: (onProgress) => new ImportWorkerClient(onProgress, bundled),
    afterCommit: (indexThere) => catchUp.start(indexThere),
  });
  const baseline = process.memoryUsage.rss();
  try {
    const t0 = performance.now();
    const opened = await imports.open({ fileName: path.basename(file), data: bytes });
    const t1 = performance.now();
    const plan = await imports.plan({
      importId: opened.importId,
      mapping: opened.preview.mapping,
      defaultCountry: 'BR',
      acceptNineDigitFix: false,
      locale: 'en',
    });
    const t2 = performance.now();
    const result = await imports.commit({ importId: opened.importId, onDuplicate: 'update' });
    const t3 = performance.now();
    await catchUp.ready();
    const t4 = performance.now();
    const figures: ChildFigures = {
      format: opened.preview.format,
      bytes: bytes.length,
      wallMs: t3 - t0,
      phases: { readMs: t1 - t0, planMs: t2 - t1, saveMs: t3 - t2 },
      indexMs: t4 - t3,
      counts: result,
      planned: plan.counts,
      peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
      sampledPeakRssMb: mb(sampled),
      baselineRssMb: mb(baseline),
    };
    process.stdout.write(JSON.stringify(figures));
  } finally {
    clearInterval(sampler);
    await imports.closeAll();
    db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function runChild(file: string): ChildFigures {
  const script = fileURLToPath(import.meta.url);
  const run = spawnSync(process.execPath, [...process.execArgv, script, '--child', file], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`import of ${file} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout) as ChildFigures;
}

/** sqlite3's own CSV import into a plain in-memory table: what reading 100k rows into SQLite costs at least. */
function sqliteFloor(file: string): { ms: number } | { missing: string } {
  try {
    execFileSync('sqlite3', ['-version'], { stdio: 'ignore' });
  } catch {
    return {
      missing: 'sqlite3 CLI not found: `apt-get install sqlite3` (Debian/Ubuntu) to measure the floor.',
    };
  }
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    execFileSync('sqlite3', [':memory:', '-cmd', '.mode csv', '-cmd', '.separator ;', `.import ${file} t`], {
      stdio: 'ignore',
    });
    times.push(performance.now() - start);
  }
  return { ms: Math.min(...times) };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const secs = (ms: number) => `${fmt(ms / 1000, 2)} s`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torpedo-bench-files-'));
  try {
    const data = generateImportRows(ROWS);
    const csvFile = path.join(dir, 'contatos-100k.csv');
    const xlsxFile = path.join(dir, 'contatos-100k.xlsx');
    fs.writeFileSync(csvFile, toCp1252Csv(data.rows));
    fs.writeFileSync(xlsxFile, toXlsx(data.rows));

    console.log(
      `Contact import benchmark: ${fmt(ROWS)} rows (${fmt(data.invalid)} invalid phones, ` +
        `${fmt(data.duplicates)} repeating an earlier phone), Windows-1252 ';' CSV and the same rows as XLSX`,
    );
    console.log(
      `Machine: ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, node ${process.version}`,
    );
    await bundleWorker();
    console.log(
      'Each import: open + plan + commit through the ImportService (the import:* channels) and its worker ' +
        'thread (bundled as in the app), into a fresh data folder.\n',
    );

    const floor = sqliteFloor(csvFile);
    const csv = runChild(csvFile);
    const xlsx = runChild(xlsxFile);

    const header = [
      'format',
      'file',
      'wall',
      'rows/s',
      'read',
      'plan',
      'save',
      'index',
      'peak RSS',
      'imported',
      'invalid',
      'dupl.',
    ];
    const rows = [csv, xlsx].map((f) => [
      f.format.toUpperCase(),
      `${fmt(mb(f.bytes), 1)} MB`,
      secs(f.wallMs),
      fmt(ROWS / (f.wallMs / 1000)),
      secs(f.phases.readMs),
      secs(f.phases.planMs),
      secs(f.phases.saveMs),
      `+${secs(f.indexMs)}`,
      `${fmt(f.peakRssMb)} MB`,
      fmt(f.counts.imported),
      fmt(f.counts.invalid),
      fmt(f.counts.duplicates),
    ]);
    if ('ms' in floor) {
      rows.push([
        'sqlite3 .import (floor)',
        `${fmt(mb(fs.statSync(csvFile).size), 1)} MB`,
        secs(floor.ms),
        fmt(ROWS / (floor.ms / 1000)),
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
    }
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(header));
    for (const r of rows) console.log(line(r));
    if ('missing' in floor) console.log(floor.missing);
    console.log(
      '(index: after the commit, the search index takes in the new contacts in a worker thread while the ' +
        'user reads the result; a search meanwhile waits for it. Not part of the wall time.)',
    );
    console.log(
      `(peak RSS: process.resourceUsage().maxRSS of the process running the service and its worker thread ` +
        `together; sampled every 10 ms: CSV ${fmt(csv.sampledPeakRssMb)} MB, XLSX ${fmt(xlsx.sampledPeakRssMb)} MB; ` +
        `before the import: CSV ${fmt(csv.baselineRssMb)} MB, XLSX ${fmt(xlsx.baselineRssMb)} MB)`,
    );

    console.log('\nAgainst the targets:');
    if ('ms' in floor) {
      const ratio = csv.wallMs / floor.ms;
      console.log(
        `  CSV / sqlite3 floor  ${fmt(ratio, 1)}x   (target <= ${TARGETS.csvVsFloor}x)   ${verdict(ratio <= TARGETS.csvVsFloor)}`,
      );
    } else {
      console.log('  CSV / sqlite3 floor  not measured (sqlite3 missing)');
    }
    console.log(
      `  CSV wall time        ${secs(csv.wallMs)}   (target <= ${TARGETS.csvSeconds} s)   ${verdict(csv.wallMs <= TARGETS.csvSeconds * 1000)}`,
    );
    const xr = xlsx.wallMs / csv.wallMs;
    console.log(
      `  XLSX / CSV           ${fmt(xr, 1)}x   (target <= ${TARGETS.xlsxVsCsv}x)   ${verdict(xr <= TARGETS.xlsxVsCsv)}`,
    );
    for (const f of [csv, xlsx]) {
      console.log(
        `  peak RSS ${f.format.toUpperCase().padEnd(4)}        ${fmt(f.peakRssMb)} MB   (target <= ${TARGETS.rssMb} MB)   ${verdict(f.peakRssMb <= TARGETS.rssMb)}`,
      );
    }
    const expected = ROWS - data.invalid - data.duplicates;
    const consistent = [csv, xlsx].every(
      (f) =>
        f.counts.imported === expected &&
        f.counts.invalid === data.invalid &&
        f.counts.duplicates === data.duplicates,
    );
    console.log(
      `  counts               ${consistent ? 'as generated' : 'DIFFER from the generated data'} (imported ${fmt(expected)})`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const childAt = process.argv.indexOf('--child');
await (childAt >= 0 ? child(process.argv[childAt + 1]!) : main());
