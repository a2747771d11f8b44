import type { Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { expect, test, type TorpedoApp } from './harness/fixtures';

/**
 * Signing in with an account key against a separate sandbox (the real
 * service's wire protocol on 127.0.0.1). Where no keychain exists (no
 * Secret Service, as on a bare CI box) the app must ask before keeping the
 * key in memory; the test takes that path then, and says which path ran.
 */
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

test.afterAll(async () => {
  await sandbox?.close();
});

async function submitKey(page: Page, accountKey: string): Promise<void> {
  await page.getByTestId('signin-advanced').click();
  const baseUrl = page.getByTestId('signin-baseurl').locator('input');
  await expect(baseUrl).toBeVisible();
  await baseUrl.fill(sandbox.url);
  await page.getByTestId('signin-key').locator('input').fill(accountKey);
  await page.getByTestId('signin-submit').click();
}

/** Answers the keychain question when the core has no keychain; returns which path ran. */
async function passKeychainQuestion(page: Page, torpedo: TorpedoApp): Promise<'keychain' | 'memory'> {
  const info = test.info();
  if (await torpedo.keychainAvailable()) {
    info.annotations.push({ type: 'keychain path', description: 'OS keychain available: key kept in it' });
    console.log(`[${info.title}] keychain path: OS keychain available, no question asked`);
    await expect(page.getByTestId('keychain-continue-memory')).toHaveCount(0);
    return 'keychain';
  }
  const reason = (await torpedo.invoke('session:get')).keychain.reason ?? 'no reason given';
  info.annotations.push({
    type: 'keychain path',
    description: `keychain unavailable (${reason}): memory only`,
  });
  console.log(
    `[${info.title}] keychain path: unavailable (${reason}); answering "keep in memory for this session"`,
  );
  await expect(page.getByTestId('keychain-continue-memory')).toBeVisible();
  await page.getByTestId('keychain-continue-memory').click();
  return 'memory';
}

test('a test_ key and the sandbox address sign in, in test mode', async ({ page, torpedo }) => {
  await torpedo.expectSignInScreen();
  await submitKey(page, 'test_e2e_sign_in_key');
  const storage = await passKeychainQuestion(page, torpedo);

  await torpedo.expectOverview();
  await expect(page.getByTestId('mode-badge')).toHaveText(/teste|test/i);
  await expect(page.getByTestId('mode-badge')).not.toHaveText(/Demonstração|Demo/i);

  const session = await torpedo.invoke('session:get');
  expect(session).toMatchObject({ signedIn: true, mode: 'test', baseUrl: sandbox.url, keyStorage: storage });
});

test('a wrong key shows a translated error, not a raw code', async ({ page, torpedo }) => {
  const wrongKey = 'live_wrong_key_123';
  // What the core answers for this key: the UI must show a translation, not this code or English text.
  const raw = await torpedo.core.dispatch('session:signIn', {
    accountKey: wrongKey,
    baseUrl: sandbox.url,
    allowMemoryOnly: true,
  });
  expect(raw.ok).toBe(false);
  const { code, message } = raw.ok ? { code: '', message: '' } : raw.error;

  await torpedo.expectSignInScreen();
  await submitKey(page, wrongKey);
  await passKeychainQuestion(page, torpedo);

  const error = page.getByTestId('signin-error');
  await expect(error).toBeVisible();
  await expect(error).not.toBeEmpty();
  const shown = (await error.innerText()).trim();
  console.log(`[wrong key] core said ${code} ("${message}"); the screen says "${shown}"`);
  expect(shown).not.toContain(code);
  expect(shown).not.toMatch(/\b[a-z]+(?:_[a-z]+)+\b/); // no snake_case error code
  expect(shown).not.toBe(message);
  expect((await torpedo.invoke('session:get')).signedIn).toBe(false);
  await expect(page.getByTestId('overview-balance')).toHaveCount(0);
});
