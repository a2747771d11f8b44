import type { Page } from '@playwright/test';
import type { TorpedoApp } from './fixtures';

/**
 * From the sign-in screen, signs in with an account key at another service
 * address (a test's own sandbox or proxy), as an owner would through
 * "Avançado", and waits for the overview.
 */
export async function signInWithKey(
  page: Page,
  torpedo: TorpedoApp,
  baseUrl: string,
  key: string,
): Promise<void> {
  await torpedo.expectSignInScreen();
  await page.getByTestId('signin-advanced').click();
  await page.getByTestId('signin-baseurl').locator('input').fill(baseUrl);
  await page.getByTestId('signin-key').locator('input').fill(key);
  await page.getByTestId('signin-submit').click();
  if (!(await torpedo.keychainAvailable())) await page.getByTestId('keychain-continue-memory').click();
  await torpedo.expectOverview();
}
