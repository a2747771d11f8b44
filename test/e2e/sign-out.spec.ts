import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './harness/fixtures';

test('signing out and deleting local data returns to sign-in, and stays signed out after a reload', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-account-tab').click();

  await page.getByTestId('signout').click();
  // naive-ui checkboxes: click the visible box rather than the hidden input.
  const deleteLocal = page.getByTestId('signout-delete-local');
  await deleteLocal.click();
  await expect(deleteLocal).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('signout-confirm').click();

  await torpedo.expectSignInScreen();
  await expect(page.getByTestId('mode-badge')).toHaveCount(0);
  expect((await torpedo.invoke('session:get')).signedIn).toBe(false);
  expect(existsSync(join(torpedo.dataDir, 'demo')), "the demo's local data is deleted").toBe(false);

  await torpedo.reload();
  await torpedo.expectSignInScreen();
  expect(await torpedo.invoke('session:get')).toMatchObject({ signedIn: false, mode: null });
});
