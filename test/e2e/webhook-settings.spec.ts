import { expect, test } from './harness/fixtures';

test('the webhook secret is masked, can be revealed, and is copied to the clipboard', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-webhook-tab').click();

  // The full secret, as the core knows it (for comparison only; the page must not show it yet).
  const { secret } = await torpedo.invoke('account:revealWebhookSecret');
  expect(secret).toMatch(/^whsec_\S+$/);

  const shown = page.getByTestId('webhook-secret');
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('•');
  await expect(shown).not.toContainText(secret!);
  const masked = (await shown.innerText()).trim();
  expect(masked).not.toMatch(/whsec_[^•\s]{8,}/);

  await page.getByTestId('webhook-reveal').click();
  await expect(shown).not.toContainText('•');
  await expect(shown).toHaveText(/^\s*whsec_/);
  await expect(shown).toContainText(secret!);

  expect(torpedo.host.clipboardWrites).toEqual([]);
  await page.getByTestId('webhook-copy').click();
  await expect.poll(() => torpedo.host.clipboard).toBe(secret);
});
