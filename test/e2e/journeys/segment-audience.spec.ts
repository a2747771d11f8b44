import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, journey } from './journey';

/**
 * Segments: the owner imports a spreadsheet with a column of their own
 * ("Última compra", dates as dd/mm/aaaa), builds a segment of who bought in
 * the last 30 days, sees it counted as it is built, sends a campaign to it,
 * and the sandbox's ledger holds exactly those customers' numbers, once
 * each. Portuguese (Brazil), light.
 */
journey.use({ language: 'pt-BR', theme: 'light' });

const DAY = 86_400_000;
const br = (daysAgo: number) => {
  const d = new Date(Date.now() - daysAgo * DAY);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
/** Who bought when (days ago; null: never). Days well inside or outside 30, whatever the time zone. */
const CUSTOMERS: [name: string, phone: string, city: string, daysAgo: number | null][] = [
  ['Ana Souza', '+5511987650001', 'São Paulo', 2],
  ['Bruno Lima', '+5521987650002', 'Rio de Janeiro', 12],
  ['Carla Dias', '+5581987650003', 'Recife', 25],
  ['Davi Rocha', '+5511987650004', 'São Paulo', 45],
  ['Elza Prado', '+5531987650005', 'Belo Horizonte', 400],
  ['Fábio Nunes', '+5541987650006', 'Curitiba', null],
];
const RECENT = CUSTOMERS.filter(([, , , d]) => d !== null && d <= 30).map(([, phone]) => phone);

function spreadsheet(): string {
  const rows = CUSTOMERS.map(([name, phone, city, d]) =>
    [name, phone.replace('+55', ''), city, d === null ? '' : br(d)].join(';'),
  );
  const file = join(mkdtempSync(join(tmpdir(), 'torpedo-journey-')), 'clientes.csv');
  writeFileSync(file, ['Nome;Celular;Cidade;Última compra', ...rows].join('\r\n'));
  return file;
}

/** Picks an option of a naive-ui select, as the owner does with the keyboard: focus, type, Enter. */
async function choose(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.keyboard.type(text);
  await page.locator('.n-base-select-option').filter({ hasText: text }).first().click();
}

journey(
  'segments: import a column of dates, segment by it, send to the segment',
  async ({ page, torpedo, owner }) => {
    // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
    journey.setTimeout(150_000);
    await owner.step('import the spreadsheet', async () => {
      await torpedo.signInDemo();
      await page.getByTestId('nav-contacts').click();
      await page.getByTestId('import-open').click();
      await page.getByTestId('import-file').setInputFiles(spreadsheet());
      await page.getByTestId('import-next').click();
      // The column's type, read from its values, shown in the mapping.
      await expect(page.getByTestId('import-type-3')).toContainText('Data');
      await expect(page.getByTestId('import-type-2')).toContainText('Texto');
      await page.getByTestId('import-next').click();
      await expect(page.getByTestId('import-count-new').locator('dd')).toHaveText('6');
      await page.getByTestId('import-start').click();
      await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('6');
      await page.getByTestId('import-done').click();
    });

    await owner.step('build the segment, counted as it is built', async () => {
      await page.getByTestId('nav-segments').click();
      await page.getByTestId('segments-new').click();
      await page.keyboard.type('Compraram em 30 dias');
      const condition = page.getByTestId('segment-condition').first();
      await choose(page, condition.getByTestId('segment-field'), 'ultima_compra');
      await choose(page, condition.getByTestId('segment-op'), 'nos últimos');
      await condition.getByTestId('segment-value').locator('input').fill('30');
      await expect(page.getByTestId('segment-count-contacts')).toHaveText(`${RECENT.length} contatos`);
      await expect(page.getByTestId('segment-count-recipients')).toContainText(
        `${RECENT.length} vão receber`,
      );
      await owner.shot('the count');
      await page.getByTestId('segment-save').click();
      const row = page.getByTestId('segment-row');
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('segment-summary')).toHaveText('ultima_compra nos últimos 30 dias');
    });

    await owner.step('a campaign to the segment', async () => {
      await page.getByTestId('nav-campaigns').click();
      await page.getByTestId('campaign-new').click();
      await page.getByTestId('composer-name').locator('input').fill('Volte sempre');
      await choose(page, page.getByTestId('composer-segments'), 'Compraram em 30 dias');
      await page.keyboard.press('Escape');
      await page
        .getByTestId('composer-template')
        .locator('textarea')
        .fill('Oi {{nome}}, obrigado pela compra!');
      await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
      await expect(page.getByTestId('audience-recipients').locator('dd')).toHaveText(String(RECENT.length));
    });

    await owner.step('sent: exactly the segment’s numbers', async () => {
      await page.getByTestId('composer-send').click();
      await expect(page.getByTestId('composer-send-summary').getByTestId('confirm-recipients')).toHaveText(
        String(RECENT.length),
      );
      await page.getByTestId('composer-send-confirm').click();
      await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'completed', {
        timeout: 30_000,
      });
      const ledger = await owner.ledger();
      expect(ledger.campaignMessages.map((m) => m.phone).sort()).toEqual([...RECENT].sort());
      // What left the balance is what the screen says the campaign cost, and the header's balance follows.
      await expect(page.getByTestId('campaign-cost')).toHaveText(owner.money(ledger.spent));
      await expect(page.getByTestId('header-balance')).toHaveText(owner.money(ledger.balance));
      await expect(page.getByTestId('campaign-progress-messages')).toHaveText(
        `${RECENT.length} de ${RECENT.length} mensagens enviadas`,
      );
    });
  },
);
