import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoSandbox } from './harness/demo-sandbox';
import { expect, test, type TorpedoApp } from './harness/fixtures';

/**
 * Every page of the signed-in app, and the sign-in page, scanned with
 * axe-core (WCAG 2.1 A and AA rules) in the light and the dark theme, with
 * data on them (contacts, a sent campaign with clicks, a short link), so the
 * tables, charts and tags are there to be scanned. No serious or critical
 * violation is allowed, except the naive-ui limitations named in KEPT, each
 * with why it stays.
 */

/**
 * naive-ui limitations kept, by axe rule id and the element it is found on.
 * Empty while none is found: a finding here must say why it cannot be fixed
 * from our side.
 */
const KEPT: { rule: string; target: RegExp; why: string }[] = [];

interface Finding {
  rule: string;
  impact: string;
  targets: string[];
  help: string;
}

async function scan(page: Page, where: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact!,
      help: `${where}: ${v.help}`,
      targets: v.nodes
        .map((n) => n.target.join(' '))
        .filter((target) => !KEPT.some((k) => k.rule === v.id && k.target.test(target))),
    }))
    .filter((f) => f.targets.length > 0);
}

/** Contacts in a list, a tracked campaign sent and clicked, a short link: something on every page. */
async function withData(torpedo: TorpedoApp): Promise<{ campaignId: string }> {
  const list = await torpedo.invoke('lists:create', { name: 'Clientes' });
  for (let i = 0; i < 5; i++) {
    await torpedo.invoke('contacts:create', {
      name: `Cliente ${i + 1}`,
      phone: `+55119${String(50_000_000 + i)}`,
      listIds: [list.id],
    });
  }
  await torpedo.invoke('links:create', { url: 'https://padaria.example/cardapio', title: 'Cardápio' });
  await torpedo.invoke('templates:create', {
    name: 'Sábado',
    category: 'Promoções',
    text: 'Olá {{primeiro_nome|}}, pão em dobro no sábado!',
  });
  const { id } = await torpedo.invoke('campaigns:create', { name: 'Promoção' });
  await torpedo.invoke('campaigns:saveDraft', {
    id,
    template: 'Oi {{nome}}! Veja https://padaria.example/promo',
    audience: { listIds: [list.id], contactIds: [] },
    options: { linkTracking: 'track' },
  });
  await torpedo.invoke('campaigns:send', { id });
  const sandbox = await demoSandbox(torpedo);
  await expect.poll(async () => (await sandbox.ledger()).messages.length, { timeout: 30_000 }).toBe(5);
  await sandbox.advanceClock(3 * 60 * 60 * 1000);
  // A block list, so Settings › Sending rules shows its table.
  const opened = await torpedo.invoke('import:open', {
    fileName: 'nao-me-ligue.txt',
    data: new TextEncoder().encode('11987650001\n11987650002\n'),
    purpose: 'numbers',
  });
  await torpedo.invoke('import:plan', {
    importId: opened.importId,
    mapping: opened.preview.mapping,
    defaultCountry: 'BR',
    acceptNineDigitFix: true,
    locale: 'pt-BR',
  });
  await torpedo.invoke('import:block', { importId: opened.importId, list: { kind: 'procon-sp' } });
  return { campaignId: id };
}

const PAGES = (campaignId: string) => [
  '/overview',
  '/contacts',
  '/contacts/lists',
  '/contacts/opt-outs',
  '/contacts/segments',
  '/contacts/requests',
  '/campaigns',
  `/campaigns/${campaignId}`,
  `/campaigns/${campaignId}/report`,
  '/history',
  '/links',
  '/inbox',
  '/templates',
  '/templates/gallery',
  '/automations',
  '/credits',
  '/credits/invoices',
  '/settings/account',
  '/settings/webhook',
  '/settings/auto-recharge',
  '/settings/rules',
  '/settings/server',
  '/settings/privacy',
  '/settings/about',
];

for (const scheme of ['light', 'dark'] as const) {
  test(`axe-core finds no serious or critical violation on any page (${scheme})`, async ({
    page,
    torpedo,
  }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await torpedo.expectSignInScreen();
    const findings = await scan(page, '/signin');
    await torpedo.signInDemo();
    const { campaignId } = await withData(torpedo);
    const draft = await torpedo.invoke('campaigns:create', { name: 'Rascunho' });
    for (const path of [...PAGES(campaignId), `/campaigns/${draft.id}/edit`]) {
      await page.goto(`${torpedo.pageUrl}#${path}`);
      // The page drawn: a section title, or the contacts page's table (it has no h2 once it has contacts).
      await expect(page.locator('main :is(h2, table, [role="grid"])').first()).toBeVisible({
        timeout: 20_000,
      });
      await page.waitForLoadState('networkidle');
      findings.push(...(await scan(page, path)));
    }
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
  });
}

test('the keyboard reaches every page, a new campaign and the contact search, and the QR dialog passes axe', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  // The contacts page shows its search once there is someone to find.
  await torpedo.invoke('contacts:create', { name: 'Maria', phone: '+5511950000001' });
  const press = (key: string) => page.keyboard.press(`Control+${key}`);
  const pages: [string, RegExp, string][] = [
    ['2', /#\/contacts$/, 'Contatos'],
    ['3', /#\/campaigns$/, 'Campanhas'],
    ['4', /#\/history$/, 'Envios'],
    ['5', /#\/links$/, 'Links'],
    ['6', /#\/credits$/, 'Créditos'],
    ['7', /#\/credits\/invoices$/, 'Faturas'],
    ['8', /#\/settings\/account$/, 'Configurações'],
    ['9', /#\/templates$/, 'Modelos de mensagem'],
    ['1', /#\/overview$/, 'Visão geral'],
  ];
  for (const [key, url, title] of pages) {
    await press(key);
    await expect(page).toHaveURL(url);
    await expect(page.locator('h1')).toHaveText(title);
  }
  await press('f');
  await expect(page).toHaveURL(/#\/contacts$/);
  await expect(page.getByTestId('contacts-search').locator('input')).toBeFocused();
  await press('n');
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);

  // The QR dialog, open: its title is a real heading, and nothing serious is found in it either.
  await torpedo.invoke('links:create', { url: 'https://padaria.example/' });
  await press('5');
  await page.getByTestId('link-qr').click();
  await expect(page.getByTestId('qr-dialog').getByRole('heading', { level: 2 })).toBeVisible();
  expect(await scan(page, 'QR dialog')).toEqual([]);
});
