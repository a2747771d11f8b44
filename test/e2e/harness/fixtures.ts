import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { Core } from '@core/kernel/core';
import { createCore } from '@core/kernel/create-core';
import { backUpDatabase } from '@core/db/backup';
import { allMigrations } from '@core/db/migrations';
import { openConnection } from '@core/db/open-database';
import type { Migration } from '@core/db/migrations/types';
import { createKeytarSecretStore } from '@core/secrets/keytar-secret-store';
import { probeKeychain } from '@core/secrets/probe-keychain';
import { accountKeyEntry, serverTokenEntry, tokenEntry, type SecretStore } from '@core/secrets/secret-store';
import type { ChannelName } from '@shared/ipc-contract';
import type { InputOf, OutputOf } from '@shared/ipc-contract';
import { installTorpedoBridge, type FailedCall } from './bridge';
import { ScriptedUpdates } from './scripted-updates';
import { startStaticServer, type StaticServer } from './static-server';
import { TestHost } from './test-host';
import { sendAnyTime } from '../../support/any-time-rules';
import { demoService } from '../../../src/sandbox/index';
import { torpedoServerFixture, type TorpedoServerFixture } from './torpedo-server';

export { expect };

/**
 * Keychain entries written by the e2e tests go under their own service name,
 * so a developer running the tests on a machine with a real keychain never
 * has their own Torpedo account key overwritten or deleted. One name per
 * Playwright worker: specs run in parallel, and one worker's clean-up
 * (forgetE2eSecrets) must not delete the key another worker's test just saved.
 */
export const e2eKeychainService = (workerIndex: number) => `Torpedo (e2e tests, worker ${workerIndex})`;

export interface TorpedoApp {
  /** The real core, the same one Electron's main hosts, on a temp data folder. */
  readonly core: Core;
  readonly dataDir: string;
  readonly host: TestHost;
  /** Main's updater as the window sees it, when the test asked for one (`fakeUpdates`). */
  readonly updates: ScriptedUpdates | null;
  /** The static server's address of the built page (`…/index.html`). */
  readonly pageUrl: string;
  /**
   * Console lines of type error, CSP violations and page errors seen so far.
   * The fixture fails the test on any page error or CSP violation left in
   * these lists at the end; a test that provokes one on purpose removes it.
   */
  readonly consoleErrors: string[];
  readonly cspViolations: string[];
  readonly pageErrors: string[];
  /** Calls from the page that the core refused (`{ ok: false }`), in order: a refusal or a bug. */
  readonly failedCalls: FailedCall[];
  /**
   * Moves the core's clock on to `at` (ms since the epoch), from where it runs on: a journey that
   * waits for a campaign's time (its clock ahead with `clockAhead`). The sandbox keeps its own.
   */
  moveClockTo(at: number): void;
  /** Calls the core directly (as the renderer would) and unwraps the result; throws on `{ ok: false }`. */
  invoke<C extends ChannelName>(channel: C, input?: InputOf<C>): Promise<OutputOf<C>>;
  /** Loads the app page and waits until it shows either the sign-in screen or the signed-in shell. */
  open(): Promise<void>;
  /** Reloads the page (the bridge survives) and waits as `open` does. */
  reload(): Promise<void>;
  /** From the sign-in screen, enters the demo and waits for the overview with its balance. */
  signInDemo(): Promise<void>;
  /** Waits for the sign-in screen. */
  expectSignInScreen(): Promise<void>;
  /** Waits for the overview with a balance in reais. */
  expectOverview(): Promise<void>;
  /** Whether the core reports a working keychain. */
  keychainAvailable(): Promise<boolean>;
}

export interface TorpedoOptions {
  /** The OS locale the test host reports. */
  osLocale: string;
  /** CoreOptions.demoWhenSignedOut: start straight in the demo (as `npm start` does). */
  demoWhenSignedOut: boolean;
  /** Open the page while setting up the fixture. */
  openPage: boolean;
  /** Give the core an updater the test drives (ScriptedUpdates), as main's in an installed app. */
  fakeUpdates: boolean;
  /**
   * Start as a version whose data update fails: the data folder first gets a
   * shop's data from this version, then the core starts with one more,
   * broken, migration (the recovery page).
   */
  brokenDataUpdate: boolean;
  /**
   * Start on a damaged data file: a shop's data from this version, a backup
   * of it, then 8 KB of noise over the middle of torpedo.db (the recovery
   * page's `damaged` stage).
   */
  damagedData: boolean;
  /**
   * Runs the core's clock this many ms ahead of the machine's (CoreOptions.now):
   * a journey picks the moment it sends at (outside the sending hours, say).
   * The demo's sandbox keeps real time; a journey may move it on too.
   */
  clockAhead: number;
  /**
   * 'any-time' (the default): the sending rules move nothing (no window, Sundays and holidays
   * open), so a spec that is not about the rules sends at once whatever hour CI runs it at.
   * 'defaults': the rules a new data folder starts with (the sending-rules journey).
   */
  sendingRules: 'any-time' | 'defaults';
}

export const testId = (page: Page, id: string) => page.getByTestId(id);

/** A BRL amount as the UI shows it, e.g. `R$ 50,00` (pt-BR) or `R$50.00` (en). */
export const BRL_AMOUNT = /R\$\s?\d/;

async function e2eKeychain(workerIndex: number): Promise<SecretStore | undefined> {
  const store = createKeytarSecretStore(e2eKeychainService(workerIndex));
  // Without a usable keychain, pass nothing: the core probes the OS keychain
  // itself and reports why it is unavailable, as it does for a user.
  return (await probeKeychain(store, { timeoutMs: 3000 })).available ? store : undefined;
}

async function forgetE2eSecrets(store: SecretStore | undefined): Promise<void> {
  if (!store) return;
  for (const profile of ['default', 'demo']) {
    await store.delete(accountKeyEntry(profile)).catch(() => false);
    await store.delete(tokenEntry(profile)).catch(() => false);
    await store.delete(serverTokenEntry(profile)).catch(() => false);
  }
}

/** A next version's step that fails (see brokenDataUpdate). */
const BROKEN_MIGRATION: Migration = {
  version: allMigrations.length + 1,
  name: 'broken-on-purpose',
  up: () => {
    throw new Error('no such column: contacts.surname');
  },
};

/** A backup of the data folder as it is now (as one made before an update), by name. */
export async function backUpNow(dataDir: string): Promise<string> {
  const db = openConnection(join(dataDir, 'torpedo.db'));
  try {
    return (await backUpDatabase(db, join(dataDir, 'backups'), allMigrations.length)).name;
  } finally {
    db.close();
  }
}

/** A shop's data, backed up, then 8 KB of noise over the middle of its file. */
async function damageShopData(dataDir: string, host: TestHost): Promise<void> {
  await writeShopData(dataDir, host);
  await backUpNow(dataDir);
  const file = join(dataDir, 'torpedo.db');
  const contacts = openConnection(file);
  // Enough contacts that the middle of the file is theirs, not free pages.
  const insert = contacts.prepare(
    `INSERT INTO contacts (id, profile, name, sort_key, phone, created_at, updated_at)
     VALUES (?, 'demo', ?, ?, ?, '2026-01-01', '2026-01-01')`,
  );
  contacts.transaction(() => {
    for (let i = 0; i < 3_000; i++)
      insert.run(`noise-${i}`, `Cliente ${i}`, `cliente ${i}`, `+55119${40_000_000 + i}`);
  })();
  contacts.close();
  const noise = Buffer.alloc(8 * 1024, 0x5a);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, noise, 0, noise.length, Math.floor(statSync(file).size / 2));
  } finally {
    closeSync(fd);
  }
}

/** A shop's contacts in `dataDir`, written by this version's core (in the demo), which is then closed. */
async function writeShopData(dataDir: string, host: TestHost): Promise<void> {
  const core = await createCore({
    demo: demoService,
    dataDir,
    host,
    demoWhenSignedOut: true,
    secretStore: null,
  });
  try {
    await core.dispatch('contacts:create', { name: 'Maria', phone: '11 98765-4321' });
  } finally {
    await core.close();
  }
}

export const test = base.extend<
  TorpedoOptions & { torpedo: TorpedoApp; torpedoServer: TorpedoServerFixture },
  { staticServer: StaticServer }
>({
  osLocale: ['pt-BR', { option: true }],
  demoWhenSignedOut: [false, { option: true }],
  openPage: [true, { option: true }],
  fakeUpdates: [false, { option: true }],
  brokenDataUpdate: [false, { option: true }],
  damagedData: [false, { option: true }],
  clockAhead: [0, { option: true }],
  sendingRules: ['any-time', { option: true }],

  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  torpedoServer: async ({}, use) => torpedoServerFixture(use),

  staticServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startStaticServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],

  torpedo: async (
    {
      page,
      staticServer,
      osLocale,
      demoWhenSignedOut,
      openPage,
      fakeUpdates,
      brokenDataUpdate,
      damagedData,
      clockAhead,
      sendingRules,
    },
    use,
    testInfo,
  ) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'torpedo-e2e-'));
    let ahead = clockAhead;
    const updates = fakeUpdates ? new ScriptedUpdates('0.1.0') : null;
    const host = new TestHost({ osLocale, ...(updates ? { updates } : {}) });
    const secretStore = await e2eKeychain(testInfo.parallelIndex);
    if (brokenDataUpdate) await writeShopData(dataDir, host);
    if (damagedData) await damageShopData(dataDir, host);
    const core = await createCore({
      ...(brokenDataUpdate ? { migrations: [...allMigrations, BROKEN_MIGRATION] } : {}),
      demo: demoService,
      dataDir,
      host,
      demoWhenSignedOut,
      // As main starts it: the idle probe keeps the connection indicator and the balance true.
      idleProbe: true,
      ...(secretStore ? { secretStore } : {}),
      ...(clockAhead ? { now: () => new Date(Date.now() + ahead) } : {}),
    });
    // A core on damaged or un-upgradable data answers only the recovery channels: nothing to send there.
    if (sendingRules === 'any-time' && !brokenDataUpdate && !damagedData) await sendAnyTime(core);

    const consoleErrors: string[] = [];
    const cspViolations: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (message) => {
      const text = message.text();
      if (/content security policy/i.test(text)) cspViolations.push(text);
      if (message.type() === 'error') consoleErrors.push(text);
    });
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? String(error)));
    // Chromium's "Failed to load resource" line does not name the resource; this does. A file the
    // built page asks for and does not get is a packaging bug (a missing font, a bad path).
    const failedLoads: string[] = [];
    page.on('response', (response) => {
      if (response.status() < 400) return;
      failedLoads.push(`HTTP ${response.status()} for ${response.url()}`);
      consoleErrors.push(`HTTP ${response.status()} for ${response.url()}`);
    });

    const failedCalls: FailedCall[] = [];
    const stopEvents = await installTorpedoBridge(page, core, (call) => failedCalls.push(call));
    const pageUrl = `${staticServer.url}/index.html`;

    const shellOrSignIn = page.getByTestId('signin-demo').or(page.getByTestId('mode-badge')).first();
    const app: TorpedoApp = {
      core,
      dataDir,
      host,
      updates,
      pageUrl,
      consoleErrors,
      cspViolations,
      pageErrors,
      failedCalls,
      moveClockTo(at) {
        if (!clockAhead) throw new Error('moveClockTo needs the journey’s clock ahead (clockAhead)');
        ahead = at - Date.now();
      },
      async invoke(channel, input) {
        const result = await core.dispatch(channel, input ?? ({} as InputOf<typeof channel>));
        if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
        return result.value;
      },
      async open() {
        await page.goto(pageUrl);
        await expect(shellOrSignIn).toBeVisible({ timeout: 20_000 });
      },
      async reload() {
        await page.reload();
        await expect(shellOrSignIn).toBeVisible({ timeout: 20_000 });
      },
      async expectSignInScreen() {
        await expect(page.getByTestId('signin-demo')).toBeVisible({ timeout: 20_000 });
        await expect(page.getByTestId('signin-key')).toBeVisible();
      },
      async expectOverview() {
        await expect(page.getByTestId('overview-balance')).toBeVisible({ timeout: 20_000 });
        await expect(page.getByTestId('header-balance')).toHaveText(BRL_AMOUNT);
      },
      async signInDemo() {
        await app.expectSignInScreen();
        await page.getByTestId('signin-demo').click();
        await app.expectOverview();
      },
      async keychainAvailable() {
        return (await app.invoke('session:get')).keychain.available;
      },
    };

    try {
      if (openPage) await app.open();
      await use(app);
    } finally {
      stopEvents();
      try {
        await core.close();
      } finally {
        await forgetE2eSecrets(secretStore);
        await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
      }
    }

    if (consoleErrors.length > 0) {
      await testInfo.attach('console-errors.txt', {
        body: consoleErrors.join('\n'),
        contentType: 'text/plain',
      });
    }
    const problems = [
      ...pageErrors.map((e) => `page error: ${e}`),
      ...cspViolations.map((v) => `CSP violation: ${v}`),
      ...failedLoads.map((f) => `failed load: ${f}`),
    ];
    if (problems.length > 0) {
      const hint = cspViolations.some((v) => /blocked eval/.test(v))
        ? '\nHint: zod v4 probes `new Function` (caught, but reported by the CSP) unless the renderer ' +
          'calls `z.config({ jitless: true })` before its first parse.'
        : '';
      throw new Error(`The page reported ${problems.length} problem(s):\n${problems.join('\n')}${hint}`);
    }
  },
});
