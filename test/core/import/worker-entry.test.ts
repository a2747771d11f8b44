/**
 * Where the import worker's script is found in each world: the sources
 * (the CLI under tsx; vitest, with the bundle its global setup makes) and
 * the built app (out/main, after `npm run build`), and that the bundled and
 * built ones really start and answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IMPORT_WORKER_BUNDLE_ENV,
  importWorkerEntry,
  type WorkerEntry,
} from '@core/import/worker/worker-entry';
import { ImportWorkerClient } from '@core/import/worker/worker-client';
import type { WorkerProgress } from '@core/import/worker/protocol';
import { tempDir } from '../../support/temp-dir';
import { fixture } from './harness';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const SOURCE = path.join(ROOT, 'src', 'core', 'import', 'worker', 'worker-entry.ts');
const BUILT_INDEX = path.join(ROOT, 'out', 'main', 'index.js');
const BUILT_WORKER = path.join(ROOT, 'out', 'main', 'import-worker.js');

/** A worker started from `entry` reads the cp1252 fixture: its preview and progress. */
async function previewThrough(entry: WorkerEntry) {
  const progress: WorkerProgress[] = [];
  const worker = new ImportWorkerClient((p) => progress.push(p), entry);
  try {
    const bytes = fixture('contatos-cp1252.csv');
    const preview = await worker.request({ op: 'open', fileName: 'contatos.csv', bytes, read: {} }, [
      bytes.buffer as ArrayBuffer,
    ]);
    return { preview, progress };
  } finally {
    await worker.terminate();
  }
}

describe('importWorkerEntry', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('from the sources: the .ts, loaded through tsx resolved from this package (not the cwd)', () => {
    // As the CLI runs it: no bundle from the tests' global setup.
    vi.stubEnv(IMPORT_WORKER_BUNDLE_ENV, undefined);
    const entry = importWorkerEntry(pathToFileURL(SOURCE));
    expect(fileURLToPath(entry.url)).toBe(path.join(path.dirname(SOURCE), 'import-worker.ts'));
    expect(entry.execArgv).toEqual([
      '--import',
      // Real path: node_modules may be a link (a git worktree's), and Node resolves through it.
      pathToFileURL(fs.realpathSync(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs'))).href,
    ]);
  });

  it('from the sources in a test run: the bundle the global setup made, which starts and answers', async () => {
    const bundle = process.env[IMPORT_WORKER_BUNDLE_ENV];
    expect(bundle, 'test/support/global/import-worker-bundle.ts sets it for the node project').toBeTruthy();
    const entry = importWorkerEntry(pathToFileURL(SOURCE));
    expect(entry).toEqual({ url: pathToFileURL(bundle!), execArgv: [] });
    const { preview, progress } = await previewThrough(entry);
    expect(preview).toMatchObject({
      encoding: 'windows-1252',
      headers: ['Nome', 'Celular', 'E-mail', 'Cidade'],
    });
    expect(progress.at(-1)).toMatchObject({ phase: 'reading', done: 553, total: 553 });
  });

  it('a bundle named but gone: back to the sources through tsx', () => {
    vi.stubEnv(IMPORT_WORKER_BUNDLE_ENV, path.join(tempDir(), 'import-worker.mjs'));
    expect(fileURLToPath(importWorkerEntry(pathToFileURL(SOURCE)).url)).toMatch(/import-worker\.ts$/);
  });

  it('from a build: import-worker.js beside the bundle (or one folder up, from a chunk), no loader', () => {
    const out = tempDir();
    fs.mkdirSync(path.join(out, 'chunks'));
    fs.writeFileSync(path.join(out, 'import-worker.js'), '');
    expect(importWorkerEntry(pathToFileURL(path.join(out, 'index.js')))).toEqual({
      url: pathToFileURL(path.join(out, 'import-worker.js')),
      execArgv: [],
    });
    expect(fileURLToPath(importWorkerEntry(pathToFileURL(path.join(out, 'chunks', 'x.js'))).url)).toBe(
      path.join(out, 'import-worker.js'),
    );
  });

  it('says plainly when neither is there', () => {
    expect(() => importWorkerEntry(pathToFileURL(path.join(tempDir(), 'index.js')))).toThrow(
      /import worker is missing/,
    );
  });
});

if (!fs.existsSync(BUILT_WORKER)) {
  console.warn(
    `built-worker tests skipped: ${BUILT_WORKER} is missing; run \`npm run build\` first (npm test builds before the unit tests).`,
  );
}

describe.skipIf(!fs.existsSync(BUILT_WORKER))('the built worker (out/main, from `npm run build`)', () => {
  it('is found from out/main/index.js and runs in plain Node: reads a file and answers', async () => {
    const entry = importWorkerEntry(pathToFileURL(BUILT_INDEX));
    expect(fileURLToPath(entry.url)).toBe(BUILT_WORKER);
    expect(entry.execArgv).toEqual([]);
    const { preview, progress } = await previewThrough(entry);
    expect(preview).toMatchObject({
      encoding: 'windows-1252',
      headers: ['Nome', 'Celular', 'E-mail', 'Cidade'],
    });
    expect(progress.at(-1)).toMatchObject({ phase: 'reading', done: 553, total: 553 });
  });
});
