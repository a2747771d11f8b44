import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerEntry {
  /** The script the Worker runs. */
  url: URL;
  /** Node options the thread needs to load it (tsx, for the TypeScript source). */
  execArgv: string[];
}

export const BUILT_WORKER = 'import-worker.js';
export const SOURCE_WORKER = 'import-worker.ts';
/**
 * A prebuilt bundle of the worker, for runs from the sources: the tests' global
 * setup (test/support/global/import-worker-bundle.ts) bundles it once, so a
 * thread start loads one file instead of compiling every module with tsx.
 */
export const IMPORT_WORKER_BUNDLE_ENV = 'TORPEDO_IMPORT_WORKER_BUNDLE';

/**
 * Where the import worker's script is, in each of the three ways Torpedo runs:
 *
 * - The built app (electron-vite): `import-worker.js` is its own main-process
 *   entry (electron.vite.config.ts), written to out/main/ beside index.js,
 *   which is where this module ends up bundled: `./import-worker.js`
 *   relative to this module's URL is that file.
 * - Tests (vitest) run the sources with the worker bundled once for the run:
 *   the bundle named by TORPEDO_IMPORT_WORKER_BUNDLE, when there is no .js here.
 * - Otherwise (the CLI under tsx, a test without the global setup) the worker
 *   runs `import-worker.ts` with tsx's loader (`--import`), resolved from this
 *   package's node_modules, not from the current folder.
 *
 * `base` is this module's URL; tests pass another to check the rule.
 */
export function importWorkerEntry(base: string | URL = import.meta.url): WorkerEntry {
  // `../`: in case a later build moves this module into out/main/chunks/.
  for (const relative of [`./${BUILT_WORKER}`, `../${BUILT_WORKER}`]) {
    const built = new URL(relative, base);
    if (existsSync(fileURLToPath(built))) return { url: built, execArgv: [] };
  }
  const source = new URL(`./${SOURCE_WORKER}`, base);
  if (existsSync(fileURLToPath(source))) {
    const bundle = process.env[IMPORT_WORKER_BUNDLE_ENV];
    if (bundle && existsSync(bundle)) return { url: pathToFileURL(bundle), execArgv: [] };
    const tsx = pathToFileURL(createRequire(base).resolve('tsx')).href;
    return { url: source, execArgv: ['--import', tsx] };
  }
  throw new Error(
    `The import worker is missing: neither ${BUILT_WORKER} nor ${SOURCE_WORKER} is beside ${base}.`,
  );
}
