import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, journey } from './journey';

/**
 * Issue 35 item 5 and issue 33's last item, as the owner meets them in
 * Configurações › Regras de envio: she keeps several block lists at once
 * (Procon-AL's register for her customers in Maceió, Procon-Carioca's for
 * those in Rio, and a list of her own she names "Fornecedores"), each shown
 * with its name, its law and its date; a new campaign says how many each list
 * leaves out. Then she turns on the SMS that confirms an opt-out by reply,
 * seeing its very text and what each one costs. Portuguese (Brazil), light.
 */
journey.use({ language: 'pt-BR', theme: 'light' });

const PEOPLE = [
  { name: 'Ana Souza', phone: '+5511987650001' },
  { name: 'Bia Melo (Maceió)', phone: '+5582987650002' },
  { name: 'Caio Reis (Rio)', phone: '+5521987650003' },
  { name: 'Duda Alves (fornecedora)', phone: '+5511987650004' },
];

journey(
  'block lists by name: Procon-AL, Procon-Carioca and the owner’s own, counted per list; the opt-out confirmation and its cost',
  async ({ page, torpedo, owner }, testInfo) => {
    // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
    journey.setTimeout(150_000);
    const folder = testInfo.outputPath('files');
    await mkdir(folder, { recursive: true });
    /** Picks a list in the import's choices, a file with these numbers, and saves it. */
    async function importList(choice: string, file: string, numbers: string[], name?: string) {
      await page.getByTestId(`block-file-source-${choice}`).click();
      if (name) await page.getByTestId('block-file-name').locator('input').fill(name);
      const path = join(folder, file);
      await writeFile(path, ['telefone', ...numbers].join('\n'));
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('block-file-pick').click();
      await (await chooser).setFiles(path);
      await page.getByTestId('block-file-confirm').click();
      await expect(page.getByTestId('block-file-done')).toBeVisible();
    }

    await owner.step('three block lists at once, each by name', async () => {
      await torpedo.signInDemo();
      const list = await torpedo.invoke('lists:create', { name: 'Clientes' });
      for (const person of PEOPLE)
        await torpedo.invoke('contacts:create', {
          name: person.name,
          phone: person.phone,
          listIds: [list.id],
        });

      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-rules-tab').click();
      await importList('procon-al', 'procon-al.csv', ['82987650002', '82999990000']);
      await importList('procon-carioca', 'procon-carioca.csv', ['21987650003']);
      await importList('new', 'fornecedores.csv', ['11987650004'], 'Fornecedores');

      const rows = page.getByTestId('block-list-row');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText('Procon-AL (Alagoas)');
      await expect(rows.nth(0)).toContainText('Lei estadual AL 8.538/2021');
      await expect(rows.nth(0).getByTestId('block-list-numbers')).toHaveText('2');
      await expect(rows.nth(1)).toContainText('Procon-Carioca (Rio de Janeiro)');
      await expect(rows.nth(1)).toContainText('Lei municipal Rio de Janeiro 6.523/2019');
      await expect(rows.nth(2)).toContainText('Fornecedores');
      await expect(page.getByTestId('block-list-stale')).toHaveCount(0);
      // Her own list is a choice for its next file.
      await expect(page.getByTestId('block-file-source').getByText('Fornecedores')).toBeVisible();
      expect((await torpedo.invoke('rules:blockLists')).map((l) => [l.kind, l.name])).toEqual([
        ['procon-al', null],
        ['procon-carioca', null],
        ['owner', 'Fornecedores'],
      ]);
    });

    await owner.step('a new campaign says how many each list leaves out', async () => {
      await page.getByTestId('nav-campaigns').click();
      await page.keyboard.press('Control+n');
      await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
      await page.getByTestId('composer-name').locator('input').fill('Natal');
      await page.getByTestId('composer-lists').click();
      await page.locator('.n-base-select-option').filter({ hasText: 'Clientes' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('composer-template').locator('textarea').fill('Feliz Natal! 10% em tudo.');
      await expect(page.getByTestId('audience-rule-blocked-procon-al')).toHaveText(
        '1 bloqueado pelo Procon-AL',
      );
      await expect(page.getByTestId('audience-rule-blocked-procon-carioca')).toHaveText(
        '1 bloqueado pelo Procon-Carioca',
      );
      await expect(page.getByText('1 na lista de bloqueio “Fornecedores”')).toBeVisible();
    });

    await owner.step('the SMS that confirms an opt-out, with its text and cost', async () => {
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-rules-tab').click();
      await page.getByTestId('rules-prefix').locator('input').fill('Loja Maria:');
      await expect(page.getByTestId('rules-opt-out-confirmation')).toHaveAttribute('aria-checked', 'false');
      await expect(page.getByTestId('rules-opt-out-confirmation-text')).toHaveText(
        'Loja Maria: Pronto, você não recebe mais nossas mensagens.',
      );
      await expect(page.getByTestId('rules-opt-out-confirmation-cost')).toHaveText(
        /^Custa R\$\s0,\d\d por descadastro \(1 SMS\)\.$/,
      );
      await page.getByTestId('rules-opt-out-confirmation').click();
      await page.getByTestId('rules-save').click();
      await expect(page.getByText('Regras de envio salvas.')).toBeVisible();
      expect((await torpedo.invoke('rules:get')).rules.optOutConfirmation).toBe(true);
      await page.getByTestId('rules-opt-out-confirmation').scrollIntoViewIfNeeded();
    });
  },
);
