import type { Page } from '@playwright/test';
import { expect, test } from './harness/fixtures';

/** The header's balance as a number of reais (`R$ 140,00` → 140). */
async function headerBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('header-balance').innerText()).replace(/\s+/g, ' ');
  const match = /R\$ ?([\d.]+,\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in the header: ${text}`);
  return Number(match[1]!.replace(/\./g, '').replace(',', '.'));
}

test('demo: buy a package, confirm the amount and card, see the balance rise and the invoice listed', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await expect.poll(() => headerBalance(page)).toBe(50);

  await page.getByTestId('nav-credits').click();
  await expect(page.getByTestId('credits-balance')).toHaveText(/R\$\s50,00/);
  await page.getByTestId('credits-plan-1000').click();
  // The default card is chosen for the user.
  await expect(page.getByTestId('credits-card-4242').locator('input')).toBeChecked();
  await expect(page.getByTestId('credits-summary-total')).toHaveText(/^\s*R\$\s90,00\s*$/);

  await page.getByTestId('credits-buy').click();
  await expect(page.getByTestId('credits-confirm-question')).toHaveText(
    /^\s*Cobrar R\$\s90,00 no Visa •••• 4242\?\s*$/,
  );
  await page.getByTestId('credits-buy-confirm').click();

  const status = page.getByTestId('purchase-status');
  await expect(status).toHaveAttribute('data-state', 'succeeded');
  await expect(status).toContainText('Compra concluída');
  await expect(status).toContainText('Pagamento de R$ 90,00 aprovado e saldo recarregado.');
  await expect(page.getByTestId('purchase-balance-now')).toContainText(/Saldo agora: R\$\s140,00/);
  // The header follows balance:changed from the core; nobody clicked refresh.
  await expect.poll(() => headerBalance(page)).toBe(140);

  const { invoices } = await torpedo.invoke('credits:invoices', {});
  expect(invoices).toHaveLength(1);
  const number = invoices[0]!.displayId;
  await expect(page.getByTestId('purchase-invoice')).toContainText(number);
  await expect(page.getByTestId('purchase-invoice')).toContainText(/R\$\s90,00/);

  await page.getByTestId('nav-invoices').click();
  const row = page.getByTestId(`invoice-${number}`);
  await expect(row).toContainText(/R\$\s90,00/);
  await expect(row).toContainText('Visa •••• 4242');
  await expect(row).toContainText('Pago');

  await page.getByTestId('invoices-export').click();
  await expect.poll(() => torpedo.host.savedFiles.length).toBe(1);
  const saved = torpedo.host.savedFiles[0]!;
  expect(saved.kind).toBe('csv');
  expect(saved.fileName).toMatch(/^torpedo-faturas-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(saved.content).toContain(number);
  expect(saved.content).toContain('90,00');
  await expect(page.getByText(`Arquivo salvo: ${saved.fileName}`)).toBeVisible();
});

test('another amount is typed in reais, checked as it is typed, and the total is said to be an estimate', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await page.getByTestId('nav-credits').click();
  await page.getByTestId('credits-plan-custom').click();
  const amount = page.getByTestId('credits-amount').locator('input');

  await amount.fill('10');
  await expect(page.getByTestId('credits-amount-error')).toHaveText(/^O mínimo é R\$\s22,50\.$/);
  await expect(page.getByTestId('credits-buy')).toBeDisabled();
  await amount.fill('dez');
  await expect(page.getByTestId('credits-amount-error')).toHaveText('Digite um valor em reais, como 300,00.');
  await amount.fill('100.000');
  await expect(page.getByTestId('credits-amount-error')).toHaveText(/^O máximo é R\$\s60\.000,00\.$/);

  await amount.fill('225');
  await expect(page.getByTestId('credits-amount-error')).toHaveCount(0);
  await expect(page.getByTestId('credits-summary-total')).toHaveText(/cerca de R\$\s225,00/);
  await page.getByTestId('credits-buy').click();
  await expect(page.getByTestId('credits-confirm-question')).toHaveText(
    /Cobrar cerca de R\$\s225,00 no Visa •••• 4242\?/,
  );
  // Cancel: nothing is bought.
  await page.getByRole('button', { name: 'Cancelar' }).click();
  expect((await torpedo.invoke('credits:invoices', {})).invoices).toHaveLength(0);
});

test('auto-recharge and the low-balance alert: saved, shown in the header, still there after a reload', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await expect(page.getByTestId('low-balance-warning')).toHaveCount(0);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-autorecharge-tab').click();
  await expect(page.getByTestId('autorecharge-rule')).toContainText(
    'escolha o cartão e o valor de cada recarga',
  );

  // The default card is offered; turning it on shows no red before the owner tries to save.
  await expect(page.getByTestId('autorecharge-card')).toContainText('Visa •••• 4242');
  await page.getByTestId('autorecharge-enabled').click();
  await expect(page.getByTestId('autorecharge-card-error')).toHaveCount(0);

  const recharge = page.getByTestId('autorecharge-amount').locator('input');
  await recharge.fill('20');
  await expect(page.getByTestId('autorecharge-amount-error')).toHaveCount(0);
  await page.getByTestId('autorecharge-save').click();
  await expect(page.getByTestId('autorecharge-amount-error')).toHaveText(
    /^Cada recarga precisa ser de pelo menos R\$\s22,50\.$/,
  );
  await recharge.fill('225');
  await expect(page.getByText(/Cada recarga põe cerca de R\$\s225,00 no saldo/)).toBeVisible();
  await page.getByTestId('autorecharge-threshold').locator('input').fill('15');
  await page.getByTestId('autorecharge-alert-enabled').click();
  await page.getByTestId('autorecharge-alert-threshold').locator('input').fill('100,00');
  await page.getByTestId('autorecharge-save').click();
  await expect(page.getByText('Recarga automática e alerta salvos.')).toBeVisible();

  // R$ 50,00 in the demo is below the R$ 100,00 alert.
  await expect(page.getByTestId('low-balance-warning')).toBeVisible();
  await expect(page.getByTestId('low-balance-warning')).toHaveText(/Saldo baixo/);
  const { cards } = await torpedo.invoke('credits:cards');
  expect(await torpedo.invoke('account:autoRecharge')).toMatchObject({
    enabled: true,
    threshold: 15,
    planQuantity: 2500,
    cardId: cards.find((c) => c.last4 === '4242')!.id,
    alertEnabled: true,
    alertThreshold: 100,
  });

  await torpedo.reload();
  await expect(page.getByTestId('low-balance-warning')).toBeVisible();
  await expect(page.getByTestId('autorecharge-threshold').locator('input')).toHaveValue('15,00');
  await expect(page.getByTestId('autorecharge-amount').locator('input')).toHaveValue('225,00');
  await expect(page.getByTestId('autorecharge-alert-threshold').locator('input')).toHaveValue('100,00');
  await expect(page.getByTestId('autorecharge-enabled')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('autorecharge-card')).toContainText('Visa •••• 4242');

  // The warning leads to the fix.
  await page.getByTestId('low-balance-warning').click();
  await expect(page.getByTestId('credits-buy')).toBeVisible();
});

test('the keyboard alone chooses a package and reaches the confirmation', async ({ page, torpedo }) => {
  await torpedo.signInDemo();
  await page.getByTestId('nav-credits').click();
  const first = page.getByTestId('credits-plan-1000').locator('input');
  await expect(first).toBeChecked();
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('credits-plan-5000').locator('input')).toBeChecked();
  await expect(page.getByTestId('credits-plan-5000').locator('input')).toBeFocused();
  await expect(page.getByTestId('credits-summary-total')).toHaveText(/R\$\s400,00/);

  await page.keyboard.press('Enter');
  await expect(page.getByTestId('credits-confirm-question')).toHaveText(
    /Cobrar R\$\s400,00 no Visa •••• 4242\?/,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('credits-confirm-question')).toBeHidden();
  expect((await torpedo.invoke('credits:invoices', {})).invoices).toHaveLength(0);
});
