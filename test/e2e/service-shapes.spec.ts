import type { Page } from '@playwright/test';
import { createSmsGoClient } from '@core/api/index';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { expect, test, type TorpedoApp } from './harness/fixtures';
import { signInWithKey } from './harness/sign-in-with-key';

/**
 * The window against answers the official SDKs accept (issue 22): the
 * sandbox answers in its SDK-minimal shape (only the keys no SDK can do
 * without), or writes each message's status in the Portuguese of the SDKs'
 * vectors. The owner still signs in, reads the balance, buys (an empty 200:
 * an order taken, never "not charged"), and follows a campaign that is
 * "Entregando" until the service says every message reached a final state,
 * then reads which failures were charged. Figures are checked against the
 * sandbox's ledger and its own answers.
 */
let sandbox: Sandbox;

test.beforeEach(async () => {
  sandbox = await startSandbox({ port: 0 });
});
test.afterEach(async () => {
  await sandbox?.close();
});

async function shapes(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sandbox.url}/__sandbox/shapes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

const signIn = (page: Page, torpedo: TorpedoApp, key: string) =>
  signInWithKey(page, torpedo, sandbox.url, key);

test('minimal answers: balance, packages and a purchase answered 200 with an empty body', async ({
  page,
  torpedo,
}) => {
  const key = 'test_e2e_minimal_shapes';
  await shapes({ minimal: true });
  await signIn(page, torpedo, key);
  await expect(page.getByTestId('header-balance')).toContainText(/R\$\s?50,00/);

  await page.getByTestId('nav-credits').click();
  // Packages as {id, total}: their quantity unknown (the SDKs read 0), their amounts shown.
  const packages = page.getByTestId('credits-plan-0');
  await expect(packages).toHaveCount(4);
  await expect(packages.first()).toContainText(/R\$\s?90,00/);
  await packages.first().click();
  await page.getByTestId('credits-buy').click();
  await page.getByTestId('credits-buy-confirm').click();

  const status = page.getByTestId('purchase-status');
  await expect(status).toHaveAttribute('data-state', 'processing');
  await expect(page.getByTestId('purchase-invoice')).toContainText(
    sandbox.ledger(key).charges[0]!.invoiceUuid,
  );
  await expect(status).not.toContainText(/não foi feita|Nada foi cobrado|conexão caiu/);
  await page.screenshot({ path: test.info().outputPath('minimal-purchase.png') });
  expect(sandbox.ledger(key).charges).toEqual([expect.objectContaining({ total: 90, quantity: 1000 })]);
  // The balance the service now holds (50 + 90), read back through its minimal {balance}.
  await expect(page.getByTestId('header-balance')).toContainText(/R\$\s?140,00/);
});

test('a campaign in Portuguese status words: “Entregando” until final, then which failures were charged', async ({
  page,
  torpedo,
}) => {
  test.setTimeout(120_000);
  const key = 'test_e2e_words_pt';
  await shapes({ numberWords: 'pt' });
  await signIn(page, torpedo, key);

  const list = await torpedo.invoke('lists:create', { name: 'Palavras' });
  // The sandbox's fixed numbers: one always delivered, two that always fail.
  for (const [name, phone] of [
    ['Entrega', '(11) 90000-0003'],
    ['Inválido', '(11) 90000-0001'],
    ['Não entregue', '(11) 90000-0002'],
  ] as const) {
    await torpedo.invoke('contacts:create', { name, phone, email: null, fields: {}, listIds: [list.id] });
  }
  const draft = await torpedo.invoke('campaigns:create', { name: 'Palavras' });
  await torpedo.invoke('campaigns:saveDraft', {
    id: draft.id,
    template: 'Oi {{nome}}, hoje tem pão quentinho.',
    audience: { listIds: [list.id], contactIds: [] },
  });
  await torpedo.invoke('campaigns:send', { id: draft.id });
  await expect.poll(() => sandbox.ledger(key).messages.length, { timeout: 20_000 }).toBe(3);

  // Every batch out, every message on its way: delivering, not finished.
  await page.goto(`${torpedo.pageUrl}#/campaigns/${draft.id}`);
  const tag = page.getByTestId('campaign-status');
  await expect(tag).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(tag).toHaveText('Entregando');
  await expect(page.getByTestId('campaign-note')).toContainText('ainda não deu o resultado final de 3');
  await page.getByTestId('nav-campaigns').click();
  await expect(page.getByTestId('campaign-delivery-line')).toHaveText(
    '0 entregues · 0 com falha · 3 a caminho',
  );
  await page.screenshot({ path: test.info().outputPath('delivering-list.png') });

  sandbox.advanceClock(60_000);
  const sendId = sandbox.ledger(key).messages[0]!.sendId;
  const service = await createSmsGoClient({ baseUrl: sandbox.url, accountKey: key }).getSend(sendId);
  expect(service.summary).toMatchObject({ delivered: 1, failed: 2, done: true });
  const failedCost = service.phones
    .filter((p) => p.status === 'falhou')
    .reduce((n, p) => n + (p.cost ?? 0), 0);

  await page.goto(`${torpedo.pageUrl}#/campaigns/${draft.id}`);
  await expect(tag).toHaveText('Concluída', { timeout: 20_000 });
  await expect(page.getByTestId('summary-delivered')).toContainText('1');
  await expect(page.getByTestId('summary-failed')).toContainText('2');
  const amount = failedCost.toFixed(2).replace('.', ',');
  await expect(page.getByTestId('failed-charge')).toHaveText(
    new RegExp(`^As 2 mensagens com falha foram cobradas pelo serviço \\(R\\$\\s?${amount}\\)\\.$`),
  );
  await page.screenshot({ path: test.info().outputPath('final-campaign.png'), fullPage: true });
});
