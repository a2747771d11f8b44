import { writeFile } from 'node:fs/promises';
import { expect, test } from './harness/fixtures';

/**
 * Out of credit, through the whole stack: a campaign that costs more than the
 * demo's balance is sent anyway (the user chose to wait rather than send part
 * of it); it is held with the amount missing, the page offers to buy it, a
 * package is bought with the saved card, and the campaign goes on by itself
 * to the end.
 */
const RECIPIENTS = 600; // × R$ 0,09 = R$ 54,00, over the demo's R$ 50,00

async function spreadsheet(path: string): Promise<void> {
  const rows = Array.from({ length: RECIPIENTS }, (_, i) => {
    const n = String(i).padStart(4, '0');
    return `Cliente ${n};(11) 9${String(7000_0000 + i).slice(0, 4)}-${String(7000_0000 + i).slice(4)}`;
  });
  await writeFile(path, ['Nome;Celular', ...rows].join('\r\n'), 'utf8');
}

test('a campaign over the balance is held with the amount missing, and finishes after credits are bought', async ({
  page,
  torpedo,
}) => {
  test.setTimeout(120_000);
  const file = test.info().outputPath('clientes-600.csv');
  await spreadsheet(file);
  await torpedo.signInDemo();

  await page.getByTestId('nav-campaigns').click();
  await page.getByTestId('campaign-new').click();
  await page.getByTestId('composer-name').locator('input').fill('Oferta para todos');
  await page.getByTestId('composer-import').click();
  await page.getByTestId('import-file').setInputFiles(file);
  await expect(page.getByTestId('import-preview')).toContainText('Cliente 0000');
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('600');
  await page.getByTestId('import-done').click();
  await page.getByTestId('composer-template').locator('textarea').fill('Oferta de hoje: pao em dobro.');

  await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('estimate-cost').locator('dd')).toHaveText(/R\$\s?54,00/);
  await expect(page.getByTestId('estimate-shortfall')).toContainText(/R\$\s?4,00/);

  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('confirm-shortfall')).toHaveText(
    'O saldo não cobre tudo: a campanha espera na fila até você comprar créditos.',
  );
  await page.getByTestId('composer-send-confirm').click();

  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
  const campaignUrl = page.url();
  const hold = page.getByTestId('campaign-hold');
  await expect(hold).toHaveAttribute('data-hold', 'insufficient_balance', { timeout: 30_000 });
  await expect(hold).toContainText(/Saldo insuficiente: faltam R\$\s?4,00 para continuar\./);
  await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'held');
  // One name for the state, only the action that applies (it resumes by itself after a top-up), and
  // nothing says "Enviada" while nothing went out.
  await expect(page.getByTestId('campaign-status')).toHaveText('Em espera');
  await expect(page.getByTestId('campaign-pause')).toBeVisible();
  await expect(page.getByTestId('campaign-resume')).toHaveCount(0);
  await expect(page.getByTestId('campaign-queued-at')).toHaveText(/^Posta na fila /);
  await expect(page.locator('main')).not.toContainText('Enviada');

  await page.getByTestId('campaign-hold-buy').click();
  await expect(page).toHaveURL(/#\/credits\?for=[\w-]+&need=4\.00$/);
  await page.getByTestId('credits-plan-1000').click();
  await page.getByTestId('credits-buy').click();
  await page.getByTestId('credits-buy-confirm').click();
  await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'succeeded');

  // Nobody resumes it: the new balance covers the batch, and the campaign goes on by itself.
  await page.goto(campaignUrl);
  await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('campaign-progress-messages')).toHaveText('600 de 600 mensagens enviadas');
  await expect(page.getByTestId('campaign-hold')).toHaveCount(0);
});
