import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

/**
 * Smoke test of the real app: Electron, the preload and main's IPC. It runs
 * only where Electron's binary has been downloaded. The check reads the
 * electron package's files rather than `require('electron')`, because that
 * require tries to download the binary when it is missing.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const MAIN_BUNDLE = join(ROOT, 'out/main/index.js');

function electronBinary(): { path: string } | { missing: string } {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
  if (!relative && !process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    return { missing: `${pathFile} is missing` };
  }
  const binary = join(distDir, relative ?? 'electron');
  return existsSync(binary) ? { path: binary } : { missing: `${binary} does not exist` };
}

test('the real app opens in demo mode', async () => {
  const binary = electronBinary();
  if ('missing' in binary) {
    const reason =
      'Electron binary not downloaded on this machine (no internet); the Chromium e2e specs cover the ' +
      `renderer with the real core (${binary.missing})`;
    console.log(`[electron.spec] skipped: ${reason}`);
    test.skip(true, reason);
    return;
  }
  expect(existsSync(MAIN_BUNDLE), `${MAIN_BUNDLE} is missing: run \`npm run build\` first`).toBe(true);

  // A throwaway profile, so the test never touches the user's own Torpedo data.
  const userData = await mkdtemp(join(tmpdir(), 'torpedo-electron-e2e-'));
  const app = await electron.launch({
    executablePath: binary.path,
    args: [MAIN_BUNDLE, '--demo', `--user-data-dir=${userData}`],
    cwd: ROOT,
  });
  try {
    const window = await app.firstWindow();
    await expect(window).toHaveTitle('Torpedo');
    await expect(window.getByTestId('mode-badge')).toHaveText(/Demonstração|Demo/, { timeout: 30_000 });
    await expect(window.getByTestId('header-balance')).toHaveText(/R\$\s?\d/);
  } finally {
    await app.close();
    await rm(userData, { recursive: true, force: true, maxRetries: 3 });
  }
});
