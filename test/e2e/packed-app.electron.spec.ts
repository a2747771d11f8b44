import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';

/**
 * Smoke test of the PACKED app, as an installer leaves it (the release
 * workflow sets TORPEDO_PACKED_APP to the executable on each OS runner;
 * elsewhere it skips and says why). Playwright's `_electron.launch` cannot
 * drive it: it needs `--inspect`, which the packed binary's fuses refuse
 * (EnableNodeCliInspectArguments off, electron-builder.yml). So the app is
 * started as a user would, with Chromium's own `--remote-debugging-port`,
 * and Playwright attaches to its window over CDP.
 */
const PACKED_APP = process.env.TORPEDO_PACKED_APP;

/** The DevTools address Chromium prints on stderr once it listens. */
function devToolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no DevTools address after 60 s:\n${seen}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening:\n${seen}`)));
  });
}

async function appPage(browser: Browser): Promise<Page> {
  for (let tries = 0; tries < 300; tries += 1) {
    const page = browser
      .contexts()
      .flatMap((context) => context.pages())
      .find((p) => p.url().endsWith('/renderer/index.html') || p.url().includes('/renderer/index.html#'));
    if (page) return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app opened no window with its page');
}

test('the packed app opens in demo mode', async () => {
  if (!PACKED_APP) {
    const reason =
      'TORPEDO_PACKED_APP is not set: the release workflow sets it to the packed executable on each OS; ' +
      'here npm run check:package runs the packed main bundle under Node instead';
    console.log(`[packed-app.electron.spec] skipped: ${reason}`);
    test.skip(true, reason);
    return;
  }
  // A throwaway profile, so the test never touches a real Torpedo's data.
  const userData = await mkdtemp(join(tmpdir(), 'torpedo-packed-e2e-'));
  const child = spawn(PACKED_APP, ['--demo', `--user-data-dir=${userData}`, '--remote-debugging-port=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let browser: Browser | undefined;
  try {
    browser = await chromium.connectOverCDP(await devToolsEndpoint(child));
    const page = await appPage(browser);
    await expect(page).toHaveTitle('Torpedo');
    await expect(page.getByTestId('mode-badge')).toHaveText(/Demonstração|Demo/, { timeout: 30_000 });
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s?\d/);
    // The page has the bridge and nothing of Node.
    expect(await page.evaluate(() => typeof (globalThis as Record<string, unknown>).torpedo)).toBe('object');
    expect(await page.evaluate(() => typeof (globalThis as Record<string, unknown>).require)).toBe(
      'undefined',
    );
    // Settings → Sobre answers from main's updater in the packed app.
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-about-tab').click();
    await expect(page.getByTestId('about-version')).toHaveText(/^\d+\.\d+\.\d+/);
  } finally {
    await browser?.close().catch(() => undefined);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await rm(userData, { recursive: true, force: true, maxRetries: 3 });
  }
});
