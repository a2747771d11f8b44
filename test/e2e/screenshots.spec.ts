import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './harness/fixtures';
import { fullPageShot } from './harness/full-page-shot';

/**
 * Full-page pictures of each screen in light and dark, for review and for the
 * README. They are written to test-results/screenshots (never tracked); the
 * README's copies in docs/screenshots change only with
 * UPDATE_README_SCREENSHOTS=1, so CI never rewrites tracked files.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS_DIR = join(ROOT, 'test-results/screenshots');
const README_DIR = join(ROOT, 'docs/screenshots');
const README_SHOTS = new Set(['overview-light.png', 'signin-dark.png', 'import-changes-light.png']);

test.use({ openPage: false });

const CONTACTS_CSV = join(ROOT, 'test/fixtures/contacts/contatos-cp1252.csv');
const OPT_OUTS_TXT = join(ROOT, 'test/fixtures/contacts/descadastros.txt');
const RENAMING_CSV = join(ROOT, 'test/fixtures/contacts/contatos-renomeados.csv');

/** Minimal DOM typing for code run in the page (the node tsconfig has no DOM lib). */
interface PageDom {
  document: { fonts: { ready: Promise<unknown> } };
}

async function shoot(page: Page, name: string): Promise<void> {
  // Steady state: fonts loaded; fullPageShot waits for the network, parks the pointer, grows the window.
  await page.evaluate(() => (globalThis as unknown as PageDom).document.fonts.ready);
  const file = `${name}.png`;
  const path = join(SHOTS_DIR, file);
  await fullPageShot(page, path);
  await test.info().attach(file, { path, contentType: 'image/png' });
  if (process.env.UPDATE_README_SCREENSHOTS === '1' && README_SHOTS.has(file)) {
    await mkdir(README_DIR, { recursive: true });
    await copyFile(path, join(README_DIR, file));
    console.log(`[screenshots] updated docs/screenshots/${file}`);
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every screen, ${scheme} colour scheme`, async ({ page, torpedo }) => {
    // A walk through every screen with an import, a campaign and its report: over a minute when
    // another spec file shares the two cores (e2e runs two workers).
    test.setTimeout(180_000);
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await torpedo.open();

    await torpedo.expectSignInScreen();
    await shoot(page, `signin-${scheme}`);

    await torpedo.signInDemo();
    await expect(page.getByTestId('overview-company')).not.toBeEmpty();
    await shoot(page, `overview-${scheme}`);

    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-webhook-tab').click();
    await expect(page.getByTestId('webhook-secret')).toContainText('•');
    await shoot(page, `webhook-settings-${scheme}`);

    await page.getByTestId('settings-account-tab').click();
    await expect(page.getByTestId('signout')).toBeVisible();
    await shoot(page, `account-settings-${scheme}`);

    // With the low-balance alert on at R$ 100,00, the header warns (the demo starts at R$ 50,00).
    await page.getByTestId('settings-autorecharge-tab').click();
    await page.getByTestId('autorecharge-alert-enabled').click();
    await page.getByTestId('autorecharge-alert-threshold').locator('input').fill('100,00');
    await page.getByTestId('autorecharge-save').click();
    await expect(page.getByTestId('low-balance-warning')).toBeVisible();
    await expect(page.getByTestId('autorecharge-save')).toBeDisabled();
    await page.waitForTimeout(3500); // the "saved" toast fades before the picture
    await shoot(page, `autorecharge-settings-${scheme}`);

    await page.getByTestId('nav-credits').click();
    await expect(page.getByTestId('credits-plan-1000')).toBeVisible();
    await expect(page.getByTestId('credits-card-4242')).toBeVisible();
    await shoot(page, `credits-${scheme}`);

    // After a purchase: the outcome beside the summary, and an invoice to list.
    await page.getByTestId('credits-buy').click();
    await page.getByTestId('credits-buy-confirm').click();
    await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'succeeded');
    const [invoice] = (await torpedo.invoke('credits:invoices', {})).invoices;
    await expect(page.getByTestId('purchase-invoice')).toContainText(invoice!.displayId);
    await shoot(page, `credits-bought-${scheme}`);

    await page.getByTestId('nav-invoices').click();
    await expect(page.getByTestId('invoices-table')).toBeVisible();
    await shoot(page, `invoices-${scheme}`);

    await contactScreens(page, scheme);
  });
}

/** The contacts pages and every step of the import wizard, on the demo's own contacts. */
async function contactScreens(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.getByTestId('nav-contacts').click();
  await expect(page.getByTestId('contacts-empty')).toBeVisible();
  await shoot(page, `contacts-empty-${scheme}`);

  await page.getByTestId('import-open').click();
  await expect(page.getByTestId('import-drop')).toBeVisible();
  await shoot(page, `import-pick-${scheme}`);
  await page.getByTestId('import-file').setInputFiles(CONTACTS_CSV);
  await expect(page.getByTestId('import-preview')).toContainText('João da Silva');
  await shoot(page, `import-preview-${scheme}`);
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-mapping')).toBeVisible();
  await shoot(page, `import-mapping-${scheme}`);
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-counts')).toBeVisible();
  await shoot(page, `import-review-${scheme}`);
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result')).toBeVisible();
  await shoot(page, `import-result-${scheme}`);
  await page.getByTestId('import-done').click();

  await expect(page.getByTestId('contact-row').first()).toBeVisible();
  await page.getByTestId('contact-row').filter({ hasText: 'Maria' }).getByRole('checkbox').click();
  await page.getByTestId('contact-row').filter({ hasText: 'João' }).getByRole('checkbox').click();
  await shoot(page, `contacts-${scheme}`);
  await page.getByTestId('bulk-clear').click();

  // A second spreadsheet of the same customers: what it would change, before → after; then undone.
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-file').setInputFiles(RENAMING_CSV);
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-change')).toHaveCount(2);
  await shoot(page, `import-changes-${scheme}`);
  await page.getByTestId('import-update').click();
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-undo-offer')).toBeVisible();
  await shoot(page, `import-result-undo-${scheme}`);
  await page.getByTestId('import-done').click();
  await expect(page.getByTestId('last-import-undo')).toBeVisible();
  await shoot(page, `contacts-last-import-${scheme}`);
  await page.getByTestId('last-import-undo').click();
  await expect(page.getByTestId('import-undo-consequences')).toBeVisible();
  await shoot(page, `import-undo-confirm-${scheme}`);
  await page.getByTestId('import-undo-confirm').click();
  await expect(page.getByTestId('last-import-undone')).toBeVisible();
  await page.waitForTimeout(3500); // the toast of the earlier import fades before the picture
  await shoot(page, `contacts-undone-${scheme}`);

  await page.getByTestId('contact-row').filter({ hasText: 'Maria' }).click();
  await expect(page.getByTestId('contact-drawer')).toBeVisible();
  await page.getByTestId('contact-phone').locator('input').fill('1234');
  await page.getByTestId('contact-save').click();
  await expect(page.getByTestId('contact-phone-error')).toBeVisible();
  await shoot(page, `contact-drawer-${scheme}`);
  await page.keyboard.press('Escape');

  await page.getByTestId('nav-lists').click();
  await page.getByTestId('lists-new-name').locator('input').fill('Clientes VIP');
  await page.getByTestId('lists-create').click();
  await page.getByTestId('lists-new-name').locator('input').fill('X');
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await shoot(page, `lists-${scheme}`);

  await page.getByTestId('nav-optouts').click();
  await page.getByTestId('optouts-input').locator('textarea').fill('(21) 99876-5432\n1234\n11 3456-7890');
  await page.getByTestId('optouts-add').click();
  await expect(page.getByTestId('optouts-invalid-line')).toBeVisible();
  // A file of numbers, read and waiting for the yes.
  await page.getByTestId('optouts-file-input').setInputFiles(OPT_OUTS_TXT);
  await expect(page.getByTestId('optouts-file-confirm')).toBeVisible();
  await page.waitForTimeout(3500); // the toast fades before the picture
  await shoot(page, `optouts-${scheme}`);
}
