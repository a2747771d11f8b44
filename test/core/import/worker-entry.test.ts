/**
 * Where the import worker's script is found in each world: the sources
 * (vitest, the CLI under tsx) and the built app (out/main, after
 * `npm run build`), and that the built one really starts in plain Node.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importWorkerEntry } from '@core/import/worker/worker-entry';
import { ImportWorkerClient } from '@core/import/worker/worker-client';
import type { WorkerProgress } from '@core/import/worker/protocol';
import { tempDir } from '../../support/temp-dir';
import { fixture } from './harness';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const SOURCE = path.join(ROOT, 'src', 'core', 'import', 'worker', 'worker-entry.ts');
const BUILT_INDEX = path.join(ROOT, 'out', 'main', 'index.js');
const BUILT_WORKER = path.join(ROOT, 'out', 'main', 'import-worker.js');

describe('importWorkerEntry', () => {
  it('from the sources: the .ts, loaded through tsx resolved from this package (not the cwd)', () => {
    const entry = importWorkerEntry(pathToFileURL(SOURCE));
    expect(fileURLToPath(entry.url)).toBe(path.join(path.dirname(SOURCE), 'import-worker.ts'));
    expect(entry.execArgv).toEqual([
      '--import',
      pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href,
    ]);
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
    const progress: WorkerProgress[] = [];
    const worker = new ImportWorkerClient((p) => progress.push(p), entry);
    try {
      const bytes = fixture('contatos-cp1252.csv');
      const preview = await worker.request({ op: 'open', fileName: 'contatos.csv', bytes, read: {} }, [
        bytes.buffer as ArrayBuffer,
      ]);
      expect(preview).toMatchObject({
        encoding: 'windows-1252',
        headers: ['Nome', 'Celular', 'E-mail', 'Cidade'],
      });
      expect(progress.at(-1)).toMatchObject({ phase: 'reading', done: 553, total: 553 });
    } finally {
      await worker.terminate();
    }
  });
});
