import type { Page } from '@playwright/test';
import { expect, journey } from './journey';

/**
 * Templates: the owner writes a message with fallbacks in the composer and
 * saves it as a template; later a new campaign to a list where some
 * customers have no name uses it; the check under the text says how many
 * get the fallback; it is sent. In the sandbox's ledger, the nameless
 * customers' messages carry the fallback ("customer", and no "Hi ,"), the
 * others their own name. English, light.
 */
journey.use({ language: 'en', theme: 'light' });

const TEXT = 'Hi {{first_name|}}, fresh bread is out today. See you soon, {{name|customer}}!';
const PEOPLE = [
  { name: 'Ana Souza', phone: '+5511950000001' },
  { name: '', phone: '+5511950000002' },
  { name: 'Bruno Lima', phone: '+5511950000003' },
  { name: '', phone: '+5511950000004' },
  { name: 'Carla Dias', phone: '+5511950000005' },
];

async function newCampaign(page: Page, name: string): Promise<void> {
  await page.getByTestId('nav-campaigns').click();
  await page.keyboard.press('Control+n');
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
  await page.getByTestId('composer-name').locator('input').fill(name);
}

journey(
  'templates: save one with a fallback from the composer, use it for a list, send',
  async ({ page, torpedo, owner }) => {
    // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
    journey.setTimeout(150_000);
    await owner.step('a message with fallbacks, saved as a template', async () => {
      await torpedo.signInDemo();
      const list = await torpedo.invoke('lists:create', { name: 'Regulars' });
      for (const person of PEOPLE) {
        await torpedo.invoke('contacts:create', { ...person, listIds: [list.id] });
      }
      await newCampaign(page, 'Fresh bread');
      await page.getByTestId('composer-template').locator('textarea').fill(TEXT);
      await page.getByTestId('composer-save-template').click();
      await expect(page.getByTestId('save-template-name').locator('input')).toHaveValue('Fresh bread');
      await page.getByTestId('save-template-category').locator('input').fill('Daily');
      await owner.shot('save as template');
      await page.getByTestId('save-template-confirm').click();
      await expect(page.getByText('Template “Fresh bread” saved.')).toBeVisible();
    });

    await owner.step('the template on the Templates page', async () => {
      await page.getByTestId('nav-templates').click();
      const row = page.getByTestId('template-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Fresh bread');
      await expect(row).toContainText('Daily');
      await expect(row).toContainText('Fields: first_name, name');
      // The editor checks it against every contact: two have no name.
      await row.getByTestId('template-edit').click();
      const fallbacks = page.getByTestId('template-editor').getByTestId('template-check-fallback');
      await expect(fallbacks).toHaveText([
        '2 contacts without first_name: the field is left out.',
        '2 contacts without name will get “customer”.',
      ]);
      await expect(page.getByTestId('template-editor').getByTestId('template-check-scope')).toHaveText(
        'Checked against the 5 contacts who can get SMS (those who opted out are left out).',
      );
      await owner.shot('the editor checks it against every contact');
      await page.keyboard.press('Escape');
    });

    await owner.step('a new campaign to the list, from the template', async () => {
      await newCampaign(page, 'Bread for the regulars');
      await page.getByTestId('composer-lists').click();
      await page.locator('.n-base-select-option').filter({ hasText: 'Regulars' }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('audience-recipients')).toContainText('5');
      await page.getByTestId('composer-use-template').click();
      await expect(page.getByTestId('use-template-text')).toHaveText(TEXT);
      await page.getByTestId('use-template-replace').click();
      await expect(page.getByTestId('composer-template').locator('textarea')).toHaveValue(TEXT);
      // The check for these recipients, once the draft is saved: who gets the fallback, per field.
      const check = page.getByTestId('template-check');
      await expect(check.getByTestId('template-check-fallback')).toHaveText([
        '2 contacts without first_name: the field is left out.',
        '2 contacts without name will get “customer”.',
      ]);
      await expect(check.getByTestId('template-check-scope')).toHaveText('Checked against the 5 recipients.');
      await expect(check.getByTestId('template-check-problem')).toHaveCount(0);
    });

    await owner.step('sent: the nameless get the fallback, the others their name', async () => {
      await page.getByTestId('composer-send').click();
      await expect(page.getByTestId('composer-send-summary').getByTestId('confirm-recipients')).toHaveText(
        '5',
      );
      await page.getByTestId('composer-send-confirm').click();
      await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
      await expect
        .poll(async () => (await owner.ledger()).campaignMessages.length, { timeout: 30_000 })
        .toBe(5);
      const ledger = await owner.ledger();
      const sent = (phone: string) => ledger.to(phone).map((m) => m.message);
      expect(sent('+5511950000001')).toEqual(['Hi Ana, fresh bread is out today. See you soon, Ana Souza!']);
      expect(sent('+5511950000002')).toEqual(['Hi, fresh bread is out today. See you soon, customer!']);
      expect(sent('+5511950000003')).toEqual([
        'Hi Bruno, fresh bread is out today. See you soon, Bruno Lima!',
      ]);
      expect(sent('+5511950000004')).toEqual(['Hi, fresh bread is out today. See you soon, customer!']);
      expect(sent('+5511950000005')).toEqual([
        'Hi Carla, fresh bread is out today. See you soon, Carla Dias!',
      ]);
      // Only the campaign that was sent went out: the first draft, from which the template was saved, did not.
      expect(ledger.campaignMessages).toHaveLength(5);
    });
  },
);
