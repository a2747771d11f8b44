import type { Locator, Page } from '@playwright/test';
import { expect, journey } from './journey';

/**
 * Issue 24's whole path: the owner builds a segment (customers in
 * Pernambuco), saves a template whose name field has a fallback, and sends a
 * campaign to the segment with that template. In the sandbox's ledger
 * exactly the segment's numbers got a message: the nameless customer's says
 * "customer", the others' their first name. English, dark.
 */
journey.use({ language: 'en', theme: 'dark' });

const TEXT = 'Hi {{first_name|customer}}, our Recife shop opens on Sunday!';
const PEOPLE = [
  { name: 'Ana Souza', phone: '+5581987650001' },
  { name: '', phone: '+5581987650002' },
  { name: 'Carla Dias', phone: '+5581987650003' },
  { name: 'Davi Rocha', phone: '+5511987650004' },
  { name: '', phone: '+5521987650005' },
];
/** Pernambuco's numbers (DDD 81): the segment. */
const IN_PE = PEOPLE.filter((p) => p.phone.startsWith('+5581'));

/** Picks the option of a naive-ui select whose text is exactly `text`, typing to filter as the owner does. */
async function choose(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.keyboard.type(text);
  await page
    .locator('.n-base-select-option')
    .filter({ hasText: new RegExp(`^${text.replace(/[()]/g, '\\$&')}$`) })
    .click();
}

journey(
  'segment and template: build a segment, save a template with a fallback, send it to the segment',
  async ({ page, torpedo, owner }) => {
    // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
    journey.setTimeout(150_000);
    await owner.step('the segment, counted as it is built', async () => {
      await torpedo.signInDemo();
      for (const person of PEOPLE) await torpedo.invoke('contacts:create', person);
      await page.getByTestId('nav-contacts').click();
      await page.getByTestId('nav-segments').click();
      await page.getByTestId('segments-new').click();
      await page.keyboard.type('Pernambuco');
      const condition = page.getByTestId('segment-condition').first();
      await choose(page, condition.getByTestId('segment-field'), 'State (UF)');
      await choose(page, condition.getByTestId('segment-op'), 'is');
      await choose(page, condition.getByTestId('segment-value'), 'PE');
      await expect(page.getByTestId('segment-count-contacts')).toHaveText(`${IN_PE.length} contacts`);
      await expect(page.getByTestId('segment-count-recipients')).toContainText(
        `${IN_PE.length} would receive`,
      );
      await owner.shot('the count');
      await page.getByTestId('segment-save').click();
      await expect(page.getByTestId('segment-row').getByTestId('segment-summary')).toHaveText(
        'State (UF) is “PE”',
      );
    });

    await owner.step('a template with a fallback for the name', async () => {
      await page.getByTestId('nav-templates').click();
      await page.getByTestId('template-new').click();
      const editor = page.getByTestId('template-editor');
      await editor.getByTestId('template-name').locator('input').fill('Sunday opening');
      await editor.getByTestId('template-text').locator('textarea').fill(TEXT);
      // Checked against every contact: two of the five have no name.
      await expect(editor.getByTestId('template-check-fallback')).toHaveText([
        '2 contacts without first_name will get “customer”.',
      ]);
      await owner.shot('the editor');
      await page.getByTestId('template-save').click();
      await expect(page.getByTestId('template-row')).toContainText('Sunday opening');
    });

    await owner.step('a campaign to the segment, from the template', async () => {
      await page.getByTestId('nav-campaigns').click();
      await page.keyboard.press('Control+n');
      await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
      await page.getByTestId('composer-name').locator('input').fill('Sunday in Recife');
      await choose(page, page.getByTestId('composer-segments'), 'Pernambuco');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('audience-recipients').locator('dd')).toHaveText(String(IN_PE.length));
      await page.getByTestId('composer-use-template').click();
      await expect(page.getByTestId('use-template-text')).toHaveText(TEXT);
      await page.getByTestId('use-template-replace').click();
      await expect(page.getByTestId('composer-template').locator('textarea')).toHaveValue(TEXT);
      // For this audience, one of the three gets the fallback.
      const check = page.getByTestId('template-check');
      await expect(check.getByTestId('template-check-fallback')).toHaveText([
        '1 contact without first_name will get “customer”.',
      ]);
      await expect(check.getByTestId('template-check-scope')).toHaveText('Checked against the 3 recipients.');
    });

    await owner.step('sent: the segment’s numbers, the name or the fallback', async () => {
      await page.getByTestId('composer-send').click();
      await expect(page.getByTestId('composer-send-summary').getByTestId('confirm-recipients')).toHaveText(
        String(IN_PE.length),
      );
      await page.getByTestId('composer-send-confirm').click();
      await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'completed', {
        timeout: 30_000,
      });
      const ledger = await owner.ledger();
      expect(ledger.campaignMessages.map((m) => [m.phone, m.message]).sort()).toEqual([
        ['+5581987650001', 'Hi Ana, our Recife shop opens on Sunday!'],
        ['+5581987650002', 'Hi customer, our Recife shop opens on Sunday!'],
        ['+5581987650003', 'Hi Carla, our Recife shop opens on Sunday!'],
      ]);
      // What left the balance is what the page says the campaign cost; the header's balance follows.
      await expect(page.getByTestId('campaign-cost')).toHaveText(owner.money(ledger.spent));
      await expect(page.getByTestId('header-balance')).toHaveText(owner.money(ledger.balance));
    });
  },
);
