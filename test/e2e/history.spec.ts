import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { createSmsGoClient } from '@core/api/smsgo-client';
import { DATABASE_FILE } from '@core/kernel/create-core';
import { DEMO_ACCOUNT_KEY } from '../../src/sandbox/index';
import { expect, test, type TorpedoApp } from './harness/fixtures';
import { expectOneClearButton } from './harness/search-box';

/**
 * History and the campaign report in the demo: a bulk send made on the demo
 * account (as the outbox worker makes them), linked to a campaign written by
 * SQL into the app's database (the campaign engine is built alongside), then
 * followed in the UI while the demo's messages reach their final status.
 */

const CAMPAIGN = { id: 'camp-e2e', ref: 'e2e1', name: 'Promoção de Março' };
const FAILS_INVALID = '+5511900000001';
const FAILS_UNDELIVERED = '+5511900000002';
const ALWAYS_DELIVERED = '+5511900000003';
const CONCEICAO = '+5511987650001';
const SHOTS_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

async function sendAsCampaign(torpedo: TorpedoApp) {
  const { baseUrl } = await torpedo.invoke('session:get');
  const client = createSmsGoClient({ baseUrl: baseUrl!, accountKey: DEMO_ACCOUNT_KEY });
  const messages = [FAILS_INVALID, ALWAYS_DELIVERED, FAILS_UNDELIVERED, CONCEICAO].map((phone, i) => ({
    phone,
    message: `Olá! Oferta de março nº ${i + 1}`,
    reference: `${CAMPAIGN.ref}-0-${i}`,
  }));
  const sent = await client.sendMultiple({ messages });
  const single = await client.sendMultiple({ messages: [{ phone: '+5511987650009', message: 'Avulso' }] });

  const db = new Sqlite(join(torpedo.dataDir, DATABASE_FILE));
  try {
    db.pragma('busy_timeout = 5000');
    const now = new Date().toISOString();
    db.transaction(() => {
      db.prepare(
        `INSERT INTO campaigns (id, profile, ref, name, status, created_at, updated_at, queued_at)
         VALUES (?, 'demo', ?, ?, 'completed', ?, ?, ?)`,
      ).run(CAMPAIGN.id, CAMPAIGN.ref, CAMPAIGN.name, now, now, now);
      db.prepare(
        `INSERT INTO campaign_batches (campaign_id, batch, state, messages, segments, cost, send_id, accepted_at)
         VALUES (?, 0, 'accepted', ?, ?, 0.36, ?, ?)`,
      ).run(CAMPAIGN.id, messages.length, messages.length, sent.id, now);
      const insert = db.prepare(
        `INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments)
         VALUES (?, 0, ?, ?, ?, 1)`,
      );
      messages.forEach((m, i) => insert.run(CAMPAIGN.id, i, m.phone, m.message));
    })();
  } finally {
    db.close();
  }
  return { sendId: sent.id, singleId: single.id };
}

/** The numbers' rows (the table is a grid of the rows on screen; each number's row says its status). */
const rows = (page: Page) => page.getByTestId('numbers-table').locator('[role="row"][data-status]');

/** A picture for review (test-results/screenshots, never tracked). */
async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(`${name}.png`, { path, contentType: 'image/png' });
}

test('demo: a send shows in History, its numbers reach their final status, and its campaign report charts and exports it', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await torpedo.invoke('contacts:create', { name: 'Conceição Araújo', phone: CONCEICAO });
  const { sendId, singleId } = await sendAsCampaign(torpedo);

  await page.getByTestId('nav-history').click();
  await expect(page.locator('h1')).toHaveText('Envios');
  const row = page.getByTestId(`send-${sendId}`);
  await expect(row).toContainText(CAMPAIGN.name);
  await expect(row).toContainText('envio 1');
  await expect(page.getByTestId(`send-${singleId}`)).toContainText('Envio avulso');
  await shoot(page, 'history-light');

  // Keyboard: the send's date is a link.
  await page.getByTestId(`send-open-${sendId}`).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/history/${sendId}$`));
  await expect(page.getByTestId('number-+5511987650001')).toContainText('Conceição Araújo');
  // The reference the service got is there for matching with another system, once asked for.
  await expect(page.getByTestId('number-+5511987650001')).not.toContainText(`${CAMPAIGN.ref}-0-3`);
  await page.getByTestId('numbers-show-reference').click();
  await expect(page.getByTestId('number-+5511987650001')).toContainText(`${CAMPAIGN.ref}-0-3`);

  // The demo's messages become final within seconds; the page reads the send again by itself.
  await expect(page.getByTestId('send-status')).toHaveText('Concluído', { timeout: 25_000 });
  await expect(page.getByTestId(`number-${FAILS_INVALID}`)).toContainText('Número inválido');
  await expect(page.getByTestId(`number-${FAILS_UNDELIVERED}`)).toContainText('Não entregue pela operadora');
  await expect(page.getByTestId(`number-${ALWAYS_DELIVERED}`)).toContainText('Entregue');
  await expect(page.getByTestId('summary-inProgress').locator('.summary__value')).toHaveText('0');
  await expect(page.getByTestId('send-following')).toHaveCount(0);
  await shoot(page, 'send-detail-light');

  await page.getByTestId('number-filter-failed').click();
  await expect(rows(page)).toHaveCount(await failedCount(torpedo, sendId));
  await expect(page.getByTestId(`number-${FAILS_INVALID}`)).toBeVisible();
  await expect(page.getByTestId(`number-${ALWAYS_DELIVERED}`)).toHaveCount(0);

  // To the campaign's report.
  await page.getByTestId(`send-campaign-${sendId}`).click();
  await expect(page).toHaveURL(/#\/campaigns\/camp-e2e\/report$/);
  await expect(page.locator('h1')).toHaveText('Relatório da campanha');
  const report = await torpedo.invoke('history:campaignReport', { campaignId: CAMPAIGN.id });
  expect(report.totals).toMatchObject({ messages: 4, inProgress: 0 });
  await expect(page.getByTestId('summary-delivered')).toContainText(String(report.totals.delivered));
  await expect(page.getByTestId('summary-failed')).toContainText(String(report.totals.failed));
  const canvas = page.getByTestId('delivery-chart').locator('canvas');
  await expect(canvas).toBeVisible();
  expect((await canvas.boundingBox())!.width).toBeGreaterThan(300);
  await expect(canvas).toHaveAttribute(
    'aria-label',
    new RegExp(
      `^Gráfico: ${report.totals.delivered} entregues e ${report.totals.failed} com falha até \\d{2}/\\d{2} \\d{2}:\\d{2}\\.$`,
    ),
  );
  // Read on the clock a shop owner knows: the day in words under times of day, no seconds.
  const chart = page.getByTestId('delivery-chart');
  await expect(chart).toHaveAttribute(
    'data-axis-title',
    /^Horário de Brasília, (\S+-feira|sábado|domingo), \d+ de /,
  );
  await expect(chart).toHaveAttribute('data-ticks', /^\d{2}:\d{2}( · \d{2}:\d{2})+$/);

  await page.getByTestId('report-search').locator('input').fill('conceicao');
  await expect(rows(page)).toHaveCount(1);
  await expectOneClearButton(page.getByTestId('report-search'));
  await expect(rows(page)).toContainText('Conceição Araújo');

  await page.getByTestId('report-export').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => torpedo.host.savedFiles.length).toBe(1);
  const saved = torpedo.host.savedFiles[0]!;
  expect(saved.fileName).toMatch(/^torpedo-campanha-promocao-de-marco-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(saved.content.startsWith('\uFEFFTelefone;Nome;Situação;Código;Referência;Mensagem\r\n')).toBe(true);
  expect(saved.content).toContain(
    '(11) 90000-0001;;Falhou;invalid_number;e2e1-0-0;Olá! Oferta de março nº 1\r\n',
  );
  await expect(page.getByText(`Arquivo salvo: ${saved.fileName}`)).toBeVisible();

  // For review: the report in light and dark at 1280x800.
  await page.getByTestId('report-search').locator('input').fill('');
  for (const theme of ['light', 'dark'] as const) {
    await torpedo.invoke('settings:update', { theme });
    await page.emulateMedia({ colorScheme: theme });
    await torpedo.reload();
    await expect(canvas).toBeVisible();
    await shoot(page, `campaign-report-${theme}`);
  }
});

async function failedCount(torpedo: TorpedoApp, id: string): Promise<number> {
  return (await torpedo.invoke('history:numbers', { id, status: 'failed' })).total;
}
