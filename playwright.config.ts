import { existsSync } from 'node:fs';
import { defineConfig, type LaunchOptions } from '@playwright/test';

/**
 * End-to-end tests. Electron's binary cannot be downloaded on every machine
 * (see ../shared/ARCHITECTURE.md, "Testing the app without the Electron
 * binary"), so the "chromium" project loads the BUILT renderer in a browser
 * and a test bridge forwards window.torpedo to the real core in the test
 * process (test/e2e/harness). The "electron" project launches the real app
 * and skips itself, saying why, where no Electron binary exists.
 */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

// Debian's Chromium where it exists (Playwright's own browsers cannot be
// downloaded here); elsewhere Playwright's bundled browser (`npx playwright install`).
const launchOptions: LaunchOptions = existsSync(DEBIAN_CHROMIUM)
  ? {
      executablePath: DEBIAN_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    }
  : {};

export default defineConfig({
  testDir: 'test/e2e',
  // The core runs in the test process from the sources: its import worker bundled once for the
  // run (as for Vitest), not compiled with tsx at each import (over 10 s on a busy machine).
  globalSetup: './test/support/global/import-worker-bundle.ts',
  // Spec files run two at a time (a two-core machine; E2E_WORKERS to change it), each spec's tests
  // in order in one worker: a journey stays whole. Nothing is shared between workers: each test has
  // its own data folder, core, demo sandbox (port 0) and browser page, each worker its own static
  // server (port 0) and keychain service name (harness/fixtures.ts, e2eKeychainService).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  reporter: 'list',
  outputDir: 'test-results/e2e',
  // Two minutes: on a loaded 2-core CI machine with two workers a long spec passed a minute (campaigns.spec 57 s).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  projects: [
    {
      name: 'chromium',
      testIgnore: /electron\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        headless: true,
        viewport: { width: 1280, height: 800 },
        launchOptions,
        trace: 'retain-on-failure',
        screenshot: 'only-on-failure',
      },
    },
    {
      name: 'electron',
      testMatch: /electron\.spec\.ts$/,
    },
  ],
});
