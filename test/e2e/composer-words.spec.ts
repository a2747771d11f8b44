import type { Locator } from '@playwright/test';
import { expect, test } from './harness/fixtures';

/**
 * The composer as a shop owner first meets it, in both languages: a message
 * with accents and {{nome}} before anyone is chosen. It speaks of what makes
 * a message cost more in plain words (no GSM-7, UCS-2 or Unicode), shows no
 * contact missing a field while there is no contact, keeps the
 * delivery-callback address under "Avançado", and the preview's search box
 * shows its whole placeholder.
 */

/** Whether an element shows all of its text (no ellipsis or cut), measured by the browser. */
const showsAllText = (element: Locator) =>
  element.evaluate((el) => {
    const box = el as unknown as { scrollWidth: number; clientWidth: number };
    return box.scrollWidth <= box.clientWidth;
  });

const LANGUAGES = [
  {
    language: 'pt-BR',
    nobody: 'Nenhum destinatário ainda',
    short: 'Acentos ou símbolos: cabe menos em cada SMS',
    advanced: 'Avançado',
  },
  {
    language: 'en',
    nobody: 'No recipients yet',
    short: 'Accents or symbols: less fits in each SMS',
    advanced: 'Advanced',
  },
] as const;

for (const words of LANGUAGES) {
  test(`a first message in plain words, ${words.language}`, async ({ page, torpedo }) => {
    await torpedo.signInDemo();
    await torpedo.invoke('settings:update', { language: words.language });
    await torpedo.reload();

    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-new').click();
    await page
      .getByTestId('composer-template')
      .locator('textarea')
      .fill('Olá {{nome}}! Pão de queijo em dobro hoje.');

    const preview = page.getByTestId('composer-preview');
    await expect(preview.getByTestId('segment-encoding')).toHaveText(words.short);
    await expect(preview.getByTestId('segment-unicode-chars')).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/GSM|UCS|Unicode/);

    // Nobody chosen yet: nothing to say about a contact's missing name.
    await expect(page.getByTestId('preview-position')).toHaveText(words.nobody);
    await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
    await expect(page.getByTestId('preview-missing')).toHaveCount(0);

    const placeholder = page.getByTestId('preview-search').locator('.n-input__placeholder');
    await expect(placeholder).toBeVisible();
    expect(await showsAllText(placeholder)).toBe(true);

    // The callback address is for shops with a system of their own: under "Avançado", closed.
    await expect(page.getByTestId('composer-callback')).toHaveCount(0);
    await page.getByTestId('composer-advanced').click();
    await expect(page.getByTestId('composer-advanced')).toHaveText(words.advanced);
    await expect(page.getByTestId('composer-callback')).toBeVisible();
  });
}
