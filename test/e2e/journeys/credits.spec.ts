import type { Page } from '@playwright/test';
import type { OwnerLedger } from './ledger';
import { expect, journey } from './journey';

/**
 * Credits: the owner buys a package, then another amount with a coupon the
 * service refuses and one it takes, on the other card; reads the invoices;
 * turns auto-recharge on and sees it charge; and finds the page honest while
 * the service is out of reach. Every figure is held to the sandbox's ledger
 * (charges, the card charged, what entered the balance). English, dark.
 */
journey.use({ language: 'en', theme: 'dark' });

/** About ten seconds: the idle probe's promise, with room for a busy machine. */
const NOTICED = { timeout: 15_000 };
const OUTAGE = [{ route: '*', fault: 'drop-before-commit' as const }];

const lastCharge = (ledger: OwnerLedger) => ledger.charges.at(-1)!;

/** No amount on the page is a count of the service's credits: the owner reads reais and SMS. */
async function expectOneUnit(page: Page): Promise<void> {
  await expect(page.locator('main')).not.toContainText(/\d[\d,.]*\s+(SMSGo\s+)?credits?\b/i);
}

journey(
  'credits: a package, another amount with a bad and a good coupon on another card, invoices, auto-recharge, offline',
  async ({ page, torpedo, owner }) => {
    // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
    journey.setTimeout(150_000);
    await owner.step('the credits page in reais', async () => {
      await torpedo.signInDemo();
      await page.getByTestId('nav-credits').click();
      const ledger = await owner.ledger();
      await expect(page.getByTestId('credits-balance')).toHaveText(owner.money(ledger.balance));
      await expect(page.getByTestId('header-balance')).toContainText(owner.money(ledger.balance));
      await expect(page.getByTestId('credits-plan-1000')).toContainText(
        /R\$\s?90\.00 of balance.*Standard SMS/,
      );
      await expect(page.getByTestId('credits-plan-custom')).toContainText(
        /Another amount\s*From R\$\s?22\.50 to R\$\s?60,000\.00 of balance/,
      );
      await expectOneUnit(page);
    });

    await owner.step('buy a package', async () => {
      await page.getByTestId('credits-plan-1000').click();
      await page.getByTestId('credits-buy').click();
      await expect(page.getByTestId('credits-confirm-question')).toHaveText(
        /^Charge R\$\s?90\.00 to Visa •••• 4242\?$/,
      );
      await page.getByTestId('credits-buy-confirm').click();
      await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'succeeded');
      const ledger = await owner.ledger();
      expect(ledger.charges).toHaveLength(1);
      expect(lastCharge(ledger)).toMatchObject({ total: 90, credited: 90, card: '4242', source: 'purchase' });
      await expect(page.getByTestId('purchase-bought')).toHaveText(/^Bought: R\$\s?90\.00 of balance/);
      await expect(page.getByTestId('purchase-status')).toContainText(owner.money(lastCharge(ledger).total));
      await expect(page.getByTestId('purchase-balance-now')).toContainText(owner.money(ledger.balance));
      await expect(page.getByTestId('header-balance')).toContainText(owner.money(ledger.balance));
      // The form that bought it is cleared: one more click and a confirm cannot buy it again.
      await expect(page.getByTestId('credits-plan-1000').locator('input')).not.toBeChecked();
      await expect(page.getByTestId('credits-buy')).toBeDisabled();
      await expect(page.getByTestId('credits-buy-blocked')).toHaveText(
        'Choose how much to add to the balance.',
      );
    });

    await owner.step('another amount with a coupon the service refuses', async () => {
      const before = await owner.ledger();
      await page.getByTestId('credits-plan-custom').click();
      await page.getByTestId('credits-amount').locator('input').fill('225');
      await page.getByTestId('credits-coupon').locator('input').fill('NOPE');
      await expect(page.getByTestId('credits-summary-adds')).toHaveText(/^about R\$\s?225\.00$/);
      await expect(page.getByTestId('credits-summary-total')).toHaveText(/^up to R\$\s?225\.00$/);
      await page.getByTestId('credits-buy').click();
      // The service cannot check a coupon before the purchase: the owner is told so before confirming.
      await expect(page.getByRole('dialog')).toContainText('If it refuses the coupon, nothing is charged.');
      await owner.shot('confirm with a coupon');
      await page.getByTestId('credits-buy-confirm').click();
      await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'failed');
      await expect(page.getByTestId('purchase-reason')).toHaveText(
        'SMSGo did not accept the coupon “NOPE”. Nothing was charged. Check the code or remove the coupon to buy without a discount.',
      );
      const after = await owner.ledger();
      expect(after.charges).toEqual(before.charges);
      expect(after.balance).toBe(before.balance);
      // The same code again is stopped before the confirmation.
      await expect(page.getByTestId('credits-coupon-error')).toContainText(
        'SMSGo already refused the coupon “NOPE”',
      );
      await expect(page.getByTestId('credits-buy')).toBeDisabled();
    });

    await owner.step('the same amount with a good coupon, on the other card', async () => {
      await page.getByTestId('credits-coupon').locator('input').fill('DEMO10');
      await page.getByTestId('credits-card-5454').click();
      await page.getByTestId('credits-buy').click();
      await expect(page.getByTestId('credits-confirm-question')).toHaveText(
        /^Charge up to R\$\s?225\.00 to Mastercard •••• 5454\?$/,
      );
      await page.getByTestId('credits-buy-confirm').click();
      await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'succeeded');
      const ledger = await owner.ledger();
      expect(ledger.charges).toHaveLength(2);
      // 2,500 credits at R$ 0.09 add R$ 225.00; the coupon takes 10 % off what is charged.
      expect(lastCharge(ledger)).toMatchObject({
        total: 202.5,
        credited: 225,
        card: '5454',
        source: 'purchase',
      });
      await expect(page.getByTestId('purchase-bought')).toHaveText(/^Bought: about R\$\s?225\.00 of balance/);
      await expect(page.getByTestId('purchase-status')).toContainText(
        new RegExp(`Payment of ${owner.money(202.5).source} approved`),
      );
      await expect(page.getByTestId('purchase-balance-now')).toContainText(owner.money(ledger.balance));
      await expect(page.getByTestId('header-balance')).toContainText(owner.money(ledger.balance));
      await expect(page.getByTestId('credits-coupon').locator('input')).toHaveValue('');
    });

    await owner.step('the invoices', async () => {
      await page.getByTestId('nav-invoices').click();
      const { charges } = await owner.ledger();
      for (const charge of charges) {
        const row = page.getByTestId(`invoice-${charge.displayId}`);
        await expect(row).toContainText(owner.money(charge.total));
        await expect(row).toContainText(charge.card);
        await expect(row).toContainText('Paid');
      }
      await expect(page.getByTestId('invoices-table').locator('tbody tr')).toHaveCount(charges.length);
    });

    await owner.step('turn auto-recharge on', async () => {
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-autorecharge-tab').click();
      await expect(page.getByTestId('autorecharge-rule')).toHaveText(
        'To turn auto-recharge on, choose the card and the amount of each recharge.',
      );
      await page.getByTestId('autorecharge-enabled').click();
      // Above the balance, so the next debit recharges.
      const { balance } = await owner.ledger();
      await page
        .getByTestId('autorecharge-threshold')
        .locator('input')
        .fill(String(Math.ceil(balance + 100)));
      await page.getByTestId('autorecharge-amount').locator('input').fill('90');
      await expect(page.locator('#autorecharge-amount-help')).toHaveText(
        /Each recharge adds about R\$\s?90\.00 to the balance \(about 1,000 Standard SMS\) and charges that to the card\./,
      );
      await page.getByTestId('autorecharge-save').click();
      await expect(page.getByText('Auto-recharge and alert saved.')).toBeVisible();
      // On and saved: the how-to hint is out of the way.
      await expect(page.getByTestId('autorecharge-rule')).toHaveCount(0);
      await expectOneUnit(page);
    });

    await owner.step('a send falls below the threshold and the recharge is charged', async () => {
      const before = await owner.ledger();
      // What the journey is not about, set up as the window would: one message to one customer.
      const contact = await torpedo.invoke('contacts:create', { name: 'Ana', phone: '+5511987650001' });
      const draft = await torpedo.invoke('campaigns:create', { name: 'Recharge check' });
      await torpedo.invoke('campaigns:saveDraft', {
        id: draft.id,
        template: 'Fresh bread at 5pm.',
        audience: { listIds: [], contactIds: [contact.id] },
      });
      await torpedo.invoke('campaigns:send', { id: draft.id });
      await expect.poll(async () => (await owner.ledger()).charges.length).toBe(before.charges.length + 1);
      const ledger = await owner.ledger();
      expect(lastCharge(ledger)).toMatchObject({
        total: 90,
        credited: 90,
        card: '4242',
        source: 'auto-recharge',
      });
      expect(ledger.balance).toBe(
        Math.round((before.balance - ledger.spent + before.spent + 90) * 100) / 100,
      );
      // The owner refreshes the balance in the header: it is the service's.
      await page.getByTestId('header-balance').click();
      await expect(page.getByTestId('header-balance')).toContainText(owner.money(ledger.balance));
      await page.getByTestId('nav-invoices').click();
      await expect(page.getByTestId(`invoice-${lastCharge(ledger).displayId}`)).toContainText(
        owner.money(90),
      );
    });

    await owner.step('the same page with the service out of reach', async () => {
      const before = await owner.ledger();
      const sandbox = await owner.sandbox();
      owner.allow(/Failed to load resource|net::ERR/);
      await sandbox.faults(OUTAGE);
      await expect(page.getByTestId('connectivity')).toHaveAttribute('data-state', 'unreachable', NOTICED);
      await page.getByTestId('nav-credits').click();
      // The packages read before are still shown, in reais; nothing can be ordered meanwhile.
      await expect(page.getByTestId('credits-plan-1000')).toContainText(/R\$\s?90\.00 of balance/);
      await expect(page.getByTestId('credits-buy')).toBeDisabled();
      await expect(page.getByTestId('credits-buy-blocked')).toHaveText(
        'No connection to the SMS service: you can buy once the connection is back. Until then no order leaves and nothing is charged.',
      );
      await expectOneUnit(page);
      await owner.shot('offline');
      await sandbox.clearFaults();
      await expect(page.getByTestId('connectivity')).toHaveAttribute('data-state', 'online', NOTICED);
      await expect(page.getByTestId('credits-buy')).toBeEnabled();
      expect((await owner.ledger()).charges).toEqual(before.charges);
    });
  },
);
