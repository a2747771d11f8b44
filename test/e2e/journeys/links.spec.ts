import type { Locator } from '@playwright/test';
import { PATHS } from '@core/api/wire';
import { DEMO_ACCOUNT_KEY } from '../../../src/sandbox/index';
import { sandboxRead } from '../../support/sandbox-balance';
import type { TorpedoApp } from '../harness/fixtures';
import { expect, journey } from './journey';

/**
 * Links: the owner shortens a page, customers open the short address, the
 * owner reads the clicks in the row and in the panel (the same count, the
 * service's), deactivates the link and, since it cannot be turned back on,
 * makes a new one for the page. Every count and state is held to the
 * service's own answer (the demo sandbox, read with its key), not to the
 * app's. Portuguese (Brazil), dark.
 */
journey.use({ language: 'pt-BR', theme: 'dark' });

const PAGE = 'https://padaria.example/ofertas/pao-de-queijo-em-dobro?origem=sms';

/** A link as the service holds it, read as any client would (its own token), never through the app. */
async function serviceLink(torpedo: TorpedoApp, id: string): Promise<{ clicks: number; active: boolean }> {
  const { baseUrl } = await torpedo.invoke('session:get');
  return sandboxRead(baseUrl!, DEMO_ACCOUNT_KEY, PATHS.shortLink(id));
}

/** A customer opening the short address: where it leads (the sandbox redirects and counts). */
async function open(shortUrl: string): Promise<{ status: number; location: string | null }> {
  const res = await fetch(shortUrl, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}

const clicksCell = (row: Locator) => row.locator('td').nth(2);

journey(
  'links: create, open the short address, clicks in the row and the panel, deactivate',
  async ({ page, torpedo, owner }) => {
    // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
    journey.setTimeout(150_000);
    const row = page.getByTestId('link-row').first();
    let id = '';
    let shortUrl = '';

    await owner.step('shorten a page', async () => {
      await torpedo.signInDemo();
      await page.getByTestId('nav-links').click();
      await expect(page.getByTestId('links-empty')).toBeVisible();
      await page.getByTestId('link-url').locator('input').fill(PAGE);
      await page.getByTestId('link-title').locator('input').fill('Pão de queijo');
      await page.getByTestId('link-create').click();
      await expect(page.getByTestId('link-row')).toHaveCount(1);
      id = (await row.getAttribute('data-link-id'))!;
      shortUrl = (await row.getByTestId('link-short').getAttribute('title'))!;
      // The address reads without its scheme, on one line; the demo says where it opens.
      await expect(row.getByTestId('link-short')).toHaveText(shortUrl.replace(/^https?:\/\//, ''));
      const { height } = (await row.getByTestId('link-short').boundingBox())!;
      expect(height).toBeLessThan(30);
      await expect(page.getByTestId('demo-address-note')).toHaveText(/só abrem neste computador/);
      await expect(row).toContainText('Ativo');
      expect(await serviceLink(torpedo, id)).toMatchObject({ clicks: 0, active: true });
      await expect(clicksCell(row)).toHaveText('0');
      await row.getByTestId('link-qr').click();
      await expect(page.getByTestId('qr-url')).toHaveText(shortUrl);
      await expect(page.getByTestId('qr-dialog').getByTestId('demo-address-note')).toBeVisible();
      await owner.shot('qr code');
      await page.getByTestId('qr-close').click();
    });

    await owner.step('customers open the short address', async () => {
      for (let i = 0; i < 3; i++) expect(await open(shortUrl)).toEqual({ status: 302, location: PAGE });
      expect((await serviceLink(torpedo, id)).clicks).toBe(3);
    });

    await owner.step('the clicks, the same in the row and in the panel', async () => {
      // The list was read before the clicks: opening the panel reads the link again, and the row follows.
      await row.getByTestId('link-open-clicks').click();
      await expect(page.getByTestId('link-clicks-total')).toHaveText('3 cliques');
      await expect(clicksCell(row)).toHaveText('3');
      await expect(page.getByTestId('link-click-row')).toHaveCount(3);
      expect(await open(shortUrl)).toEqual({ status: 302, location: PAGE });
      const { clicks } = await serviceLink(torpedo, id);
      expect(clicks).toBe(4);
      await row.getByTestId('link-open-clicks').click();
      await expect(page.getByTestId('link-clicks-total')).toHaveText(`${clicks} cliques`);
      await expect(clicksCell(row)).toHaveText(String(clicks));
    });

    await owner.step('deactivate it', async () => {
      await row.getByTestId('link-deactivate').click();
      await expect(page.getByTestId('link-deactivate-body')).toContainText('O SMSGo não reativa links');
      await owner.shot('deactivate asks first');
      await page.getByTestId('link-deactivate-confirm').click();
      await expect(row.getByTestId('link-state')).toHaveText('Desativado');
      expect(await serviceLink(torpedo, id)).toMatchObject({ active: false, clicks: 4 });
      expect((await open(shortUrl)).status).toBe(404);
      // Nothing to copy or print for an address that answers "not found"; its clicks stay readable.
      await expect(row.getByTestId('link-final')).toHaveText('Não pode ser reativado');
      await expect(row.getByTestId('link-copy')).toHaveCount(0);
      await expect(row.getByTestId('link-qr')).toHaveCount(0);
      await expect(clicksCell(row)).toHaveText('4');
      await expect(row.getByTestId('link-open-clicks')).toBeVisible();
    });

    await owner.step('a new link for the same page', async () => {
      await row.getByTestId('link-remake').click();
      await expect(page.getByTestId('link-url').locator('input')).toHaveValue(PAGE);
      await expect(page.getByTestId('link-url').locator('input')).toBeFocused();
      await page.getByTestId('link-create').click();
      await expect(page.getByTestId('link-row')).toHaveCount(2);
      const fresh = page.getByTestId('link-row').first();
      const freshId = (await fresh.getAttribute('data-link-id'))!;
      expect(freshId).not.toBe(id);
      const freshUrl = (await fresh.getByTestId('link-short').getAttribute('title'))!;
      expect(freshUrl).not.toBe(shortUrl);
      expect(await open(freshUrl)).toEqual({ status: 302, location: PAGE });
      expect(await serviceLink(torpedo, freshId)).toMatchObject({ active: true, clicks: 1 });
      await expect(fresh.getByTestId('link-state')).toHaveText('Ativo');
    });
  },
);
