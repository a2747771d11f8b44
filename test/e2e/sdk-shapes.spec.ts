import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { expect, test } from './harness/fixtures';
import { signInWithKey } from './harness/sign-in-with-key';

/**
 * The app copes with answers the real service may send because the official
 * SDKs accept them (service-wire-facts.md), shown on the screens a shop owner
 * uses: the sandbox answers the token without `mode` and a purchase with a
 * status that is neither `succeeded` nor `processing`, and numbers invoices
 * with integers, as the SDKs type them.
 */
let sandbox: Sandbox;

test.beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const shapes = await fetch(`${sandbox.url}/__sandbox/shapes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenWithoutMode: true, purchaseStatus: 'requires_capture' }),
  });
  expect(shapes.status).toBe(200);
});

test.afterAll(async () => {
  await sandbox?.close();
});

test('signs in with a token answer without mode, buys through an unknown status, and lists the integer invoice number', async ({
  page,
  torpedo,
}) => {
  await signInWithKey(page, torpedo, sandbox.url, 'test_e2e_sdk_shapes');
  // No `mode` in the token answer: the SDKs read it as live, and so does the app.
  await expect(page.getByTestId('mode-badge')).toHaveAttribute('data-mode', 'live');

  await page.getByTestId('nav-credits').click();
  await page.getByTestId('credits-plan-1000').click();
  await page.getByTestId('credits-buy').click();
  await page.getByTestId('credits-buy-confirm').click();
  // "requires_capture" is not a failure: the purchase is followed until the invoice says paid.
  const status = page.getByTestId('purchase-status');
  await expect(status).toHaveAttribute('data-state', /processing|succeeded/);
  await expect(status).not.toHaveAttribute('data-state', 'failed');
  await expect(status).toHaveAttribute('data-state', 'succeeded', { timeout: 20_000 });
  expect(sandbox.ledger('test_e2e_sdk_shapes').charges).toHaveLength(1);

  await page.getByTestId('nav-invoices').click();
  // The sandbox numbers this account's first invoice 1, an integer on the wire.
  const row = page.getByTestId('invoice-1');
  await expect(row).toContainText(/R\$\s90,00/);
  await expect(row.locator('.invoices__number')).toHaveText('1');
});
