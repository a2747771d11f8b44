import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './harness/fixtures';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/contacts');
/** Brazilian Excel's CSV: Windows-1252, `;`, phones in every format, and rows that must be refused. */
const CP1252_CSV = resolve(FIXTURES, 'contatos-cp1252.csv');

async function openWizard(page: Page): Promise<void> {
  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('import-open').click();
  await expect(page.getByTestId('import-wizard')).toBeVisible();
}

const count = (page: Page, key: string) => page.getByTestId(`import-count-${key}`).locator('dd');

test('a Windows-1252 CSV with ; goes through the wizard: preview with accents, columns, review, import, result', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await openWizard(page);

  // Step 1 → 2: the file as bytes to the core; the preview reads it right (accents, delimiter).
  await page.getByTestId('import-file').setInputFiles(CP1252_CSV);
  await expect(page.getByTestId('import-preview-summary')).toContainText('contatos-cp1252.csv: 11 linhas');
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('João da Silva');
  await expect(preview).toContainText('Conceição do Mato Dentro');
  await expect(page.getByTestId('import-encoding')).toContainText('Windows-1252');
  await expect(page.getByTestId('import-delimiter')).toContainText('Ponto e vírgula');

  // Step 3: the columns the core recognised, and Cidade kept as {{cidade}}.
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-role-0')).toContainText('Nome');
  await expect(page.getByTestId('import-role-1')).toContainText('Telefone');
  await expect(page.getByTestId('import-role-2')).toContainText('E-mail');
  await expect(page.getByTestId('import-role-3')).toContainText('Campo personalizado');
  await expect(page.getByTestId('import-field-3').locator('input')).toHaveValue('cidade');

  // Step 4: counts, the 8→9-digit fix offered, refused rows with reasons.
  await page.getByTestId('import-next').click();
  await expect(count(page, 'read')).toHaveText('11');
  await expect(count(page, 'new')).toHaveText('6');
  await expect(count(page, 'duplicates')).toHaveText('1');
  await expect(count(page, 'invalid')).toHaveText('4');
  await expect(page.getByTestId('import-nine-digit')).toContainText('(11) 98765-4325');
  await expect(page.getByTestId('import-rejected')).toContainText('Excel');

  // Without the fix, the old mobile is refused too.
  await page.getByTestId('import-accept-nine-digit').click();
  await expect(count(page, 'invalid')).toHaveText('5');
  await page.getByTestId('import-accept-nine-digit').click();
  await expect(count(page, 'invalid')).toHaveText('4');

  // Into a new list.
  await page.getByTestId('import-list').click();
  await page.locator('.n-base-select-option').filter({ hasText: 'Nova lista…' }).click();
  await page.getByTestId('import-list-new-name').locator('input').fill('Clientes da loja');

  await page.getByTestId('import-start').click();
  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('6');
  await expect(page.getByTestId('import-result-invalid').locator('dd')).toHaveText('4');
  await expect(result).toContainText('Clientes da loja');

  // The rejected rows, as a CSV with the reason column, where the user chooses.
  await page.getByTestId('import-save-errors').click();
  await expect(page.getByTestId('import-errors-saved')).toBeVisible();
  const saved = torpedo.host.savedBinaryFiles.at(-1)!;
  expect(saved.fileName).toMatch(/contatos-cp1252.*\.csv$/);
  expect(saved.kind).toBe('csv');
  // Same encoding and delimiter as the input, with the reason column.
  const text = new TextDecoder('windows-1252').decode(saved.bytes);
  expect(text).toContain('Motivo da recusa (Torpedo)');
  expect(text).toContain('Pedro Excel;');

  await page.getByTestId('import-done').click();
  await expect(page.getByTestId('import-wizard')).toHaveCount(0);
});

test('a file that is not a spreadsheet is explained, and another file can be picked', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await openWizard(page);

  await page.getByTestId('import-file').setInputFiles(resolve(FIXTURES, 'zip-bomb.xlsx'));
  await expect(page.getByTestId('import-file-error')).toContainText('recusado por segurança');
  await page.getByTestId('import-file').setInputFiles(resolve(FIXTURES, 'empty.csv'));
  await expect(page.getByTestId('import-file-error')).toContainText('O arquivo está vazio.');

  await page.getByTestId('import-file').setInputFiles(CP1252_CSV);
  await expect(page.getByTestId('import-preview')).toContainText('João da Silva');
});
