import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './harness/fixtures';
import { expectOneClearButton } from './harness/search-box';
import { fullPageShot } from './harness/full-page-shot';

/**
 * A campaign from start to finish in the demo, through the real core and
 * sandbox: contacts imported from the composer itself, a message with
 * {{nome}} counted as it is typed, the cost against the balance, Send, the
 * progress bar to completed, and the report.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const CONTACTS_CSV = join(ROOT, 'test/fixtures/contacts/contatos-cp1252.csv');
const SHOTS_DIR = join(ROOT, 'test-results/screenshots');
const README_DIR = join(ROOT, 'docs/screenshots');

const figure = (page: Page, id: string) => page.getByTestId(id).locator('dd');

/**
 * A full-page picture, kept in test-results/screenshots; the README's copy in
 * docs/screenshots changes only with UPDATE_README_SCREENSHOTS=1.
 */
async function shoot(page: Page, file: string, readme = false): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, file);
  await fullPageShot(page, path);
  await test.info().attach(file, { path, contentType: 'image/png' });
  if (readme && process.env.UPDATE_README_SCREENSHOTS === '1') {
    await mkdir(README_DIR, { recursive: true });
    await copyFile(path, join(README_DIR, file));
    console.log(`[screenshots] updated docs/screenshots/${file}`);
  }
}

test('compose with {{nome}}, see segments and cost, send in the demo, follow it to completed, open the report', async ({
  page,
  torpedo,
}) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await torpedo.signInDemo();

  await page.getByTestId('nav-campaigns').click();
  await expect(page.getByTestId('campaigns-empty')).toBeVisible();
  await page.getByTestId('campaign-new').click();
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
  await page.getByTestId('composer-name').locator('input').fill('Promoção de sábado');

  // Recipients: a spreadsheet imported on the spot lands in a new list, already chosen.
  await page.getByTestId('composer-import').click();
  await page.getByTestId('import-file').setInputFiles(CONTACTS_CSV);
  await expect(page.getByTestId('import-preview')).toContainText('João da Silva');
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-count-new').locator('dd')).toHaveText('5');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('5');
  await page.getByTestId('import-done').click();
  await expect(page.getByTestId('composer-lists')).toContainText('Campanha');
  await expect(figure(page, 'audience-recipients')).toHaveText('5');

  // The message: counted as typed; the accents force Unicode, and are marked in the preview.
  const template = page.getByTestId('composer-template').locator('textarea');
  await template.fill(
    'Olá {{nome}}! Promoção de sábado: pão de queijo em dobro. Responda SAIR para não receber.',
  );
  await expect(page.getByTestId('preview-text')).toContainText('Olá');
  await expect(page.getByTestId('composer-preview').getByTestId('segment-encoding')).toHaveText(
    'Acentos ou símbolos: cabe menos em cada SMS',
  );
  await expect(page.getByTestId('preview-text').locator('[data-kind="unicode"]').first()).toBeVisible();
  await expect(page.getByTestId('composer-preview').getByTestId('segment-count')).toHaveText('2 SMS');

  // The merged text for each recipient, one at a time.
  await expect(page.getByTestId('preview-position')).toHaveText('Destinatário 1 de 5');
  const first = (await page.getByTestId('preview-recipient').textContent()) ?? '';
  await page.getByTestId('preview-next').click();
  await expect(page.getByTestId('preview-position')).toHaveText('Destinatário 2 de 5');
  await expect(page.getByTestId('preview-recipient')).not.toHaveText(first);
  await page.getByTestId('preview-search').locator('input').fill('Antônio');
  await page.getByTestId('preview-search-go').click();
  await expect(page.getByTestId('preview-text')).toContainText('Olá Antônio Araújo!');
  await expectOneClearButton(page.getByTestId('preview-search'));

  // The cost, once saved: 5 recipients × 2 SMS × R$ 0,09 (the sheet's landline is refused) against the demo's R$ 50,00.
  await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
  await expect(figure(page, 'estimate-recipients')).toHaveText('5');
  await expect(figure(page, 'estimate-segments')).toHaveText('10');
  await expect(figure(page, 'estimate-cost')).toHaveText(/R\$\s?0,90/);
  await expect(figure(page, 'estimate-balance')).toHaveText(/R\$\s?\d/);

  // Plain letters: one SMS each, half the cost.
  await page.getByTestId('composer-plain-letters').click();
  await expect(page.getByTestId('composer-preview').getByTestId('segment-encoding')).toHaveText(
    'Cabe o máximo em cada SMS',
  );
  await expect(page.getByTestId('preview-text')).toContainText('Ola Antonio Araujo! Promocao de sabado');
  await expect(figure(page, 'estimate-segments')).toHaveText('5');
  await expect(figure(page, 'estimate-cost')).toHaveText(/R\$\s?0,45/);
  await expect(page.getByTestId('estimate-shortfall')).toHaveCount(0);
  await page.getByTestId('composer-name').locator('input').focus();
  await shoot(page, 'composer-light.png', true);

  // A real test message first, through the sandbox: the previewed recipient's text to a number typed here.
  await page.getByTestId('composer-test-open').click();
  await expect(page.getByTestId('test-send-text')).toContainText('Ola Antonio Araujo!');
  await page.getByTestId('test-send-phone').locator('input').fill('(11) 91234-5678');
  await page.getByTestId('test-send-go').click();
  await expect(page.getByTestId('test-send-done')).toHaveText('Teste enviado para (11) 91234-5678 (1 SMS).');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('test-send-dialog')).toHaveCount(0);

  // Send, after a confirmation that says who, how many, how much and when.
  await page.getByTestId('composer-send').click();
  const summary = page.getByTestId('composer-send-summary');
  await expect(summary.getByTestId('confirm-recipients')).toHaveText('5');
  await expect(summary.getByTestId('confirm-segments')).toHaveText('5');
  await expect(summary.getByTestId('confirm-cost')).toHaveText(/R\$\s?0,45/);
  await expect(summary.getByTestId('confirm-when')).toHaveText('Agora');
  await page.getByTestId('composer-send-confirm').click();

  // The campaign page follows the worker to the end.
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
  await expect(page.getByTestId('campaign-name')).toHaveText('Promoção de sábado');
  await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('campaign-progress-messages')).toHaveText('5 de 5 mensagens enviadas');
  await expect(page.getByTestId('campaign-progress').getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByTestId('campaign-cost')).toHaveText(/R\$\s?0,45/);
  // Delivery as it happens, on the campaign page itself: every message ends delivered or failed.
  const delivery = (key: string) =>
    page.getByTestId('campaign-delivery').getByTestId(`summary-${key}`).locator('.summary__value');
  await expect
    .poll(
      async () =>
        Number(await delivery('delivered').textContent()) + Number(await delivery('failed').textContent()),
      {
        timeout: 45_000,
      },
    )
    .toBe(5);
  await expect(delivery('inProgress')).toHaveText('0');
  await shoot(page, 'campaign-completed-light.png');

  // The list shows it finished; the report opens from there as from the campaign page.
  await page.getByTestId('nav-campaigns').click();
  await expect(page.getByTestId('campaigns-finished')).toContainText('Promoção de sábado');
  await shoot(page, 'campaigns-light.png');
  await page.getByTestId('campaigns-finished').getByTestId('campaign-report-link').click();
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/report$/);
  await expect(page.getByTestId('report-status')).toBeVisible({ timeout: 20_000 });

  // The test message from the composer is in History as this campaign's test, with how it went.
  await page.getByTestId('nav-history').click();
  const testRow = page.getByTestId('history-table').locator('tr', { hasText: 'Teste da campanha' });
  await expect(testRow).toHaveCount(1);
  await expect(testRow).toContainText('Teste da campanha Promoção de sábado');
  await expect(testRow.locator('[data-testid^="send-result-"]')).toHaveText(/^(Entregue|Falhou)$/, {
    timeout: 30_000,
  });
});

test('a campaign for contacts chosen on the contacts page (dark colour scheme)', async ({
  page,
  torpedo,
}) => {
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await torpedo.signInDemo();
  for (const { name, phone } of [
    { name: 'Bia Costa', phone: '(11) 91111-1111' },
    { name: 'Caio Dias', phone: '(21) 92222-2222' },
  ]) {
    await torpedo.invoke('contacts:create', { name, phone, email: null, fields: {}, listIds: [] });
  }
  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('contact-row').filter({ hasText: 'Bia Costa' }).getByRole('checkbox').click();
  await page.getByTestId('bulk-new-campaign').click();
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
  await expect(page.getByTestId('composer-contacts')).toContainText('1 contato escolhido');
  await expect(figure(page, 'audience-recipients')).toHaveText('1');
  // One more, picked in the composer itself (searched in lower case).
  await page.getByTestId('composer-contacts-change').click();
  await page.getByTestId('contact-picker-search').locator('input').fill('caio');
  await expect(page.getByTestId('contact-picker-row')).toHaveCount(1);
  await page.getByTestId('contact-picker-row').click();
  await expect(page.getByTestId('contact-picker-count')).toHaveText('2 contatos escolhidos');
  await shoot(page, 'contact-picker-dark.png');
  // Esc empties the search (one clear button for it too) and leaves the dialog open, with every contact.
  const pickerSearch = page.getByTestId('contact-picker-search');
  await expectOneClearButton(pickerSearch);
  await pickerSearch.locator('input').press('Escape');
  await expect(pickerSearch.locator('input')).toHaveValue('');
  await expect(page.getByTestId('contact-picker-row')).toHaveCount(2);
  await expect(page.getByTestId('contact-picker-count')).toHaveText('2 contatos escolhidos');
  await page.getByTestId('contact-picker-confirm').click();
  await expect(page.getByTestId('composer-contacts')).toContainText('2 contatos escolhidos um a um');
  await expect(figure(page, 'audience-recipients')).toHaveText('2');
  await page
    .getByTestId('composer-template')
    .locator('textarea')
    .fill('Oi {{nome}}! Só hoje: 2 pães por R$ 1 {{cidade}}');
  // The check under the text: nobody chosen has {{cidade}}, so the send would refuse it.
  await expect(page.getByTestId('template-check-problem')).toContainText('{{cidade}}');
  await expect(page.getByTestId('preview-text')).toHaveText('Oi Bia Costa! Só hoje: 2 pães por R$ 1');
  await page.getByTestId('composer-schedule-later').click();
  await expect(page.getByTestId('composer-schedule-text')).toContainText('Sai em');
  await page.getByTestId('composer-advanced').click();
  await page.getByTestId('composer-callback').locator('input').fill('http://inseguro.example.com');
  await expect(page.getByTestId('composer-callback-help')).toHaveText(
    'Digite o endereço completo, começando com https://',
  );
  await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'held');
  await shoot(page, 'composer-dark.png');
});
