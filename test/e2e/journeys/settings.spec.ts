import { unzipSync } from 'fflate';
import { expect, journey } from './journey';

/**
 * Settings: the owner takes their data out (one ZIP, every file agreeing with
 * what the service did), signs out keeping the data on this computer, and
 * signs back in to find everything as it was. English, dark.
 */
journey.use({ language: 'en', theme: 'dark' });

const PHONES = ['+5511987650001', '+5511987650002', '+5521998760003'];

/** The CSV file's rows as objects by header (the export writes `,`, quotes only where needed). */
function rowsOf(csv: string): Record<string, string>[] {
  const [head, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const cells = (line: string) =>
    [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
      .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'))
      .slice(0, -1);
  const names = cells(head!);
  return lines.map((line) => Object.fromEntries(cells(line).map((v, i) => [names[i]!, v])));
}

journey('settings: export my data, sign out and back in', async ({ page, torpedo, owner }) => {
  // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
  journey.setTimeout(150_000);
  await owner.step('a shop with a sent campaign', async () => {
    await torpedo.signInDemo();
    // What the journey is not about, set up as the window would.
    const list = await torpedo.invoke('lists:create', { name: 'Regulars' });
    for (const [i, phone] of PHONES.entries())
      await torpedo.invoke('contacts:create', { name: `Customer ${i + 1}`, phone, listIds: [list.id] });
    const draft = await torpedo.invoke('campaigns:create', { name: 'Saturday' });
    await torpedo.invoke('campaigns:saveDraft', {
      id: draft.id,
      template: 'Cheese bread, two for one this Saturday.',
      audience: { listIds: [list.id], contactIds: [] },
    });
    await torpedo.invoke('campaigns:send', { id: draft.id });
    await expect.poll(async () => (await owner.ledger()).campaignMessages.length).toBe(3);
    await owner.advance(10_000);
    await page.getByTestId('nav-campaigns').click();
    await expect(page.getByTestId('campaign-link')).toHaveText('Saturday');
  });

  const ledger = await owner.ledger();
  await owner.step('export my data', async () => {
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-data-tab').click();
    await page.getByTestId('data-export').click();
    await expect(page.getByTestId('data-export-result')).toContainText(/torpedo-my-data-.*\.zip/);
    await expect(page.getByTestId('data-export-result')).toContainText('Contacts: 3 · Lists: 1');
    const zip = unzipSync(torpedo.host.savedBinaryFiles.at(-1)!.bytes);
    const file = (name: string) => rowsOf(new TextDecoder().decode(zip[name]));
    expect(
      file('contacts.csv')
        .map((c) => c.Phone)
        .sort(),
    ).toEqual(PHONES);
    // The campaign's send is the one the service accepted, at what it debited.
    const [campaign] = file('campaigns.csv');
    expect(campaign!.Sends).toBe(ledger.sends[0]!.sendId);
    expect(Number(campaign!.Cost)).toBe(ledger.sends[0]!.debited);
  });

  await owner.step('sign out, keeping the data here', async () => {
    await page.getByTestId('settings-account-tab').click();
    await page.getByTestId('signout').click();
    await expect(page.getByTestId('signout-delete-local')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('signout-confirm').click();
    await torpedo.expectSignInScreen();
  });

  await owner.step('back in: everything as it was', async () => {
    await page.getByTestId('signin-demo').click();
    await torpedo.expectOverview();
    const now = await owner.ledger();
    expect(now.sends).toEqual(ledger.sends);
    await expect(page.getByTestId('header-balance')).toHaveText(owner.money(now.balance));
    await expect(page.getByTestId('overview-contact-count')).toHaveText(/^3 contacts/);
    const recent = page.getByTestId('recent-campaign');
    await expect(recent).toHaveCount(1);
    await expect(recent).toContainText('Saturday');
    await expect(recent).toContainText(owner.money(ledger.spent));
  });
});
