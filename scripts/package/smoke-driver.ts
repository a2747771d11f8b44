/**
 * The smoke run of the packed app, inside its own plain Node process:
 *
 *   node --import scripts/package/smoke-driver.ts <packed>/out/main/index.js --demo
 *
 * It puts the electron stand-in of main's unit tests (test/main/electron-stand-in.ts)
 * in place of `electron`, lets the packed main bundle start as Electron would
 * start it, then talks to it through the IPC handlers main registered, as the
 * page would: the demo session, a balance read over HTTP from the demo
 * sandbox, and a small contact import in the packed worker thread. It ends
 * with the app's own quit path and prints one line, `SMOKE_RESULT {json}`.
 *
 * Plain Node 24 runs this file as it is (type stripping): no imports of
 * project TypeScript except by URL at run time, erasable syntax only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElectronStandIn } from '../../test/main/electron-stand-in';

const STAND_IN_URL = new URL('../../test/main/electron-stand-in.ts', import.meta.url).href;
const HOOKS_URL = new URL('./electron-hooks.ts', import.meta.url).href;
const TIMEOUT_MS = 60_000;

/** Three contacts, one line with a number no country has: the import must accept 3 and refuse 1. */
const CSV =
  'nome;telefone\nAna Smoke;11987654321\nBeto Smoke;(21) 99876-5432\nCarla Smoke;+55 31 98765-4321\nNinguém;123\n';

interface Result<T> {
  ok: boolean;
  value?: T;
  error?: { code: string; message: string };
}

const dataDir = process.env.TORPEDO_SMOKE_DATA;
if (!dataDir) throw new Error('TORPEDO_SMOKE_DATA (the temp data folder) is not set');

const { createElectronStandIn } = (await import(STAND_IN_URL)) as {
  createElectronStandIn: (options: object) => ElectronStandIn;
};
const standIn = createElectronStandIn({
  getPath: (name: string) => (name === 'userData' ? dataDir : join(dataDir, name)),
  isPackaged: true,
  version: process.env.TORPEDO_SMOKE_VERSION ?? '0.0.0',
});
const { STAND_IN_KEY } = (await import(HOOKS_URL)) as { STAND_IN_KEY: string };
(globalThis as Record<string, unknown>)[STAND_IN_KEY] = standIn.module;

const timings: Record<string, number> = {};
const mark = (name: string) => (timings[name] ??= Math.round(performance.now()));

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = (await standIn.invoke(channel, input)) as Result<T>;
  if (!result.ok) throw new Error(`${channel} failed: ${result.error?.code}: ${result.error?.message}`);
  return result.value as T;
}

async function until(what: string, test: () => boolean): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!test()) {
    if (standIn.record.errorBoxes.length > 0)
      throw new Error(`main failed: ${JSON.stringify(standIn.record.errorBoxes)}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function scenario() {
  const dbFile = join(dataDir!, 'torpedo.db');
  const watchDb = until('the database file', () => existsSync(dbFile)).then(() => mark('databaseOpenMs'));
  await until(
    'main to register its IPC handlers and open the window',
    () => standIn.record.windows.length > 0,
  );
  mark('coreReadyMs');
  await watchDb;

  const session = await call<{ signedIn: boolean; mode: string; baseUrl: string }>('session:get', {});
  if (!session.signedIn || session.mode !== 'demo')
    throw new Error(`not in the demo: ${JSON.stringify(session)}`);
  const balance = await call<{ credits: number }>('account:balance', {});
  mark('demoSandboxAnsweredMs');

  const opened = await call<{ importId: string; preview: { mapping: unknown } }>('import:open', {
    fileName: 'smoke.csv',
    data: new Uint8Array(Buffer.from(CSV, 'latin1')),
  });
  await call('import:plan', {
    importId: opened.importId,
    mapping: opened.preview.mapping,
    acceptNineDigitFix: true,
  });
  const imported = await call<{ imported: number; invalid: number }>('import:commit', {
    importId: opened.importId,
    onDuplicate: 'skip',
  });
  const found = await call<{ total: number }>('contacts:search', { query: 'Smoke' });
  mark('importDoneMs');
  // electron-updater, loaded from the pack: a packed folder run as it is is no installed app.
  const updates = await call<{ currentVersion: string; unsupported: string | null }>('updates:status', {});
  // fflate from the pack (the stand-in's save dialog is cancelled: nothing is written), and the diagnostics.
  const exported = await call<{ saved: boolean; counts: { contacts: number } }>('data:export', {});
  const diagnostics = await call<{ schemaVersion: number; text: string }>('diagnostics:get', {});

  const [window] = standIn.record.windows;
  const page = window?.loadedUrls[0] ?? '';
  const preload = String((window?.options.webPreferences as { preload?: string } | undefined)?.preload ?? '');
  const icon = typeof window?.options.icon === 'string' ? window.options.icon : null;
  return {
    baseUrl: session.baseUrl,
    balanceKeys: Object.keys(balance),
    imported,
    found: found.total,
    page: { url: page, exists: page.startsWith('file:') && existsSync(fileURLToPath(page)) },
    preload: { path: preload, exists: existsSync(preload) },
    icon: icon === null ? null : { path: icon, exists: existsSync(icon) },
    updates: { currentVersion: updates.currentVersion, unsupported: updates.unsupported },
    ipcChannels: standIn.record.ipcHandlers.size,
    exported: { saved: exported.saved, contacts: exported.counts.contacts },
    diagnostics: { schemaVersion: diagnostics.schemaVersion, lines: diagnostics.text.split('\n').length },
  };
}

/** What main and the core wrote to the log file (pino and rotating-file-stream from the pack), read after quit. */
function logFacts(): { events: string[]; sources: string[] } {
  const file = join(dataDir!, 'logs', 'torpedo.log');
  if (!existsSync(file)) return { events: [], sources: [] };
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { event?: string; src?: string });
  return {
    events: [...new Set(lines.map((l) => l.event ?? ''))],
    sources: [...new Set(lines.map((l) => l.src ?? ''))],
  };
}

async function quit(): Promise<void> {
  standIn.record.calls.length = 0;
  standIn.fireApp('will-quit', { preventDefault: () => undefined });
  await until("main's quit after the core closed", () => standIn.record.calls.includes('quit'));
  mark('closedMs');
}

const report = (payload: object) => console.log(`SMOKE_RESULT ${JSON.stringify(payload)}`);

// Starts once main's module has run (it is the entry point; this preload runs before it).
setImmediate(() => {
  scenario()
    .then(async (facts) => {
      await quit();
      report({ ok: true, facts: { ...facts, log: logFacts() }, timings });
      process.exit(0);
    })
    .catch((error: unknown) => {
      report({ ok: false, error: error instanceof Error ? error.message : String(error), timings });
      process.exit(1);
    });
});
