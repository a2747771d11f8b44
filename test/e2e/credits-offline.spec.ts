import { demoSandbox } from './harness/demo-sandbox';
import { expect, test } from './harness/fixtures';

/**
 * The service out of reach, through the real core and the demo's sandbox
 * (its fault rules drop every connection): the connection indicator says so
 * within about ten seconds even on a page that asks nothing, and the credits
 * page will not start a purchase; an order that never left says so, and a
 * result seen once does not come back as news.
 */
const OUTAGE = [{ route: '*', fault: 'drop-before-commit' as const }];
/** About ten seconds: the idle probe's promise, with a little room for a busy machine. */
const NOTICED = { timeout: 12_000 };

test('an outage shows on a quiet page within seconds, and Comprar waits for the connection with the reason', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  const sandbox = await demoSandbox(torpedo);
  // The packages and cards are read once while online, as when the owner visited before.
  await page.getByTestId('nav-credits').click();
  await expect(page.getByTestId('credits-buy')).toBeEnabled();
  await page.getByTestId('nav-overview').click();
  await expect(page.getByTestId('connectivity')).toHaveAttribute('data-state', 'online');

  await sandbox.faults(OUTAGE);
  // The overview makes no request of its own: only the idle probe can notice.
  await expect(page.getByTestId('connectivity')).toHaveAttribute('data-state', 'unreachable', NOTICED);

  await page.getByTestId('nav-credits').click();
  await expect(page.getByTestId('credits-buy')).toBeDisabled();
  await expect(page.getByTestId('credits-buy-blocked')).toHaveText(
    'Sem conexão com o serviço de SMS: dá para comprar quando a conexão voltar. Até lá, nenhum pedido sai e nada é cobrado.',
  );

  await sandbox.clearFaults();
  await expect(page.getByTestId('connectivity')).toHaveAttribute('data-state', 'online', NOTICED);
  await expect(page.getByTestId('credits-buy')).toBeEnabled();
  await expect(page.getByTestId('credits-buy-blocked')).toHaveCount(0);
  expect((await sandbox.ledger()).charges).toEqual([]);
});

test('an order that never left is "not sent, nothing charged"; a past result is dated and gone once the page is left', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  const sandbox = await demoSandbox(torpedo);
  await page.getByTestId('nav-credits').click();
  await expect(page.getByTestId('credits-plan-1000').locator('input')).toBeChecked();

  // The service stops answering between the page's reads and the click: the order must not go out into that.
  await sandbox.faults([{ route: 'GET /v1/billing/plans', fault: 'drop-before-commit' }]);
  await page.getByTestId('credits-buy').click();
  await page.getByTestId('credits-buy-confirm').click();
  const notCharged = page.getByTestId('purchase-not-charged');
  await expect(notCharged).toHaveAttribute('data-sent', 'false');
  await expect(notCharged).toContainText('Pedido não enviado');
  await expect(notCharged).toContainText('Nada foi cobrado.');
  await expect(page.getByTestId('purchase-status')).not.toContainText('conferindo as suas faturas');
  expect((await sandbox.ledger()).charges).toEqual([]);

  await sandbox.clearFaults();
  await expect(page.getByTestId('credits-buy')).toBeEnabled(NOTICED);
  await page.getByTestId('credits-buy').click();
  await page.getByTestId('credits-buy-confirm').click();
  await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'succeeded');
  await expect(page.getByTestId('purchase-at')).toHaveText(
    /^Resultado de \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/,
  );
  await expect(page.getByTestId('purchase-balance-now')).toContainText(/Saldo agora: R\$\s?140,00/);
  expect((await sandbox.ledger()).charges).toHaveLength(1);

  // Coming back later, the green panel does not read as a purchase that just went through.
  await page.getByTestId('nav-overview').click();
  await page.getByTestId('nav-credits').click();
  await expect(page.getByTestId('credits-buy')).toBeEnabled();
  await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByText('Compra concluída')).toHaveCount(0);
});
