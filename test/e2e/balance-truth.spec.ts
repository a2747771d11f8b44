import type { Page } from '@playwright/test';
import { demoSandbox } from './harness/demo-sandbox';
import { expect, test, type TorpedoApp } from './harness/fixtures';

/**
 * One balance, always the service's: at every step of a shop's afternoon
 * (a test message, a small campaign, a campaign over the balance that is
 * held, a top-up from the held campaign's own button, the campaign resuming
 * to its end) the header, the overview and the credits page show the balance
 * the sandbox holds, without anyone clicking "refresh".
 */

/** An amount as the pt-BR screen shows it, e.g. `R$ 49,46` (any space after R$). */
const shown = (reais: number) => new RegExp(`R\\$\\s?${reais.toFixed(2).replace('.', ',')}`);

/** What the demo's sandbox account holds, read as any client of the service would. */
const serviceBalance = async (torpedo: TorpedoApp) => (await demoSandbox(torpedo)).balance();

/** The header (on the page the owner is on), then the overview and the credits page, all show `reais`. */
async function expectBalanceEverywhere(page: Page, reais: number): Promise<void> {
  await expect(page.getByTestId('header-balance')).toContainText(shown(reais));
  const back = page.url();
  await page.getByTestId('nav-overview').click();
  await expect(page.getByTestId('overview-balance')).toHaveText(shown(reais));
  await page.getByTestId('nav-credits').click();
  await expect(page.getByTestId('credits-balance')).toHaveText(shown(reais));
  await page.goto(back);
}

/** A list of `count` contacts with distinct mobiles, made through the core as an import would. */
async function listOf(torpedo: TorpedoApp, name: string, count: number, first: number): Promise<string> {
  const list = await torpedo.invoke('lists:create', { name });
  for (let i = 0; i < count; i++) {
    const n = String(70_000_000 + first + i);
    await torpedo.invoke('contacts:create', {
      name: `Cliente ${first + i}`,
      phone: `(11) 9${n.slice(0, 4)}-${n.slice(4)}`,
      email: null,
      fields: {},
      listIds: [list.id],
    });
  }
  return list.id;
}

/** A draft to `listId` with a one-part message, opened in the composer. */
async function openDraft(page: Page, torpedo: TorpedoApp, name: string, listId: string): Promise<string> {
  const draft = await torpedo.invoke('campaigns:create', { name });
  await torpedo.invoke('campaigns:saveDraft', {
    id: draft.id,
    template: 'Oferta de hoje: pao em dobro.',
    audience: { listIds: [listId], contactIds: [] },
  });
  await page.goto(`${torpedo.pageUrl}#/campaigns/${draft.id}/edit`);
  await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
  return draft.id;
}

test('the balance the service holds, on every page, through test send, campaign, hold, top-up and resume', async ({
  page,
  torpedo,
}) => {
  test.setTimeout(180_000);
  await torpedo.signInDemo();
  await expectBalanceEverywhere(page, 50);

  // 1. A test message: R$ 0,09.
  const small = await listOf(torpedo, 'Vizinhos', 5, 0);
  await openDraft(page, torpedo, 'Vizinhos', small);
  await expect(page.getByTestId('estimate-cost').locator('dd')).toHaveText(shown(0.45));
  await page.getByTestId('composer-test-open').click();
  await page.getByTestId('test-send-phone').locator('input').fill('(11) 91234-5678');
  await page.getByTestId('test-send-go').click();
  await expect(page.getByTestId('test-send-done')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await serviceBalance(torpedo)).toBe(49.91);
  await expectBalanceEverywhere(page, 49.91);

  // 2. The small campaign to its end: R$ 0,45.
  await page.getByTestId('composer-send').click();
  await page.getByTestId('composer-send-confirm').click();
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
  await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  expect(await serviceBalance(torpedo)).toBe(49.46);
  await expectBalanceEverywhere(page, 49.46);

  // 3. A campaign over the balance (600 × R$ 0,09 = R$ 54,00): held before anything is sent.
  const big = await listOf(torpedo, 'Todos', 600, 1000);
  const bigId = await openDraft(page, torpedo, 'Oferta para todos', big);
  await expect(page.getByTestId('estimate-cost').locator('dd')).toHaveText(shown(54));
  await page.getByTestId('composer-send').click();
  await page.getByTestId('composer-send-confirm').click();
  await expect(page).toHaveURL(new RegExp(`#/campaigns/${bigId}$`));
  await expect(page.getByTestId('campaign-hold')).toHaveAttribute('data-hold', 'insufficient_balance', {
    timeout: 30_000,
  });
  expect(await serviceBalance(torpedo)).toBe(49.46);
  await expectBalanceEverywhere(page, 49.46);

  // 4. The top-up, from the held campaign's own button: the smallest package covering R$ 4,54, named for it.
  await expect(page.getByTestId('campaign-hold-buy')).toContainText(shown(4.54));
  await page.getByTestId('campaign-hold-buy').click();
  await expect(page).toHaveURL(/#\/credits\?/);
  await expect(page.getByTestId('credits-for')).toContainText(
    /Para a campanha “Oferta para todos”, parada por falta de saldo: faltam R\$\s?4,54\./,
  );
  await expect(page.getByTestId('credits-plan-1000').locator('input')).toBeChecked();
  await expect(page.getByTestId('credits-summary-after')).toHaveText(shown(139.46));
  await page.getByTestId('credits-buy').click();
  await page.getByTestId('credits-buy-confirm').click();
  await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'succeeded');

  // 5. The campaign resumes by itself, and the page says so; at its end R$ 54,00 has left the balance.
  await expect(page.getByTestId('credits-for')).toContainText(
    'A campanha “Oferta para todos” está retomando o envio.',
    { timeout: 30_000 },
  );
  await page.getByTestId('credits-for-link').click();
  await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  expect(await serviceBalance(torpedo)).toBe(85.46);
  await expectBalanceEverywhere(page, 85.46);
});
