import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, journey } from './journey';

/**
 * The customer sheet comes back with names changed: the review shows each
 * change before and after; keeping the names changes nothing, updating them
 * does, and the update can be undone. What a campaign then sends (the ledger)
 * carries the names as they stand. pt-BR, dark.
 */
journey.use({ language: 'pt-BR', theme: 'dark' });

const FIRST = ['Nome;Celular', 'Ana;(11) 98700-0001', 'Bruno;(11) 98700-0002', 'Carla;(11) 98700-0003'];
const SECOND = [
  'Nome;Celular',
  'Ana Souza;11 98700-0001',
  'Bruno Lima;+55 11 98700-0002',
  'Carla;(11) 98700-0003',
  'Davi;(11) 98700-0004',
];

const names = (page: Page) => page.getByTestId('contact-open');
const tile = (page: Page, key: string) => page.getByTestId(`import-count-${key}`).locator('dd');

async function importSheet(page: Page, path: string, review?: () => Promise<void>): Promise<void> {
  await page.getByTestId('import-open').first().click();
  await page.getByTestId('import-file').setInputFiles(path);
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await review?.();
}

journey('re-import with changed names: review, keep, update, undo', async ({ page, torpedo, owner }) => {
  // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
  journey.setTimeout(150_000);
  const first = journey.info().outputPath('clientes.csv');
  const second = journey.info().outputPath('clientes-atualizado.csv');
  await writeFile(first, FIRST.join('\r\n'), 'utf8');
  await writeFile(second, SECOND.join('\r\n'), 'utf8');

  await owner.step('the first sheet', async () => {
    await torpedo.signInDemo();
    await page.getByTestId('nav-contacts').click();
    await importSheet(page, first);
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('3');
    await page.getByTestId('import-done').click();
    await expect(names(page)).toHaveText(['Ana', 'Bruno', 'Carla']);
  });

  await owner.step('the second sheet: each change shown, the names kept unless asked', async () => {
    await importSheet(page, second, async () => {
      await expect(tile(page, 'new')).toHaveText('1');
      await expect(tile(page, 'existing')).toHaveText('3');
      const changes = page.getByTestId('import-change');
      await expect(changes).toHaveCount(2);
      await expect(changes.nth(0).getByTestId('import-change-before')).toHaveText(['Ana']);
      await expect(changes.nth(0).getByTestId('import-change-after')).toHaveText(['→Ana Souza']);
      await expect(page.getByTestId('import-skip').locator('input')).toBeChecked();
      await expect(page.getByTestId('import-start')).toHaveText('Importar 1 contato');
    });
  });

  await owner.step('kept: only the new customer came in', async () => {
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('1');
    await expect(page.getByTestId('import-result-updated').locator('dd')).toHaveText('0');
    await page.getByTestId('import-done').click();
    await expect(names(page)).toHaveText(['Ana', 'Bruno', 'Carla', 'Davi']);
  });

  await owner.step('the same sheet, updating the names', async () => {
    await importSheet(page, second, async () => {
      await page.getByTestId('import-update').click();
      await expect(page.getByTestId('import-start')).toHaveText('Importar 2 contatos');
    });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-result-updated').locator('dd')).toHaveText('2');
    await page.getByTestId('import-done').click();
    await expect(names(page)).toHaveText(['Ana Souza', 'Bruno Lima', 'Carla', 'Davi']);
  });

  await owner.step('undone: the names are back', async () => {
    await expect(page.getByTestId('last-import')).toContainText('2 contatos alterados');
    await page.getByTestId('last-import-undo').click();
    await expect(page.getByTestId('import-undo-consequences')).toContainText(
      '2 contatos alterados voltam a ser como eram.',
    );
    await page.getByTestId('import-undo-confirm').click();
    await expect(page.getByTestId('last-import-undone')).toContainText(
      '2 contatos voltaram a ser como eram.',
    );
    await expect(names(page)).toHaveText(['Ana', 'Bruno', 'Carla', 'Davi']);
  });

  await owner.step('a campaign to them goes out with the names as they stand', async () => {
    await page.getByTestId('contacts-select-all').click();
    await page.getByTestId('bulk-new-campaign').click();
    await expect(page.getByTestId('composer-name').locator('input')).toBeFocused();
    await page.getByTestId('composer-template').locator('textarea').fill('Oi {{nome}}, chegou pão fresco!');
    await expect(page.getByTestId('preview-text')).toHaveText('Oi Ana, chegou pão fresco!');
    await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
    await page.getByTestId('composer-send').click();
    await page.getByTestId('composer-send-confirm').click();
    await expect.poll(async () => (await owner.ledger()).campaignMessages.length).toBe(4);
    const sent = (await owner.ledger()).campaignMessages.map((m) => m.message).sort();
    expect(sent).toEqual([
      'Oi Ana, chegou pão fresco!',
      'Oi Bruno, chegou pão fresco!',
      'Oi Carla, chegou pão fresco!',
      'Oi Davi, chegou pão fresco!',
    ]);
    await expect(page.getByTestId('campaign-progress-messages')).toHaveText('4 de 4 mensagens enviadas');
  });
});
