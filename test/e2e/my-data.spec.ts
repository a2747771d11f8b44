import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { backUpNow, expect, test } from './harness/fixtures';
import { fullPageShot } from './harness/full-page-shot';

/**
 * Settings › Meus dados (the export and the backups) and the page shown after
 * a failed data update, as a user sees them, in both languages and schemes;
 * pictures in test-results/screenshots for review.
 */
const SHOTS_DIR = resolve(import.meta.dirname, '../..', 'test-results/screenshots');

async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  await fullPageShot(page, join(SHOTS_DIR, `${name}.png`));
}

for (const [locale, scheme] of [
  ['pt-BR', 'light'],
  ['en', 'dark'],
] as const) {
  test.describe(`my data, ${locale}, ${scheme}`, () => {
    test.use({ osLocale: locale, demoWhenSignedOut: true });

    test('exports every contact, list and campaign as one ZIP the user saves, and lists the backups', async ({
      page,
      torpedo,
    }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const list = await torpedo.invoke('lists:create', { name: 'Clientes' });
      await torpedo.invoke('contacts:create', { name: 'Maria', phone: '11 98765-4321', listIds: [list.id] });
      await torpedo.invoke('campaigns:create', { name: 'Sábado' });
      await torpedo.reload();

      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-data-tab').click();
      await expect(page.getByTestId('data-backups-none')).toBeVisible();
      await page.getByTestId('data-export').click();

      const result = page.getByTestId('data-export-result');
      const pt = locale === 'pt-BR';
      await expect(result).toContainText(pt ? /torpedo-meus-dados-.*\.zip/ : /torpedo-my-data-.*\.zip/);
      await expect(result).toContainText(pt ? 'Contatos: 1 · Listas: 1' : 'Contacts: 1 · Lists: 1');
      const [saved] = torpedo.host.savedBinaryFiles;
      expect(saved?.kind).toBe('zip');
      expect(Object.keys(unzipSync(saved!.bytes))).toContain(pt ? 'contatos.csv' : 'contacts.csv');
      await shoot(page, `my-data-${locale}-${scheme}`);
    });
  });
}

for (const [locale, scheme] of [
  ['pt-BR', 'light'],
  ['pt-BR', 'dark'],
  ['en', 'light'],
  ['en', 'dark'],
] as const) {
  test.describe(`after a failed data update, ${locale}, ${scheme}`, () => {
    test.use({ osLocale: locale, brokenDataUpdate: true, openPage: false });

    test('says plainly that nothing was lost, keeps the rest closed, and copies the diagnostics', async ({
      page,
      torpedo,
    }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto(torpedo.pageUrl);
      const pt = locale === 'pt-BR';
      await expect(page.getByTestId('recovery')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        pt
          ? 'Seus dados estão seguros, mas esta versão não pôde ser usada'
          : 'Your data is safe, but this version could not be used',
      );
      await expect(page.getByTestId('recovery-outcome')).toContainText(
        pt ? 'Nada foi perdido' : 'Nothing was lost',
      );
      await expect(page.getByTestId('recovery-outcome')).toContainText('torpedo-schema-');
      await shoot(page, `recovery-${locale}-${scheme}`);

      // No other page opens: they would need the new format.
      await page.goto(`${torpedo.pageUrl}#/contacts`);
      await expect(page.getByTestId('recovery')).toBeVisible();

      await page.getByTestId('recovery-copy').click();
      await expect
        .poll(() => torpedo.host.clipboard ?? '')
        .toContain(pt ? 'Diagnóstico do Torpedo' : 'Torpedo diagnostics');
      expect(torpedo.host.clipboard).not.toContain('98765');
    });
  });
}

test.describe('putting a backup back, pt-BR', () => {
  test.use({ osLocale: 'pt-BR', demoWhenSignedOut: true });

  test('Settings › Meus dados: Restaurar asks first, keeps the data as it is, and reopens on the copy', async ({
    page,
    torpedo,
  }) => {
    await torpedo.invoke('contacts:create', { name: 'Maria', phone: '11 98765-4321' });
    const backup = await backUpNow(torpedo.dataDir);
    await torpedo.invoke('contacts:create', { name: 'Depois da Cópia', phone: '11 98765-4322' });
    await torpedo.reload();

    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-data-tab').click();
    await page.getByTestId(`data-restore-${backup}`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Voltar para esta cópia?');
    await expect(dialog).toContainText('seus dados como estão agora ficam guardados');
    await shoot(page, 'restore-confirm-pt-BR-light');
    await dialog.getByRole('button', { name: 'Restaurar' }).click();
    await expect(page.getByText(`Cópia ${backup} restaurada`)).toBeVisible();

    // The window reloads onto the restored data: the contact added after the copy is gone,
    // and the data as it was is listed among the copies, to go back to it.
    await expect(page.getByTestId('mode-badge')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-data-tab').click();
    await expect(page.getByTestId('data-backups')).toContainText(
      'seus dados como estavam antes de uma restauração',
    );
    const contacts = await torpedo.invoke('contacts:search', { limit: 10 });
    expect(contacts.rows.map((c) => c.name)).toEqual(['Maria']);
  });
});

for (const [locale, scheme] of [
  ['pt-BR', 'light'],
  ['en', 'dark'],
] as const) {
  test.describe(`a damaged data file, ${locale}, ${scheme}`, () => {
    test.use({ osLocale: locale, damagedData: true, openPage: false });

    test('the recovery page says what is wrong, nothing was written, and puts a backup back', async ({
      page,
      torpedo,
    }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto(torpedo.pageUrl);
      const pt = locale === 'pt-BR';
      const recovery = page.getByTestId('recovery');
      await expect(recovery).toBeVisible({ timeout: 20_000 });
      await expect(recovery).toHaveAttribute('data-stage', 'damaged');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        pt ? 'O arquivo de dados do Torpedo está danificado' : "Torpedo's data file is damaged",
      );
      await expect(page.getByTestId('recovery-outcome')).toContainText(
        pt ? 'Volte para uma das cópias de segurança abaixo' : 'Go back to one of the backups below',
      );
      const [backup] = (await torpedo.invoke('data:backups')).backups;
      await expect(page.getByTestId(`data-restore-${backup!.name}`)).toBeVisible();
      await shoot(page, `recovery-damaged-${locale}-${scheme}`);

      await page.getByTestId(`data-restore-${backup!.name}`).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: pt ? 'Restaurar' : 'Restore' })
        .click();
      // Reopened on the backup: the whole app again, with the shop's contact.
      await expect(page.getByTestId('recovery')).toBeHidden({ timeout: 20_000 });
      await expect(page.getByTestId('signin-demo').or(page.getByTestId('mode-badge')).first()).toBeVisible({
        timeout: 20_000,
      });
      expect(await torpedo.invoke('data:recovery')).toBeNull();
    });
  });
}
