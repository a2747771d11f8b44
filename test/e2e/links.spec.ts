import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { demoSandbox } from './harness/demo-sandbox';
import { expect, test, type TorpedoApp } from './harness/fixtures';
import { fullPageShot } from './harness/full-page-shot';

/**
 * Short links and tracked campaigns in the demo, through the real core and
 * sandbox: a link made on the Links page and opened at its short address
 * (the sandbox redirects and counts it), a campaign whose link becomes a
 * short one that the recipients click on the sandbox's clock, seen in the
 * report and on the overview; and a fresh demo's first steps.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS_DIR = join(ROOT, 'test-results/screenshots');
const README_DIR = join(ROOT, 'docs/screenshots');
const README_SHOTS = new Set([
  'links-light.png',
  'links-dark.png',
  'report-clicks-light.png',
  'report-clicks-dark.png',
  'overview-results-light.png',
  'overview-results-dark.png',
]);
const LONG = 'https://padaria.example/ofertas/sabado-de-pao-de-queijo-em-dobro-ate-meio-dia?origem=sms';

async function shoot(page: Page, file: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, file);
  await page.evaluate(
    () =>
      (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready,
  );
  await fullPageShot(page, path);
  await test.info().attach(file, { path, contentType: 'image/png' });
  if (process.env.UPDATE_README_SCREENSHOTS === '1' && README_SHOTS.has(file)) {
    await mkdir(README_DIR, { recursive: true });
    await copyFile(path, join(README_DIR, file));
  }
}

/** 30 customers in a list "Clientes" of the demo. */
async function customers(torpedo: TorpedoApp): Promise<string> {
  const list = await torpedo.invoke('lists:create', { name: 'Clientes' });
  for (let i = 0; i < 30; i++) {
    await torpedo.invoke('contacts:create', {
      name: `Cliente ${i + 1}`,
      phone: `+55119${String(40_000_000 + i)}`,
      listIds: [list.id],
    });
  }
  return list.id;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the Links page: create a link, open its short address, see the click, its QR code, deactivate it (${scheme})`, async ({
    page,
    torpedo,
  }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await torpedo.signInDemo();
    await page.getByTestId('nav-links').click();
    await expect(page.locator('h1')).toHaveText('Links');
    await expect(page.getByTestId('links-empty')).toBeVisible();

    // A bad address is refused before anything is asked of the service.
    await page.getByTestId('link-url').locator('input').fill('padaria');
    await page.getByTestId('link-create').click();
    await expect(page.getByTestId('link-url-error')).toHaveText(/https:\/\//);

    await page.getByTestId('link-url').locator('input').fill(LONG);
    await page.getByTestId('link-title').locator('input').fill('Pão de queijo');
    await page.getByTestId('link-create').click();
    const row = page.getByTestId('link-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Pão de queijo');
    // The full address is the cell's title; the text reads without https://.
    const shortUrl = (await row.getByTestId('link-short').getAttribute('title'))!;
    expect(shortUrl.length).toBeLessThan(LONG.length);

    // Someone opens it: the sandbox redirects to the page and counts the click.
    const opened = await fetch(shortUrl, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(LONG);
    await row.getByTestId('link-open-clicks').click();
    await expect(page.getByTestId('link-clicks-total')).toHaveText(
      scheme === 'light' ? '1 clique' : '1 clique',
    );
    await expect(page.getByTestId('link-click-row')).toHaveCount(1);
    await page.getByTestId('nav-links').click();
    await page.reload();
    await expect(page.getByTestId('link-row').locator('td').nth(2)).toHaveText('1');
    await page.getByTestId('link-row').getByTestId('link-open-clicks').click();
    await expect(page.getByTestId('clicks-chart')).toBeVisible();
    await shoot(page, `links-${scheme}.png`);

    await page.getByTestId('link-row').getByTestId('link-qr').click();
    await expect(page.getByTestId('qr-dialog').getByTestId('qr-code')).toBeVisible();
    await expect(page.getByTestId('qr-url')).toHaveText(shortUrl);
    await shoot(page, `links-qr-${scheme}.png`);
    await page.getByTestId('qr-close').click();

    // Deactivating says what stops working, then the address answers "not found".
    await page.getByTestId('link-row').getByTestId('link-deactivate').click();
    await expect(page.getByTestId('link-deactivate-body')).toContainText(shortUrl);
    await expect(page.getByTestId('link-deactivate-body')).toContainText('QR code impresso');
    await page.getByTestId('link-deactivate-confirm').click();
    await expect(page.getByTestId('link-row').getByTestId('link-state')).toHaveText('Desativado');
    expect((await fetch(shortUrl, { redirect: 'manual' })).status).toBe(404);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a tracked campaign in the demo: cost with the short link, clicks on the sandbox's clock in the report and the overview (${scheme})`, async ({
    page,
    torpedo,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await torpedo.signInDemo();
    const listId = await customers(torpedo);
    const { id } = await torpedo.invoke('campaigns:create', { name: 'Sábado do pão de queijo' });
    // 75 characters around a 91-character link: two SMS as written, one with the short link.
    await torpedo.invoke('campaigns:saveDraft', {
      id,
      template: `Sábado tem pão de queijo em dobro na Padaria! Veja: ${LONG} Até meio-dia, só hoje.`
        .normalize('NFD')
        .replace(/\p{M}/gu, ''),
      audience: { listIds: [listId], contactIds: [] },
    });

    await page.goto(`${torpedo.pageUrl}#/campaigns/${id}/edit`);
    const segments = page.getByTestId('estimate-segments').locator('dd');
    await expect(segments).toHaveText('60');
    await page.getByTestId('composer-links-track').click();
    await expect(segments).toHaveText('30');
    await expect(page.getByTestId('estimate-short-links')).toContainText('link curto');

    await page.getByTestId('composer-send').click();
    await page.getByTestId('composer-send-confirm').click();
    await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'completed', {
      timeout: 60_000,
    });

    // The sandbox's recipients click within two hours of its clock.
    const sandbox = await demoSandbox(torpedo);
    await expect.poll(async () => (await sandbox.ledger()).messages.length).toBe(30);
    expect((await sandbox.ledger()).messages.every((m) => !m.message.includes(LONG))).toBe(true);
    await sandbox.advanceClock(3 * 60 * 60 * 1000);

    await page.goto(`${torpedo.pageUrl}#/campaigns/${id}/report`);
    const total = page.getByTestId('campaign-clicks-total');
    await expect(total).not.toHaveText('0', { timeout: 20_000 });
    const clicks = Number(await total.textContent());
    expect(clicks).toBeGreaterThan(0);
    await expect(page.getByTestId('campaign-click-rate')).toHaveText(/%/);
    await expect(page.getByTestId('campaign-link-row')).toContainText(LONG);
    await expect(page.getByTestId('clicks-chart')).toBeVisible();
    await shoot(page, `report-clicks-${scheme}.png`);

    await page.getByTestId('nav-overview').click();
    const recent = page.getByTestId('recent-campaign').filter({ hasText: 'Sábado do pão de queijo' });
    await expect(recent.getByTestId('recent-clicks')).toHaveText(String(clicks));
    await expect(page.getByTestId('period-clicks').locator('dd')).toHaveText(/%/);
    await expect(page.getByTestId('first-run')).toHaveCount(0);
    await shoot(page, `overview-results-${scheme}.png`);
  });
}

test('a fresh demo walks a new user through import, compose, test send and send', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  const steps = page.getByTestId('first-run');
  await expect(steps).toBeVisible();
  await expect(page.getByTestId('first-run-progress')).toHaveText('0 de 4 passos concluídos');
  await shoot(page, 'overview-first-run-light.png');
  await page.getByTestId('first-run-import-go').click();
  // Straight into the import (the address forgets it, so going back does not open it again).
  await expect(page.getByTestId('import-wizard')).toBeVisible();
  await expect(page).toHaveURL(/#\/contacts$/);
  await page.getByTestId('import-close').click();
  await expect(page.getByTestId('import-wizard')).toHaveCount(0);

  // Done elsewhere (the import and the composer have their own tests): the steps follow.
  const listId = await customers(torpedo);
  const { id } = await torpedo.invoke('campaigns:create', {});
  await torpedo.invoke('campaigns:saveDraft', {
    id,
    template: 'Oi {{nome}}!',
    audience: { listIds: [listId], contactIds: [] },
  });
  await page.getByTestId('nav-overview').click();
  await expect(page.getByTestId('first-run-import')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('first-run-compose')).toHaveAttribute('data-done', 'true');
  await page.getByTestId('first-run-test-go').click();
  await expect(page).toHaveURL(new RegExp(`#/campaigns/${id}/edit$`));
  await torpedo.invoke('campaigns:testSend', { id, phone: '11 91234-5678' });
  await page.getByTestId('nav-overview').click();
  await expect(page.getByTestId('first-run-progress')).toHaveText('3 de 4 passos concluídos');
  await torpedo.invoke('campaigns:send', { id });
  await page.reload();
  await expect(page.getByTestId('recent-campaigns')).toBeVisible();
  await expect(page.getByTestId('first-run')).toHaveCount(0);
});
