import { BRL_AMOUNT, expect, test } from './harness/fixtures';

test('signed out, the demo button leads to the overview in demo mode with a balance in reais', async ({
  page,
  torpedo,
}) => {
  expect((await torpedo.invoke('session:get')).signedIn).toBe(false);
  await torpedo.expectSignInScreen();

  await page.getByTestId('signin-demo').click();

  await expect(page.getByTestId('overview-balance')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('mode-badge')).toHaveText(/Demonstração/);
  await expect(page.getByTestId('header-balance')).toHaveText(BRL_AMOUNT);
  await expect(page.getByTestId('overview-balance')).toHaveText(BRL_AMOUNT);
  await expect(page.getByTestId('overview-company')).toBeVisible();
  await expect(page.getByTestId('overview-company')).not.toBeEmpty();
  await expect(page.getByTestId('connectivity')).toHaveAttribute('data-state', 'online');

  const session = await torpedo.invoke('session:get');
  expect(session).toMatchObject({ signedIn: true, mode: 'demo' });
});
