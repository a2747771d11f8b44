import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { demoSandbox } from './harness/demo-sandbox';
import { fullPageShot } from './harness/full-page-shot';
import { expect, test, type TorpedoApp } from './harness/fixtures';

/**
 * The money screens as a shop owner meets them, in both languages and both
 * colour schemes, for review (test-results/screenshots/money-*.png, never
 * tracked): the overview's balance, a campaign held for balance, Credits
 * opened from it, Credits while the service is out of reach, the purchase's
 * result, and auto-recharge just switched on.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS_DIR = join(ROOT, 'test-results/screenshots');
test.use({ openPage: false });

async function shoot(page: Page, name: string): Promise<void> {
  const path = join(SHOTS_DIR, `money-${name}.png`);
  await fullPageShot(page, path);
  await test.info().attach(`money-${name}.png`, { path, contentType: 'image/png' });
}

/** A held campaign: 600 one-part messages (R$ 54,00) over the demo's R$ 50,00. */
async function heldCampaign(page: Page, torpedo: TorpedoApp): Promise<void> {
  const list = await torpedo.invoke('lists:create', { name: 'Todos' });
  for (let i = 0; i < 600; i++) {
    const n = String(70_000_000 + i);
    await torpedo.invoke('contacts:create', {
      name: `Cliente ${i}`,
      phone: `(11) 9${n.slice(0, 4)}-${n.slice(4)}`,
      email: null,
      fields: {},
      listIds: [list.id],
    });
  }
  const draft = await torpedo.invoke('campaigns:create', { name: 'Oferta para todos' });
  await torpedo.invoke('campaigns:saveDraft', {
    id: draft.id,
    template: 'Oferta de hoje: pao em dobro.',
    audience: { listIds: [list.id], contactIds: [] },
  });
  await torpedo.invoke('campaigns:send', { id: draft.id });
  await page.goto(`${torpedo.pageUrl}#/campaigns/${draft.id}`);
  await expect(page.getByTestId('campaign-hold')).toBeVisible({ timeout: 30_000 });
}

for (const locale of ['pt-BR', 'en'] as const) {
  test.describe(locale, () => {
    test.use({ osLocale: locale });
    for (const scheme of ['light', 'dark'] as const) {
      test(`money screens, ${scheme}`, async ({ page, torpedo }) => {
        test.setTimeout(120_000);
        await mkdir(SHOTS_DIR, { recursive: true });
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await torpedo.open();
        await torpedo.signInDemo();
        const tag = `${locale}-${scheme}`;
        await expect(page.getByTestId('overview-balance-worth')).toBeVisible();
        await shoot(page, `overview-${tag}`);

        await heldCampaign(page, torpedo);
        await shoot(page, `campaign-held-${tag}`);
        await page.getByTestId('campaign-hold-buy').click();
        await expect(page.getByTestId('credits-for')).toBeVisible();
        await shoot(page, `credits-for-campaign-${tag}`);

        await page.getByTestId('credits-buy').click();
        await page.getByTestId('credits-buy-confirm').click();
        await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'succeeded');
        await expect(page.getByTestId('credits-for')).toHaveAttribute('data-state', 'after');
        await shoot(page, `credits-bought-${tag}`);

        const sandbox = await demoSandbox(torpedo);
        await page.getByTestId('nav-overview').click();
        await page.getByTestId('nav-credits').click();
        await sandbox.faults([{ route: '*', fault: 'drop-before-commit' }]);
        await expect(page.getByTestId('credits-buy')).toBeDisabled({ timeout: 12_000 });
        await shoot(page, `credits-offline-${tag}`);
        await sandbox.clearFaults();
        await expect(page.getByTestId('connectivity')).toHaveAttribute('data-state', 'online', {
          timeout: 12_000,
        });

        await page.getByTestId('nav-settings').click();
        await page.getByTestId('settings-autorecharge-tab').click();
        await page.getByTestId('autorecharge-enabled').click();
        await shoot(page, `autorecharge-on-${tag}`);
      });
    }
  });
}
