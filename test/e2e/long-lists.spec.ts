import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createContactsRepo } from '@core/contacts/contacts-repo';
import { DATABASE_FILE } from '@core/kernel/create-core';
import { openDatabase } from '@core/db/open-database';
import { generateContacts } from '../bench/contact-data';
import { expect, test, type TorpedoApp } from './harness/fixtures';

/**
 * A contact book of thousands in the demo, as a user with a keyboard and a
 * mouse goes through it: the last contact reached with End, one ticked with
 * Space, every match ticked at once and acted on, and a campaign's numbers in
 * the same kind of table. Pictures of each, in both languages and both
 * colour schemes, at 1280x800 (test-results/screenshots, never tracked).
 */
const CONTACTS = 5000;
const SHOTS_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

const WORDS = {
  'pt-BR': {
    count: (n: number) => `${n.toLocaleString('pt-BR')} contatos`,
    selected: (n: number) => `${n.toLocaleString('pt-BR')} selecionado${n === 1 ? '' : 's'}`,
    deleted: (n: number) => `${n.toLocaleString('pt-BR')} contatos excluídos.`,
  },
  en: {
    count: (n: number) => `${n.toLocaleString('en')} contacts`,
    selected: (n: number) => `${n.toLocaleString('en')} selected`,
    deleted: (n: number) => `${n.toLocaleString('en')} contacts deleted.`,
  },
} as const;

/** The generated contacts, written into the demo's data folder by a second connection (as the CLI would). */
function addContacts(torpedo: TorpedoApp): void {
  const db = openDatabase(join(torpedo.dataDir, DATABASE_FILE));
  try {
    createContactsRepo(db).upsertMany('demo', generateContacts(CONTACTS, 7), 'skip');
  } finally {
    db.close();
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, `${name}.png`);
  await page.mouse.move(1279, 799);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  await test.info().attach(`${name}.png`, { path, contentType: 'image/png' });
}

for (const [locale, scheme] of [
  ['pt-BR', 'light'],
  ['pt-BR', 'dark'],
  ['en', 'light'],
  ['en', 'dark'],
] as const) {
  test.describe(`${locale}, ${scheme}`, () => {
    test.use({ osLocale: locale });

    test(`thousands of contacts by keyboard and by "all matching"; a campaign's numbers (${locale}, ${scheme})`, async ({
      page,
      torpedo,
    }) => {
      test.setTimeout(120_000);
      const words = WORDS[locale];
      const tag = `${locale}-${scheme}`;
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await torpedo.signInDemo();
      addContacts(torpedo);
      const last = (await torpedo.invoke('contacts:search', { offset: CONTACTS - 1, limit: 1 })).rows[0]!;

      await page.getByTestId('nav-contacts').click();
      await expect(page.getByTestId('contacts-count')).toHaveText(words.count(CONTACTS));
      // The table makes the rows on screen, not one per contact.
      expect(await page.getByTestId('contact-row').count()).toBeLessThan(20);

      // Keyboard: into the table, End to the very last contact, Space to tick it.
      const table = page.getByTestId('contacts-table');
      await table.focus();
      await page.keyboard.press('End');
      const lastRow = page.locator(`[data-testid="contact-row"][data-contact-id="${last.id}"]`);
      await expect(lastRow).toBeVisible();
      await expect(table).toHaveAttribute('aria-activedescendant', (await lastRow.getAttribute('id'))!);
      await page.keyboard.press(' ');
      await expect(page.getByTestId('contacts-bulk')).toContainText(words.selected(1));
      await expect(lastRow).toHaveAttribute('aria-selected', 'true');
      // What to do with the selection is the next Tab stop, not a trip round the whole window.
      await page.keyboard.press('Tab');
      await expect(page.getByTestId('bulk-add-to-list')).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(table).toBeFocused();
      await shoot(page, `long-contacts-end-${tag}`);
      await page.getByTestId('bulk-clear').click();

      // Every match of a search ticked at once, one unticked, then deleted (and the undo offered).
      await page.keyboard.press('Home');
      const search = page.getByTestId('contacts-search').locator('input');
      await search.fill('silva');
      const found = (await torpedo.invoke('contacts:search', { query: 'silva', limit: 1 })).total;
      await expect(page.getByTestId('contacts-count')).toContainText(found.toLocaleString(locale));
      await page.getByTestId('contacts-select-all').click();
      await expect(page.getByTestId('contacts-bulk')).toContainText(words.selected(found));
      await page.getByTestId('contact-row').first().getByRole('checkbox').click();
      await expect(page.getByTestId('contacts-bulk')).toContainText(words.selected(found - 1));
      await shoot(page, `long-contacts-all-${tag}`);
      await page.getByTestId('bulk-delete').click();
      await expect(page.getByTestId('undo-snackbar')).toContainText(words.deleted(found - 1));
      await search.fill('');
      await expect(page.getByTestId('contacts-count')).toHaveText(words.count(CONTACTS - found + 1));

      // A campaign to 300 of them: its report's numbers, by keyboard to the last.
      const ids = (await torpedo.invoke('contacts:search', { offset: 0, limit: 200 })).rows.map((c) => c.id);
      const more = (await torpedo.invoke('contacts:search', { offset: 200, limit: 100 })).rows.map(
        (c) => c.id,
      );
      const draft = await torpedo.invoke('campaigns:create', { name: 'Muitos números' });
      await torpedo.invoke('campaigns:saveDraft', {
        id: draft.id,
        template: 'Oi {{primeiro_nome}}!',
        audience: { listIds: [], contactIds: [...ids, ...more] },
      });
      await torpedo.invoke('campaigns:send', { id: draft.id, allowPartial: true });
      await page.goto(`${torpedo.pageUrl}#/campaigns/${draft.id}/report`);
      const numbers = page.getByTestId('numbers-table');
      await expect(page.getByTestId('report-numbers-count')).toContainText('300');
      await shoot(page, `long-report-${tag}`);
      await numbers.focus();
      await page.keyboard.press('End');
      await expect(numbers.locator('[role="row"][aria-rowindex="301"]')).toBeVisible();
      await shoot(page, `long-report-numbers-${tag}`);
    });
  });
}
