import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, journey } from './journey';

/**
 * Issue 35's path (LGPD art. 18): the shop imports its customers; Maria asks
 * what it keeps about her; the owner finds her from her contact, reads her
 * page and exports it for her (an HTML summary and its JSON copy); Maria
 * asks to be erased, and the owner erases her, typing her number's last four
 * digits; the same spreadsheet imported again leaves her row out and says
 * why; the next campaign goes to the others only, and the sandbox's ledger
 * has no message to her. Portuguese (Brazil), light.
 */
journey.use({ language: 'pt-BR', theme: 'light' });

const MARIA = { name: 'Maria Quitéria', phone: '+5511987654321', typed: '(11) 98765-4321' };
const SHEET = [
  'Nome;Celular;Bairro',
  `${MARIA.name};${MARIA.typed};Vila Nova`,
  'Ana Souza;(11) 98700-0001;Centro',
  'Bruno Lima;(21) 98700-0002;Tijuca',
];

async function importSheet(page: Page, path: string): Promise<void> {
  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('import-open').first().click();
  await page.getByTestId('import-file').setInputFiles(path);
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
}

const tile = (page: Page, key: string) => page.getByTestId(`import-count-${key}`).locator('dd');

journey(
  'privacy: a customer asks for their data, gets a copy, is erased, and never comes back',
  async ({ page, torpedo, owner }) => {
    journey.setTimeout(150_000);
    const sheet = journey.info().outputPath('clientes.csv');
    await writeFile(sheet, SHEET.join('\r\n'), 'utf8');

    await owner.step('the customers imported into “Clientes”', async () => {
      await torpedo.signInDemo();
      await importSheet(page, sheet);
      await expect(tile(page, 'new')).toHaveText('3');
      await page.getByTestId('import-list').click();
      await page.locator('.n-base-select-option').filter({ hasText: 'Nova lista…' }).click();
      await page.getByTestId('import-list-new-name').locator('input').fill('Clientes');
      await page.getByTestId('import-start').click();
      await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('3');
      await page.getByTestId('import-done').click();
    });

    await owner.step('a first campaign reaches her', async () => {
      await page.getByTestId('nav-campaigns').click();
      await page.keyboard.press('Control+n');
      await page.getByTestId('composer-name').locator('input').fill('Boas-vindas');
      await page.getByTestId('composer-lists').click();
      await page.locator('.n-base-select-option').filter({ hasText: 'Clientes' }).click();
      await page.keyboard.press('Escape');
      await page
        .getByTestId('composer-template')
        .locator('textarea')
        .fill('Olá {{nome}}, obrigado pela visita!');
      await page.getByTestId('composer-send').click();
      await page.getByTestId('composer-send-confirm').click();
      await expect.poll(async () => (await owner.ledger()).to(MARIA.phone).length).toBe(1);
    });

    await owner.step('Maria asks: the owner opens her data from her contact', async () => {
      await page.getByTestId('nav-contacts').click();
      await page.getByTestId('contact-open').filter({ hasText: MARIA.name }).click();
      await page.getByTestId('contact-person').click();
      await expect(page.getByTestId('person-phone')).toHaveText(MARIA.typed);
      await expect(page.getByTestId('person-contact')).toContainText(MARIA.name);
      await expect(page.getByTestId('person-contact')).toContainText('Clientes');
      await expect(page.getByTestId('person-messages')).toContainText(
        'Olá Maria Quitéria, obrigado pela visita!',
      );
      await expect(page.getByTestId('person-storage')).toContainText('torpedo.db');
      await expect(page.getByTestId('person-storage')).toContainText('o número e o texto de 1 mensagem');
    });

    await owner.step('her copy: the summary she can read, and its JSON', async () => {
      await page.getByTestId('person-export').click();
      await expect(page.getByText(/Salvo: titular-.*\.html e a cópia titular-.*\.json\./)).toBeVisible();
      const [html, json] = torpedo.host.savedBinaryFiles.slice(-2);
      const summary = new TextDecoder().decode(html!.bytes);
      expect(summary).toContain('Seus dados guardados no Torpedo');
      expect(summary).toContain(MARIA.name);
      expect(summary).toContain('Olá Maria Quitéria, obrigado pela visita!');
      expect(JSON.parse(new TextDecoder().decode(json!.bytes))).toMatchObject({
        phone: MARIA.phone,
        contact: { name: MARIA.name, fields: { bairro: 'Vila Nova' } },
      });
    });

    await owner.step('she asks to be erased: what goes is named, the last four digits confirm', async () => {
      await page.getByTestId('person-erase').click();
      await expect(page.locator('.n-dialog')).toContainText('Isso não pode ser desfeito.');
      await expect(page.getByTestId('person-erase-confirm')).toBeDisabled();
      await owner.shot('the erase, before the digits');
      await page.getByTestId('person-erase-digits').locator('input').fill('4321');
      await page.getByTestId('person-erase-confirm').click();
      await expect(page.getByTestId('person-erased')).toContainText('apagado a pedido do titular');
      await expect(page.getByTestId('person-contact')).toHaveCount(0);
    });

    await owner.step('the same spreadsheet again: her row is left out, and why', async () => {
      await importSheet(page, sheet);
      await expect(tile(page, 'invalid')).toHaveText('1');
      // The two others are there already, unchanged: nothing to import.
      await expect(tile(page, 'new')).toHaveText('0');
      await expect(page.getByTestId('import-rejected')).toContainText('apagado a pedido do titular');
      await expect(page.getByTestId('import-rejected')).not.toContainText(MARIA.name);
      await page.getByTestId('import-rejected').scrollIntoViewIfNeeded();
      await owner.shot('her row, left out with the reason');
      await page.getByTestId('import-close').click();
      await expect(page.getByTestId('contact-open')).toHaveText(['Ana Souza', 'Bruno Lima']);
    });

    await owner.step('the next campaign: the others only, and nothing to her at the service', async () => {
      await page.getByTestId('nav-campaigns').click();
      await page.keyboard.press('Control+n');
      await page.getByTestId('composer-name').locator('input').fill('Promoção');
      await page.getByTestId('composer-lists').click();
      await page.locator('.n-base-select-option').filter({ hasText: 'Clientes' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('composer-template').locator('textarea').fill('Promoção de sábado na loja!');
      await page.getByTestId('composer-send').click();
      await expect(page.getByTestId('composer-send-summary').getByTestId('confirm-recipients')).toHaveText(
        '2',
      );
      await page.getByTestId('composer-send-confirm').click();
      await expect.poll(async () => (await owner.ledger()).campaignMessages.length).toBe(5);
      const ledger = await owner.ledger();
      // The first campaign's message went before she asked; nothing since.
      expect(ledger.to(MARIA.phone)).toHaveLength(1);
      expect(
        ledger.campaignMessages
          .filter((m) => m.message.startsWith('Promoção'))
          .map((m) => m.phone)
          .sort(),
      ).toEqual(['+5511987000001', '+5521987000002']);
    });
  },
);
