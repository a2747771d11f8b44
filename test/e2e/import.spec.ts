import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type TorpedoApp } from './harness/fixtures';

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
  await expect(count(page, 'new')).toHaveText('5');
  await expect(count(page, 'duplicates')).toHaveText('1');
  await expect(count(page, 'invalid')).toHaveText('5');
  await expect(page.getByTestId('import-nine-digit')).toContainText('(11) 98765-4325');
  await expect(page.getByTestId('import-rejected')).toContainText('Excel');

  // Without the fix, the old mobile is refused too.
  await page.getByTestId('import-accept-nine-digit').click();
  await expect(count(page, 'invalid')).toHaveText('6');
  await page.getByTestId('import-accept-nine-digit').click();
  await expect(count(page, 'invalid')).toHaveText('5');

  // Into a new list.
  await page.getByTestId('import-list').click();
  await page.locator('.n-base-select-option').filter({ hasText: 'Nova lista…' }).click();
  await page.getByTestId('import-list-new-name').locator('input').fill('Clientes da loja');

  await page.getByTestId('import-start').click();
  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('5');
  await expect(page.getByTestId('import-result-invalid').locator('dd')).toHaveText('5');
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
  // A PDF is named as one, with how to save the spreadsheet in a format that imports.
  await page.getByTestId('import-file').setInputFiles({
    name: 'clientes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  });
  await expect(page.getByTestId('import-file-error')).toContainText(
    'Este arquivo é um PDF, não uma planilha',
  );
  await expect(page.getByTestId('import-file-error')).toContainText('salve como CSV ou XLSX');

  await page.getByTestId('import-file').setInputFiles(CP1252_CSV);
  await expect(page.getByTestId('import-preview')).toContainText('João da Silva');
});

/** The same customers again (issue 12): Maria and Antônio renamed, João as he is, one new customer. */
const RENAMING_CSV = resolve(FIXTURES, 'contatos-renomeados.csv');

/** The contacts' names, as the Contacts page lists them (in name order). */
const names = (page: Page) => page.getByTestId('contact-open');

async function importThrough(
  page: Page,
  file: string,
  choose?: (page: Page) => Promise<void>,
): Promise<void> {
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-counts')).toBeVisible();
  await choose?.(page);
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result')).toBeVisible();
}

const FIRST_NAMES = [
  'Antônio Araújo',
  'Carla Antiga',
  'Cliente Novo',
  'João da Silva',
  'José Antunes',
  'Maria da Conceição',
];
const RENAMED = [
  'Antônio',
  'Carla Antiga',
  'Cliente Novo',
  'João da Silva',
  'José Antunes',
  'Tom & Jerry <Ltda>',
];

/** The demo's Contacts page after the first spreadsheet was imported. */
async function firstImport(page: Page, torpedo: TorpedoApp): Promise<void> {
  await torpedo.signInDemo();
  await page.getByTestId('nav-contacts').click();
  await importThrough(page, CP1252_CSV);
  await page.getByTestId('import-done').click();
}

test('a second spreadsheet shows what it would rename, keeps the names unless asked, and the rename can be undone', async ({
  page,
  torpedo,
}) => {
  await firstImport(page, torpedo);

  // The second file: the review lists each change, before → after, and keeping them is chosen.
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-file').setInputFiles(RENAMING_CSV);
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await expect(count(page, 'existing')).toHaveText('3');
  const changes = page.getByTestId('import-change');
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0).getByTestId('import-change-before')).toHaveText(['Maria da Conceição']);
  await expect(changes.nth(0).getByTestId('import-change-after')).toHaveText(['→Tom & Jerry <Ltda>']);
  await expect(changes.nth(1).getByTestId('import-change-before')).toHaveText([
    'Antônio Araújo',
    'antonio@exemplo.com.br',
  ]);
  await expect(changes.nth(1).getByTestId('import-change-after')).toHaveText([
    '→Antônio',
    '→antonio@novo.com.br',
  ]);
  await expect(page.getByTestId('import-skip').locator('input')).toBeChecked();
  await expect(page.getByTestId('import-start')).toHaveText('Importar 1 contato');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('1');
  await expect(page.getByTestId('import-result-updated').locator('dd')).toHaveText('0');
  await page.getByTestId('import-done').click();
  await expect(names(page)).toHaveText(FIRST_NAMES);

  // The same file, choosing to update: the names change as the review said.
  await importThrough(page, RENAMING_CSV, async (page) => {
    await page.getByTestId('import-update').click();
    await expect(page.getByTestId('import-start')).toHaveText('Importar 2 contatos');
  });
  await expect(page.getByTestId('import-result-updated').locator('dd')).toHaveText('2');
  await page.getByTestId('import-done').click();
  await expect(names(page)).toHaveText(RENAMED);

  // Undone from the Contacts page: the customers have their names back.
  const banner = page.getByTestId('last-import');
  await expect(banner).toContainText('Última importação: “contatos-renomeados.csv”');
  await expect(banner).toContainText('2 contatos alterados');
  await page.getByTestId('last-import-undo').click();
  await expect(page.getByTestId('import-undo-consequences')).toContainText(
    '2 contatos alterados voltam a ser como eram.',
  );
  await page.getByTestId('import-undo-confirm').click();
  await expect(page.getByTestId('last-import-undone')).toContainText(
    'Importação desfeita. 2 contatos voltaram a ser como eram.',
  );
  await expect(names(page)).toHaveText(FIRST_NAMES);

  // And from the import's own result step.
  await importThrough(page, RENAMING_CSV, (page) => page.getByTestId('import-update').click());
  await page.getByTestId('import-undo').click();
  await page.getByTestId('import-undo-confirm').click();
  await expect(page.getByTestId('import-undone')).toContainText('2 contatos voltaram a ser como eram.');
  await page.getByTestId('import-done').click();
  await expect(names(page)).toHaveText(FIRST_NAMES);
  await expect(page.getByTestId('last-import-undo')).toHaveCount(0);
});

test('once a renamed contact is edited, the undo is no longer offered, and the page says why', async ({
  page,
  torpedo,
}) => {
  await firstImport(page, torpedo);
  await importThrough(page, RENAMING_CSV, (page) => page.getByTestId('import-update').click());
  await page.getByTestId('import-done').click();
  await expect(page.getByTestId('last-import-undo')).toBeVisible();

  await names(page).filter({ hasText: 'Tom & Jerry' }).click();
  await page.getByTestId('contact-name').locator('input').fill('Maria (loja)');
  await page.getByTestId('contact-save').click();
  await expect(names(page)).toContainText(['Maria (loja)']);

  await expect(page.getByTestId('last-import-blocked')).toHaveText(
    'Ela não pode mais ser desfeita: 1 contato dela foi alterado, excluído ou posto numa lista depois ' +
      '(Maria (loja)), e desfazer apagaria essa mudança.',
  );
  await expect(page.getByTestId('last-import-undo')).toHaveCount(0);
  await page.getByTestId('last-import-keep').click();
  await expect(page.getByTestId('last-import')).toHaveCount(0);
});
