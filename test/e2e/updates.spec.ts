import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './harness/fixtures';

/**
 * Settings → Sobre and the restart banner in the built page, with the real
 * core and a scripted stand-in for main's updater (electron-updater only
 * runs in an installed app): the states a user meets, in both languages and
 * colour schemes, pictured in test-results/screenshots for review.
 */
test.use({ fakeUpdates: true, demoWhenSignedOut: true });

const SHOTS_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');
const NOTES =
  'Importação de planilhas mais rápida\n• O relatório da campanha mostra os cliques por link\n• Correções na sincronização com o SMSGo';

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(1279, 799);
  await page.screenshot({
    path: join(SHOTS_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

test('Sobre: checks on demand, shows the ready version with its notes, and the banner restarts into it', async ({
  page,
  torpedo,
}) => {
  const updates = torpedo.updates!;
  await torpedo.expectOverview();
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-about-tab').click();
  await expect(page.getByTestId('about-version')).toHaveText('0.1.0');
  await expect(page.getByTestId('about-last-check')).toContainText('Ainda não verificamos');

  await page.getByTestId('about-check').click();
  await expect(page.getByTestId('about-last-check')).toContainText('Você está na versão mais recente.');
  expect(updates.checks).toBe(1);

  // A version found, downloaded in the background: progress, then ready with the banner.
  const available = { version: '0.2.0', releaseDate: '2026-11-20T10:00:00.000Z', notes: NOTES };
  updates.set({
    state: 'downloading',
    progress: 40,
    available,
    lastCheck: { at: new Date().toISOString(), result: 'available' },
  });
  await expect(page.getByText('Baixando a versão 0.2.0… 40%')).toBeVisible();
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
  updates.set({ state: 'ready', progress: 100 });
  await expect(page.getByTestId('update-banner')).toContainText(
    'A versão 0.2.0 do Torpedo está pronta para instalar.',
  );
  await expect(page.getByTestId('about-notes')).toContainText(
    'O relatório da campanha mostra os cliques por link',
  );

  // A campaign starts sending: the restart is refused by main, the window asks, and waits when told to.
  updates.set({ delivering: true });
  await expect(page.getByTestId('update-restart-when-done')).toBeVisible();
  await page.getByTestId('about-restart').click();
  await expect(page.getByTestId('about-ask-confirm')).toBeVisible();
  await page.getByTestId('about-ask-confirm').click();
  await expect(page.getByTestId('update-banner')).toHaveAttribute('data-kind', 'waiting');
  expect(updates.restarts).toEqual([
    { whenIdle: false, outcome: 'delivering' },
    { whenIdle: true, outcome: 'waiting' },
  ]);
  await page.getByTestId('update-cancel-waiting').click();
  await expect(page.getByTestId('update-banner')).toHaveAttribute('data-kind', 'ready');

  // Sending ended: "Reiniciar para atualizar" goes ahead.
  updates.set({ delivering: false });
  await page.getByTestId('update-restart').click();
  await expect.poll(() => updates.restarts.at(-1)).toEqual({ whenIdle: false, outcome: 'restarting' });
});

for (const locale of ['pt-BR', 'en'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(() => {
      test.use({ osLocale: locale });
      test(`Sobre and the banner pictured, ${locale}, ${scheme}`, async ({ page, torpedo }) => {
        await mkdir(SHOTS_DIR, { recursive: true });
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        const updates = torpedo.updates!;
        await torpedo.reload();
        await torpedo.expectOverview();
        await page.getByTestId('nav-settings').click();
        await page.getByTestId('settings-about-tab').click();
        updates.set({
          lastCheck: { at: new Date(Date.now() - 2 * 3600_000).toISOString(), result: 'upToDate' },
        });
        await expect(page.getByTestId('about-last-check')).toContainText(
          locale === 'en' ? 'latest version' : 'mais recente',
        );
        await shoot(page, `about-uptodate-${locale}-${scheme}`);

        updates.set({
          state: 'ready',
          progress: 100,
          lastCheck: { at: new Date(Date.now() - 60_000).toISOString(), result: 'available' },
          available: { version: '0.2.0', releaseDate: '2026-11-20T10:00:00.000Z', notes: NOTES },
        });
        await expect(page.getByTestId('update-banner')).toBeVisible();
        await shoot(page, `about-ready-${locale}-${scheme}`);

        updates.set({ delivering: true, restartPending: true });
        await expect(page.getByTestId('update-banner')).toHaveAttribute('data-kind', 'waiting');
        await page.getByTestId('nav-overview').click();
        await expect(page.getByTestId('overview-balance')).toBeVisible();
        await shoot(page, `update-banner-waiting-${locale}-${scheme}`);
      });
    });
  }
}
