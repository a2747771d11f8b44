import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type TorpedoApp } from './harness/fixtures';
import { expectOneClearButton } from './harness/search-box';

const CP1252_CSV = resolve(import.meta.dirname, '../fixtures/contacts/contatos-cp1252.csv');
const OPT_OUTS_TXT = resolve(import.meta.dirname, '../fixtures/contacts/descadastros.txt');

/** Every channel these tests go through; until the core has them all, the tests skip and say why. */
/** Drops the fixture on the contacts page, as a file dragged from the desktop would be. */
async function dropFile(page: Page, path: string, name: string): Promise<void> {
  const bytes = [...readFileSync(path)];
  const dataTransfer = await page.evaluateHandle(
    ({ bytes, name }) => {
      // Runs in the page (the node tsconfig has no DOM lib): just the two constructors needed.
      const dom = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
      };
      const transfer = new dom.DataTransfer();
      transfer.items.add(new dom.File([new Uint8Array(bytes)], name, { type: 'text/csv' }));
      return transfer;
    },
    { bytes, name },
  );
  const table = page.getByTestId('contacts-empty');
  await table.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByTestId('contacts-drop')).toBeVisible();
  await table.dispatchEvent('dragover', { dataTransfer });
  await table.dispatchEvent('drop', { dataTransfer });
}

async function importFixture(page: Page): Promise<void> {
  await page.getByTestId('nav-contacts').click();
  await expect(page.getByTestId('contacts-empty')).toContainText('Nenhum contato ainda');
  await dropFile(page, CP1252_CSV, 'contatos-cp1252.csv');
  await expect(page.getByTestId('import-preview')).toContainText('João da Silva');
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-count-new').locator('dd')).toHaveText('5');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('5');
  await expect(page.getByTestId('import-result-invalid').locator('dd')).toHaveText('5');
  await page.getByTestId('import-done').click();
  await expect(page.getByTestId('contacts-count')).toHaveText('5 contatos');
}

const row = (page: Page, name: string) => page.getByTestId('contact-row').filter({ hasText: name });

test('import by dropping the file, search without accents, add to a list, opt one out', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await importFixture(page);

  // Every contact says where it stands: those not opted out receive messages.
  await expect(page.getByTestId('contact-receives')).toHaveText(Array(5).fill('Recebe mensagens'));

  // Accent-less typing finds the accented name; the phone is shown the Brazilian way.
  const search = page.getByTestId('contacts-search').locator('input');
  await search.fill('joao');
  await expect(page.getByTestId('contacts-count')).toHaveText('1 encontrado');
  await expect(row(page, 'João da Silva')).toContainText('(11) 98765-4321');
  // One button clears the search: naive-ui's, not also Chromium's own for a search field.
  await expectOneClearButton(page.getByTestId('contacts-search'));

  // Select it and add it to a new list, created on the way.
  await row(page, 'João da Silva').getByRole('checkbox').click();
  await expect(page.getByTestId('contacts-bulk')).toContainText('1 selecionado');
  await page.getByTestId('bulk-add-to-list').click();
  await page.getByTestId('bulk-list').click();
  await page.locator('.n-base-select-option').filter({ hasText: 'Nova lista…' }).click();
  await page.getByTestId('bulk-list-new-name').locator('input').fill('VIP');
  await page.getByTestId('bulk-add-to-list-confirm').click();
  await expect(page.getByText('1 contato adicionado à lista VIP.')).toBeVisible();
  await expect(row(page, 'João da Silva')).toContainText('VIP');

  // The list filter shows just that list.
  await page.getByTestId('contacts-search').locator('input').fill('');
  await expect(page.getByTestId('contacts-count')).toHaveText('5 contatos');
  await page.getByTestId('contacts-list-filter').click();
  await page.locator('.n-base-select-option').filter({ hasText: 'VIP' }).click();
  await expect(page.getByTestId('contacts-count')).toHaveText('1 encontrado');

  // Opt Maria out from her drawer: she stays a contact, tagged, and the opt-out list has her number.
  await page.getByTestId('contacts-list-filter').click();
  await page.locator('.n-base-select-option').filter({ hasText: 'Todas as listas' }).click();
  await row(page, 'Maria da Conceição').click();
  await expect(page.getByTestId('contact-drawer')).toBeVisible();
  await page.getByTestId('contact-opt-out').click();
  await page.getByTestId('contact-opt-out-confirm').click();
  await expect(page.getByTestId('contact-drawer-opted-out')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row(page, 'Maria da Conceição').getByTestId('contact-opted-out')).toHaveText('Descadastrado');

  await page.getByTestId('nav-optouts').click();
  const optOut = page.getByTestId('optout-row').filter({ hasText: '(11) 98765-4322' });
  await expect(optOut).toContainText('Contato descadastrado');
  await expect(optOut).toContainText('Maria da Conceição');
});

test('delete from the table, then undo', async ({ page, torpedo }) => {
  await torpedo.signInDemo();
  await importFixture(page);

  await row(page, 'José Antunes').getByRole('checkbox').click();
  await row(page, 'Antônio Araújo').getByRole('checkbox').click();
  await page.getByTestId('bulk-delete').click();
  await expect(page.getByTestId('undo-snackbar')).toContainText('2 contatos excluídos.');
  await expect(page.getByTestId('contacts-count')).toHaveText('3 contatos');
  await expect(row(page, 'José Antunes')).toHaveCount(0);

  await page.getByTestId('undo-delete').click();
  await expect(page.getByText('Contatos restaurados.')).toBeVisible();
  await expect(page.getByTestId('contacts-count')).toHaveText('5 contatos');
  await expect(row(page, 'José Antunes')).toBeVisible();
});

test('lists: a name is checked as it is typed; created, renamed, deleted with the contacts kept', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('nav-lists').click();
  const name = page.getByTestId('lists-new-name').locator('input');
  await name.fill('A');
  await expect(page.getByTestId('lists-new-name-problem')).toHaveText('Use pelo menos 2 caracteres.');
  await name.fill('Uma lista com nome longo');
  await expect(page.getByTestId('lists-new-name-problem')).toContainText('Use no máximo 20 caracteres');
  await name.fill('Aniversariantes');
  await expect(page.getByTestId('lists-new-name-problem')).toHaveCount(0);
  await name.press('Enter');
  await expect(page.getByTestId('list-row')).toContainText('Aniversariantes');
  await expect(page.getByTestId('list-row')).toContainText('0 contatos');

  await page.getByTestId('list-rename').click();
  await page.getByTestId('list-rename-input').locator('input').fill('Aniversário');
  await page.getByTestId('list-rename-save').click();
  await expect(page.getByTestId('list-row')).toContainText('Aniversário');

  await page.getByTestId('list-delete').click();
  await page.getByTestId('list-delete-confirm').click();
  await expect(page.getByTestId('lists-empty')).toBeVisible();
});

/** The demo's opt-out page, empty. */
async function openOptOuts(page: Page, torpedo: TorpedoApp): Promise<void> {
  await torpedo.signInDemo();
  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('nav-optouts').click();
  await expect(page.getByTestId('optouts-empty')).toBeVisible();
}

test('opt-outs typed by hand: each line in any format, refused lines explained', async ({
  page,
  torpedo,
}) => {
  await openOptOuts(page, torpedo);

  await page.getByTestId('optouts-input').locator('textarea').fill('(21) 99876-5432\n1234\n+55 11 3456-7890');
  await page.getByTestId('optouts-add').click();
  await expect(page.getByTestId('optouts-added')).toHaveText('2 números descadastrados.');
  // The box keeps only the refused number: its problem names no "Linha 2" of a one-line box.
  await expect(page.getByTestId('optouts-input').locator('textarea')).toHaveValue('1234');
  await expect(page.getByTestId('optouts-invalid-line')).toHaveText(/^“1234”: número curto demais/);
  await expect(page.getByTestId('optout-row')).toHaveCount(2);
  await expect(page.getByTestId('optouts-table')).toContainText('(21) 99876-5432');
  await expect(page.getByTestId('optouts-table')).toContainText('Digitado à mão');
});

test('opt-outs from a file of numbers: shown first, added on the yes with the file as their source', async ({
  page,
  torpedo,
}) => {
  await openOptOuts(page, torpedo);

  await page.getByTestId('optouts-file-input').setInputFiles(OPT_OUTS_TXT);
  await expect(page.getByTestId('optouts-file-review').first()).toHaveText(
    '“descadastros.txt”: 4 números para descadastrar.',
  );
  await expect(page.getByTestId('optouts-file-review').last()).toHaveText(
    '2 linhas com problema ficam de fora.',
  );
  await expect(page.getByTestId('optouts-empty')).toBeVisible();

  await page.getByTestId('optouts-file-confirm').click();
  await expect(page.getByTestId('optouts-file-done')).toHaveText('4 números descadastrados.');
  await expect(page.getByTestId('optout-row')).toHaveCount(4);
  // The old 8-digit mobile (11) 8765-4325 opted out with its 9.
  await expect(page.getByTestId('optouts-table')).toContainText('(11) 98765-4325');
  await expect(page.getByTestId('optout-row').first()).toContainText('Importação');
  await expect(page.getByTestId('optout-row').first().getByTestId('optout-note')).toHaveText(
    'descadastros.txt',
  );
});
