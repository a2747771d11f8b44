import type { Page } from '@playwright/test';
import { expect, test } from './harness/fixtures';

/** Picks an option of a naive-ui select by its visible label. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  const option = page.locator('.n-base-select-option').filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) });
  await expect(option).toBeVisible();
  await option.click();
  await expect(option).toBeHidden();
}

/** The page's background as [r, g, b]. */
async function background(page: Page): Promise<number[]> {
  const color = await page
    .locator('body')
    .evaluate(
      (body) =>
        (
          globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
        ).getComputedStyle(body).backgroundColor,
    );
  return (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

const luminance = ([r = 0, g = 0, b = 0]: number[]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

test.beforeEach(async ({ page, torpedo }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await torpedo.signInDemo();
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-account-tab').click();
});

test('switching the language to English changes the interface text, and it is kept', async ({
  page,
  torpedo,
}) => {
  await expect(page.getByTestId('nav-settings')).toHaveText('Configurações');
  await expect(page.getByTestId('nav-overview')).toHaveText('Visão geral');

  await choose(page, 'language-select', 'English');

  await expect(page.getByTestId('nav-settings')).toHaveText('Settings');
  await expect(page.getByTestId('nav-overview')).toHaveText('Overview');
  // The header's badge (the account card shows a second one).
  const badge = page.getByTestId('mode-badge').first();
  await expect(badge).toHaveText(/Demo/);
  await expect(badge).not.toHaveText(/Demonstração/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await torpedo.invoke('settings:get')).language).toBe('en');

  await torpedo.reload();
  await expect(page.getByTestId('nav-settings')).toHaveText('Settings');
});

test('switching the theme to dark darkens the page, and it is kept', async ({ page, torpedo }) => {
  const before = await background(page);
  expect(luminance(before), `light background, got rgb(${before.join(', ')})`).toBeGreaterThan(0.8);

  await choose(page, 'theme-select', 'Escura');

  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => luminance(await background(page))).toBeLessThan(0.2);
  expect((await torpedo.invoke('settings:get')).theme).toBe('dark');

  // The setting wins over the system's light scheme, after a reload too.
  await torpedo.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => luminance(await background(page))).toBeLessThan(0.2);
});
