import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './harness/fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const DIR = join(ROOT, 'test-results/walk');
const CSV = join(ROOT, 'test/fixtures/contacts/contatos-cp1252.csv');

async function shot(page: Page, name: string) {
  await mkdir(DIR, { recursive: true });
  await page.mouse.move(1279, 799);
  const extra = await page.evaluate(() => {
    const d = globalThis as any;
    let most = 0;
    for (const el of d.document.querySelectorAll('body *'))
      if (/auto|scroll/.test(d.getComputedStyle(el).overflowY)) most = Math.max(most, el.scrollHeight - el.clientHeight);
    return most;
  });
  if (extra > 0) await page.setViewportSize({ width: 1280, height: 800 + extra });
  await page.screenshot({ path: join(DIR, name + '.png'), fullPage: true, animations: 'disabled', caret: 'hide' });
  if (extra > 0) await page.setViewportSize({ width: 1280, height: 800 });
}

for (const lang of (process.env.WALK_LANGS ?? 'pt-BR,en').split(',')) for (const scheme of (process.env.WALK_SCHEMES ?? 'light').split(',') as ('light'|'dark')[])
test(`walk ${lang} ${scheme}`, async ({ page, torpedo }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await torpedo.signInDemo();
  await torpedo.invoke('settings:update', { language: lang as 'en' });
  await torpedo.reload();
  const tag = `${lang}-${scheme}`;
  await shot(page, `overview-${tag}`);
  await page.getByTestId('nav-campaigns').click();
  await page.getByTestId('campaign-new').click();
  await page.getByTestId('composer-template').locator('textarea').fill('Olá {{nome}}! Pão de queijo em dobro € hoje.');
  await page.waitForTimeout(800);
  await shot(page, `composer-empty-${tag}`);
  await page.getByTestId('composer-name').locator('input').fill('Sábado');
  await page.getByTestId('composer-import').click();
  await page.getByTestId('import-file').setInputFiles(CSV);
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-start').click();
  await page.getByTestId('import-done').click();
  await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
  await page.waitForTimeout(800);
  await shot(page, `composer-${tag}`);
  await page.getByTestId('composer-test-open').click();
  await page.getByTestId('test-send-phone').locator('input').fill('(11) 91234-5678');
  await page.getByTestId('test-send-go').click();
  await expect(page.getByTestId('test-send-done')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('composer-send').click();
  await page.getByTestId('composer-send-confirm').click();
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
  const url = page.url();
  await page.waitForTimeout(1500);
  await shot(page, `campaign-sending-${tag}`);
  await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await page.waitForTimeout(Number(process.env.WALK_WAIT ?? 1000));
  await shot(page, `campaign-done-${tag}`);
  await page.getByTestId('campaign-report-link').click();
  await page.waitForTimeout(20000);
  await shot(page, `report-${tag}`);
  await page.getByTestId('nav-history').click();
  await page.waitForTimeout(1500);
  await shot(page, `history-${tag}`);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-webhook-tab').click();
  await page.waitForTimeout(800);
  await shot(page, `webhook-${tag}`);
  // a held campaign
  const rows = ['Nome;Celular', ...Array.from({ length: 600 }, (_, i) => `C ${i};(11) 9${String(70000000 + i).slice(0,4)}-${String(70000000 + i).slice(4)}`)];
  const file = test.info().outputPath('600.csv');
  await writeFile(file, rows.join('\r\n'));
  await page.getByTestId('nav-campaigns').click();
  await page.getByTestId('campaign-new').click();
  await page.getByTestId('composer-name').locator('input').fill('Grande');
  await page.getByTestId('composer-import').click();
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-start').click();
  await page.getByTestId('import-done').click();
  await page.getByTestId('composer-template').locator('textarea').fill('Oferta de hoje: pao em dobro.');
  await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
  await page.getByTestId('composer-send').click();
  await page.getByTestId('composer-send-confirm').click();
  await expect(page.getByTestId('campaign-hold')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(500);
  await shot(page, `campaign-held-${tag}`);
  await page.getByTestId('nav-campaigns').click();
  await page.waitForTimeout(800);
  await shot(page, `campaigns-${tag}`);
  void url;
});
