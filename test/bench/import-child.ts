/**
 * The child process of `npm run bench:import` (bundled by import.bench.ts,
 * as the app's build bundles its code): one import, or the undo scenario,
 * through the ImportService and its worker thread on a fresh data folder;
 * prints its figures as JSON on stdout.
 *
 *   import-child.mjs --child FILE WORKER         one import (ChildFigures)
 *   import-child.mjs --undo FILE RENAMED WORKER  undo scenario (UndoFigures)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImportPlanView, ImportResultView } from '@shared/dto';
import { createContactsRepo, type ContactsRepo } from '@core/contacts/contacts-repo';
import { ImportService } from '@core/import/import-service';
import { SearchCatchUp } from '@core/contacts/search/search-catch-up';
import { ImportWorkerClient } from '@core/import/worker/worker-client';
import { DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { createSettingsRepo } from '@core/db/settings-repo';
import { EventHub } from '@core/kernel/event-hub';
import type { UpsertRow } from '@core/contacts/types';
import { rowsOut } from './import-floor';
import { measureSearch, stats, type Stats, typedPrefixes } from './search-latency';

export const SEARCHES = 1000;

export interface ChildFigures {
  format: string;
  bytes: number;
  wallMs: number;
  phases: { readMs: number; planMs: number; saveMs: number };
  /**
   * CPU time of the process (its threads together: the service's and the
   * import worker's) in each phase: on a machine busy with other work the
   * wall times stretch, these much less.
   */
  cpu?: { readMs: number; planMs: number; saveMs: number };
  /** From the commit until search has every new contact (the catch-up, in the background). */
  indexMs: number;
  counts: ImportResultView;
  /** Search over the imported contacts once the catch-up is done (1000 typed prefixes, first page of 50). */
  search: Stats;
  planned: ImportPlanView['counts'];
  peakRssMb: number;
  sampledPeakRssMb: number;
  /** RSS of the child before the import: Node, the core's modules, one SQLite connection. */
  baselineRssMb: number;
}

/**
 * The undo journal's cost and the undo's time, in two fresh data folders.
 * `reimport`: the file imported, then the same rows with every name changed
 * imported over it with 'update' (each contact journaled before it
 * changes), then that undone. Then in another folder the file imported and
 * undone (its new contacts deleted). The undo figures are absent when the
 * code has no undo (the bench run on older sources).
 */
export interface UndoFigures {
  reimport: { wallMs: number; readMs: number; planMs: number; saveMs: number; updated: number };
  /** Peak RSS once the re-import is saved, before any undo (comparable with older sources). */
  reimportPeakRssMb: number;
  /** `import:last` (the check that nothing changed since) after the re-import, then after a first import. */
  lastUpdatedMs?: number;
  lastNewMs?: number;
  /** Undoing the re-import (every contact put back), then a first import (its new contacts deleted). */
  undoUpdatedMs?: number;
  undoNewMs?: number;
  restored?: number;
  removed?: number;
  peakRssMb: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** The import service as the app's core runs it, its worker bundled; the search catch-up alike. */
function startService(dbFile: string, workerBundle: string) {
  const db = openDatabase(dbFile);
  const bundled = { url: pathToFileURL(workerBundle), execArgv: [] };
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
  return { db, repo: createContactsRepo(db), catchUp, imports };
}

/** CPU time of the process so far (all its threads), in ms. */
function cpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * `import:open` as the window calls it: the file read once (one buffer, as
 * IPC delivers it) and let go when the call returns.
 */
async function openFile(imports: ImportService, file: string) {
  const bytes = fs.readFileSync(file);
  // Read first: the import takes the bytes, and gives their memory back once they are on disk.
  const size = bytes.length;
  const opened = await imports.open({ fileName: path.basename(file), data: bytes });
  return { opened, size };
}

/** Opens, plans and commits one file; the time of each step. */
async function importFile(imports: ImportService, file: string, onDuplicate: 'update' | 'skip' = 'update') {
  const c0 = cpu();
  const t0 = performance.now();
  const { opened, size } = await openFile(imports, file);
  const t1 = performance.now();
  const c1 = cpu();
  const plan = await imports.plan({
    importId: opened.importId,
    mapping: opened.preview.mapping,
    defaultCountry: 'BR',
    acceptNineDigitFix: false,
    locale: 'en',
  });
  const t2 = performance.now();
  const c2 = cpu();
  const result = await imports.commit({ importId: opened.importId, onDuplicate });
  const t3 = performance.now();
  const c3 = cpu();
  return {
    importId: opened.importId,
    format: opened.preview.format,
    bytes: size,
    cpu: { readMs: c1 - c0, planMs: c2 - c1, saveMs: c3 - c2 },
    plan,
    result,
    readMs: t1 - t0,
    planMs: t2 - t1,
    saveMs: t3 - t2,
    wallMs: t3 - t0,
  };
}

/** Runs `work` in a fresh data folder, sampling the RSS every 10 ms meanwhile. */
async function inDataFolder<T>(work: (dbFile: string, sampled: () => number) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torpedo-bench-import-'));
  let sampled = process.memoryUsage.rss();
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 10);
  try {
    return await work(path.join(dataDir, DATABASE_FILE), () => sampled);
  } finally {
    clearInterval(sampler);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Where the child writes the contacts it saved, for the same-schema floor (import-floor.ts); unset: nowhere. */
export const ROWS_OUT_ENV = 'TORPEDO_BENCH_ROWS_OUT';

/** One import of `file`: its figures, then search over what it saved (and its rows, for the floor). */
async function importFigures(file: string, workerBundle: string): Promise<ChildFigures> {
  return inDataFolder(async (dbFile, sampled) => {
    const { db, repo, catchUp, imports } = startService(dbFile, workerBundle);
    const baseline = process.memoryUsage.rss();
    try {
      const done = await importFile(imports, file);
      const t0 = performance.now();
      await catchUp.ready();
      const indexMs = performance.now() - t0;
      // The import's peak, before the search below adds anything.
      const peakRssMb = mb(process.resourceUsage().maxRSS * 1024);
      const figures: ChildFigures = {
        format: done.format,
        bytes: done.bytes,
        wallMs: done.wallMs,
        phases: { readMs: done.readMs, planMs: done.planMs, saveMs: done.saveMs },
        cpu: done.cpu,
        indexMs,
        counts: done.result,
        planned: done.plan.counts,
        peakRssMb,
        sampledPeakRssMb: mb(sampled()),
        baselineRssMb: mb(baseline),
        search: stats(searchImported(repo, db)),
      };
      const rowsFile = process.env[ROWS_OUT_ENV];
      if (rowsFile) rowsOut(db, rowsFile);
      return figures;
    } finally {
      await imports.closeAll();
      db.close();
    }
  });
}

/**
 * The search figure, on the contacts this import saved: prefixes typed
 * from 2,000 of them (names with and without accents, surnames, phones in four
 * formats, e-mails), each searched for its first page, as the Contacts page does.
 */
function searchImported(repo: ContactsRepo, db: ReturnType<typeof openDatabase>): number[] {
  const sample = db
    .prepare<[], Pick<UpsertRow, 'name' | 'phone' | 'email'>>(
      'SELECT name, phone, email FROM contacts ORDER BY seq % 997, seq LIMIT 2000',
    )
    .all();
  return measureSearch(repo, 'default', typedPrefixes(sample, SEARCHES)).all;
}

const timed = async <T>(work: () => T | Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
};

/** `renamed` imported with 'update' over `file`, then undone; `file` imported and undone in another folder. */
async function undoFigures(file: string, renamed: string, workerBundle: string): Promise<UndoFigures> {
  const figures: Partial<UndoFigures> = {};
  await inDataFolder(async (dbFile) => {
    const { db, repo, catchUp, imports } = startService(dbFile, workerBundle);
    try {
      await importFile(imports, file);
      await catchUp.ready();
      const again = await importFile(imports, renamed, 'update');
      figures.reimport = {
        wallMs: again.wallMs,
        readMs: again.readMs,
        planMs: again.planMs,
        saveMs: again.saveMs,
        updated: again.result.updated,
      };
      figures.reimportPeakRssMb = mb(process.resourceUsage().maxRSS * 1024);
      if (!undoable(imports, repo)) return;
      figures.lastUpdatedMs = (await timed(() => repo.lastImport('default')))[1];
      const [undone, ms] = await timed(() => imports.undo({ importId: again.importId }));
      figures.undoUpdatedMs = ms;
      figures.restored = undone.restored;
    } finally {
      await imports.closeAll();
      db.close();
    }
  });
  await inDataFolder(async (dbFile) => {
    const { db, repo, catchUp, imports } = startService(dbFile, workerBundle);
    try {
      if (!undoable(imports, repo)) return;
      const first = await importFile(imports, file);
      await catchUp.ready();
      figures.lastNewMs = (await timed(() => repo.lastImport('default')))[1];
      const [undone, ms] = await timed(() => imports.undo({ importId: first.importId }));
      figures.undoNewMs = ms;
      figures.removed = undone.removed;
    } finally {
      await imports.closeAll();
      db.close();
    }
  });
  return { ...figures, peakRssMb: mb(process.resourceUsage().maxRSS * 1024) } as UndoFigures;
}

/** Whether this code can undo an import (the bench also runs on sources from before it could). */
const undoable = (imports: ImportService, repo: ContactsRepo) => 'undo' in imports && 'lastImport' in repo;

const args = process.argv;
const at = (flag: string) => args.indexOf(flag);
if (at('--child') >= 0) {
  const [file, worker] = args.slice(at('--child') + 1);
  process.stdout.write(JSON.stringify(await importFigures(file!, worker!)));
} else if (at('--undo') >= 0) {
  const [file, renamed, worker] = args.slice(at('--undo') + 1);
  process.stdout.write(JSON.stringify(await undoFigures(file!, renamed!, worker!)));
}
