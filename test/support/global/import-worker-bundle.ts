/**
 * Vitest's and Playwright's global setup: the import worker bundled ONCE for
 * the whole run.
 *
 * Run from the sources, every import worker thread (an import, the search
 * index's catch-up) started with tsx's loader and compiled and loaded
 * import-worker.ts's ~60 modules and their packages afresh: a second or more
 * per thread start, hundreds of starts per run. One esbuild bundle, made
 * here before any test file runs, loads in one read; the worker's loader
 * (src/core/import/worker/worker-entry.ts) takes it from IMPORT_WORKER_BUNDLE_ENV,
 * which the test processes (and the CLI processes they spawn) inherit.
 *
 * Only the native modules stay outside the bundle (they cannot be bundled);
 * everything else is inlined, so date-fns' hundreds of files are one read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { IMPORT_WORKER_BUNDLE_ENV } from '@core/import/worker/worker-entry';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const WORKER_SOURCE = join(ROOT, 'src', 'core', 'import', 'worker', 'import-worker.ts');

/**
 * Packages with native code stay outside the bundle and load from node_modules
 * at run time, as in the built app. The bundle lives in a temp folder, where a
 * bare `better-sqlite3` would not resolve: each is imported by its file URL.
 */
const NATIVE = /^(better-sqlite3|keytar)$/;
const fromProject = createRequire(join(ROOT, 'package.json'));
const nativeByUrl: Plugin = {
  name: 'native-by-url',
  setup(bundler) {
    bundler.onResolve({ filter: NATIVE }, ({ path }) => ({
      path: pathToFileURL(fromProject.resolve(path)).href,
      external: true,
    }));
  },
};

export default async function bundleImportWorker(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'torpedo-test-worker-'));
  const outfile = join(dir, 'import-worker.mjs');
  await build({
    entryPoints: [WORKER_SOURCE],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    plugins: [nativeByUrl],
    // CommonJS packages inlined in an ES module still call require(): give them one.
    banner: {
      js: `import { createRequire as __torpedoRequire } from 'node:module'; const require = __torpedoRequire(${JSON.stringify(join(ROOT, 'package.json'))});`,
    },
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  process.env[IMPORT_WORKER_BUNDLE_ENV] = outfile;
  return () => rmSync(dir, { recursive: true, force: true });
}
