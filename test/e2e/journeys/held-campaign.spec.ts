import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, journey, type Owner } from './journey';

/**
 * A campaign bigger than the balance: it is held (nothing sent, nothing
 * charged, and every screen says so: what it will cost, not what it cost),
 * credits are bought from the hold, it goes on by itself and finishes. The
 * header, the overview, the campaign page and the report are read at every
 * step against the sandbox's ledger. English, light.
 */
journey.use({ language: 'en', theme: 'light' });

const RECIPIENTS = 600; // × R$ 0.09 = R$ 54.00, over the demo's R$ 50.00

async function sheet(path: string): Promise<void> {
  const rows = Array.from(
    { length: RECIPIENTS },
    (_, i) => `Customer ${i};+5511970${String(i).padStart(6, '0')}`,
  );
  await writeFile(path, ['Name;Mobile', ...rows].join('\r\n'), 'utf8');
}

const header = (page: Page) => page.getByTestId('header-balance');

/** The header's balance is the sandbox's. */
async function balanceIsTheLedgers(page: Page, owner: Owner): Promise<void> {
  await expect(header(page)).toHaveText(owner.money((await owner.ledger()).balance));
}

journey(
  'a campaign over the balance is held, resumes after a purchase from the hold, and finishes',
  async ({ page, torpedo, owner }) => {
    journey.setTimeout(150_000);
    const file = journey.info().outputPath('customers-600.csv');
    await sheet(file);

    const campaignUrl = await owner.step(
      'over the balance: it will wait for credits, and says so',
      async () => {
        await torpedo.signInDemo();
        await page.getByTestId('nav-campaigns').click();
        await page.getByTestId('campaign-new').click();
        // The composer opens on the name, the suggested one selected: typing replaces it.
        await expect(page.getByTestId('composer-name').locator('input')).toBeFocused();
        await page.keyboard.type('Everyone');
        await page.getByTestId('composer-import').click();
        await page.getByTestId('import-file').setInputFiles(file);
        await page.getByTestId('import-next').click();
        await page.getByTestId('import-next').click();
        await page.getByTestId('import-start').click();
        await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('600');
        await page.getByTestId('import-done').click();
        await page
          .getByTestId('composer-template')
          .locator('textarea')
          .fill('Two for one on cheese bread today.');
        await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
        await expect(page.getByTestId('estimate-cost').locator('dd')).toHaveText(owner.money(54));
        await expect(page.getByTestId('estimate-shortfall')).toContainText(owner.money(4));

        await page.getByTestId('composer-send').click();
        const confirm = page.getByTestId('composer-send-summary');
        await expect(confirm.getByTestId('confirm-cost')).toHaveText(owner.money(54));
        await expect(confirm.getByTestId('confirm-when')).toHaveText('After you buy credits');
        // Not "Send now": nothing leaves until credits are bought.
        await expect(page.getByTestId('composer-send-confirm')).toHaveText(
          'Queue it (goes after the purchase)',
        );
        await owner.shot('the confirmation');
        await page.getByTestId('composer-send-confirm').click();
        await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
        return page.url();
      },
    );

    await owner.step('held: nothing sent or charged, what it will cost', async () => {
      await expect(page.getByTestId('campaign-hold')).toHaveAttribute('data-hold', 'insufficient_balance', {
        timeout: 30_000,
      });
      const ledger = await owner.ledger();
      expect(ledger.campaignMessages).toHaveLength(0);
      expect(ledger.spent).toBe(0);
      await expect(page.getByTestId('campaign-status')).toHaveText('On hold');
      await expect(page.getByTestId('campaign-hold')).toContainText(owner.money(4));
      await expect(page.getByTestId('campaign-progress-messages')).toHaveText('0 of 600 messages sent');
      // Before the fix: "SMS charged 600 · Cost R$ 54.00" beside "0 of 600 messages sent".
      await expect(page.getByTestId('campaign-cost')).toHaveText(owner.money(ledger.spent));
      await expect(page.getByTestId('campaign-charged-segments')).toHaveText('0');
      await expect(page.getByTestId('campaign-pending')).toContainText(
        '600 messages still to go out (600 SMS): they will cost',
      );
      await expect(page.getByTestId('campaign-pending')).toContainText(owner.money(54));
      await balanceIsTheLedgers(page, owner);
    });

    await owner.step('held, on the overview: not sent, will cost', async () => {
      await page.getByTestId('nav-overview').click();
      const row = page.getByTestId('recent-campaign');
      // Before the fix: "Sent 27/11/2026, 11:04 … R$ 54.00".
      await expect(row).toContainText('On hold: nothing sent yet');
      await expect(row.getByTestId('recent-spent')).toHaveText(/^will cost R\$\s?54\.00$/);
      await expect(page.getByTestId('period-spend').locator('dd')).toHaveText(owner.money(0));
      await expect(page.getByTestId('period-messages').locator('dd')).toHaveText('0');
      await expect(page.getByTestId('waiting-campaign')).toContainText('Everyone');
      await balanceIsTheLedgers(page, owner);
    });

    await owner.step('held, in the report: nothing sent', async () => {
      await page.goto(`${campaignUrl}/report`);
      await expect(page.getByTestId('report-status')).toHaveText('On hold');
      await expect(page.getByTestId('report-queued-at')).toContainText('nothing sent yet');
      await expect(page.getByTestId('report-cost')).toHaveCount(0);
    });

    await owner.step('buy credits from the hold', async () => {
      await page.goto(campaignUrl);
      await page.getByTestId('campaign-hold-buy').click();
      await expect(page).toHaveURL(/#\/credits\?for=[\w-]+&need=4\.00$/);
      await page.getByTestId('credits-plan-1000').click();
      await page.getByTestId('credits-buy').click();
      await page.getByTestId('credits-buy-confirm').click();
      await expect(page.getByTestId('purchase-status')).toHaveAttribute('data-state', 'succeeded');
      const ledger = await owner.ledger();
      expect(ledger.charges).toHaveLength(1);
      await balanceIsTheLedgers(page, owner);
    });

    await owner.step('it goes on by itself and finishes, charged what the service took', async () => {
      await page.goto(campaignUrl);
      await expect(page.getByTestId('campaign-progress-messages')).toHaveText('600 of 600 messages sent', {
        timeout: 60_000,
      });
      const ledger = await owner.ledger();
      expect(ledger.campaignMessages).toHaveLength(RECIPIENTS);
      expect(ledger.spent).toBe(54);
      await expect(page.getByTestId('campaign-hold')).toHaveCount(0);
      await expect(page.getByTestId('campaign-charged-segments')).toHaveText('600');
      await expect(page.getByTestId('campaign-cost')).toHaveText(owner.money(ledger.spent));
      await expect(page.getByTestId('campaign-pending')).toHaveCount(0);
      await balanceIsTheLedgers(page, owner);
    });

    await owner.step('the report: delivered and failed as the service says', async () => {
      await owner.advance(10_000);
      const ledger = await owner.ledger();
      expect(ledger.inProgress).toBe(0);
      await page.getByTestId('campaign-report-link').click();
      const value = (key: string) => page.getByTestId(`summary-${key}`).locator('.summary__value');
      await expect(value('delivered')).toHaveText(owner.count(ledger.delivered), { timeout: 20_000 });
      await expect(value('failed')).toHaveText(owner.count(ledger.failed));
      await expect(page.getByTestId('report-cost')).toContainText(owner.money(ledger.spent));
    });

    await owner.step('the overview: sent, and spent what left the balance', async () => {
      const ledger = await owner.ledger();
      await page.getByTestId('nav-overview').click();
      const row = page.getByTestId('recent-campaign');
      await expect(row.getByTestId('recent-sent')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
      await expect(row.getByTestId('recent-spent')).toHaveText(owner.money(ledger.spent));
      await expect(page.getByTestId('period-spend').locator('dd')).toHaveText(owner.money(ledger.spent));
      await expect(page.getByTestId('period-messages').locator('dd')).toHaveText('600');
      await expect(page.getByTestId('waiting')).toHaveCount(0);
      await balanceIsTheLedgers(page, owner);
    });
  },
);
