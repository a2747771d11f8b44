/**
 * Issue 26 in the window, composer and contact side: a contact's consent and
 * own clock set in the drawer; a campaign's composer saying, in the owner's
 * words, who the Procon-SP list leaves out, what the rules move and when the
 * first and last message go out on the customers' clocks; the business's
 * name in front of the preview. The real core behind the built page.
 */
import type { Page } from '@playwright/test';
import { holidayOn } from '@shared/rules/holidays';
import { expect, test } from './harness/fixtures';

/**
 * A Sunday at least two days ahead whose Monday is a working day: the campaign is scheduled for
 * it ("at 10:00") and the rules move it to Monday 09:00. Worked out from today, so the spec does
 * not expire.
 */
function comingSunday(): { sunday: string; monday: string } {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  for (;;) {
    day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7));
    const monday = new Date(day);
    monday.setUTCDate(day.getUTCDate() + 1);
    const key = (d: Date) => d.toISOString().slice(0, 10);
    if (!holidayOn(key(monday))) return { sunday: key(day), monday: key(monday) };
    day.setUTCDate(day.getUTCDate() + 1);
  }
}
const COMING = comingSunday();
const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
/** How the confirmation writes the schedule's wall time, e.g. 'domingo, 6 de dezembro de 2026 às 10:00'. */
const SUNDAY_TEN = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'UTC',
}).format(new Date(`${COMING.sunday}T10:00:00Z`));

// These tests are about the rules as a new data folder has them (Sundays closed).
test.use({ sendingRules: 'defaults' });

const row = (page: Page, name: string) => page.getByTestId('contact-row').filter({ hasText: name });

test('consent and clock in the drawer; the rules in the composer, on each customer’s clock', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await torpedo.invoke('rules:set', { prefix: 'Loja Maria:' });
  const ana = await torpedo.invoke('contacts:create', { name: 'Ana', phone: '11 98888-0001', email: null });
  const beto = await torpedo.invoke('contacts:create', { name: 'Beto', phone: '68 98888-0002', email: null });
  const davi = await torpedo.invoke('contacts:create', { name: 'Davi', phone: '81 98888-0003', email: null });
  // Ana's number is on Procon-SP's "Não Me Ligue" list.
  const opened = await torpedo.invoke('import:open', {
    fileName: 'nao-me-ligue.txt',
    data: new TextEncoder().encode('11988880001\n'),
    purpose: 'numbers',
  });
  await torpedo.invoke('import:plan', {
    importId: opened.importId,
    mapping: opened.preview.mapping,
    acceptNineDigitFix: false,
  });
  await torpedo.invoke('import:block', { importId: opened.importId, list: { kind: 'procon-sp' } });

  // Davi (DDD 81) lives on Fernando de Noronha and gave his consent at the shop.
  await page.getByTestId('nav-contacts').click();
  await row(page, 'Davi').click();
  const drawer = page.getByTestId('contact-drawer');
  await expect(drawer.getByTestId('contact-clock')).toBeVisible();
  await drawer.getByTestId('contact-consent-consent').click();
  await drawer.getByTestId('contact-consent-source').locator('input').fill('ficha da loja');
  await drawer.getByTestId('contact-consent-at').locator('input').fill('15/03/2026');
  await drawer.getByTestId('contact-clock-other').click();
  await drawer.getByTestId('contact-save').click();
  await expect(drawer).toBeHidden();
  expect((await torpedo.invoke('contacts:get', { id: davi.id })).consent).toEqual({
    basis: 'consent',
    source: 'ficha da loja',
    at: '2026-03-15',
  });
  // Beto (DDD 68) has one clock: nothing to choose.
  await row(page, 'Beto').click();
  await expect(drawer.getByTestId('contact-consent-none').locator('input')).toBeChecked();
  await expect(drawer.getByTestId('contact-clock')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A campaign "at 10:00" on a Sunday: Sundays are closed, so each goes Monday 09:00 on its own clock.
  const draft = await torpedo.invoke('campaigns:create', { name: 'Domingo' });
  await torpedo.invoke('campaigns:saveDraft', {
    id: draft.id,
    template: 'Oi {{nome}}, promoção!',
    audience: { listIds: [], contactIds: [ana.id, beto.id, davi.id], segmentIds: [] },
    options: { scheduleAt: `${COMING.sunday}T10:00` },
  });
  await page.goto(`${torpedo.pageUrl}#/campaigns/${draft.id}/edit`);
  await expect(page.getByTestId('audience-rule-blocked-procon-sp')).toHaveText('1 bloqueado pelo Procon-SP');
  await expect(page.getByTestId('audience-recipients').locator('dd')).toHaveText('2');
  await expect(page.getByTestId('estimate-moved')).toHaveText('2 vão mais tarde: num domingo');
  // The same minute on two clocks: one sentence, not a range "from 09:00 to 09:00".
  await expect(page.getByTestId('estimate-times')).toHaveText(
    `Todas saem seg., ${dayMonth(COMING.monday)}, 09:00 no relógio de cada cliente ` +
      '(do Horário de Fernando de Noronha ao Horário do Acre).',
  );
  await expect(page.getByTestId('preview-text')).toHaveText(/^Loja Maria: Oi (Beto|Davi), promoção!$/);
  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('confirm-when')).toHaveText(`${SUNDAY_TEN}, no horário de cada cliente`);
  await expect(page.getByTestId('confirm-rules')).toHaveText(
    'Regras de envio: 1 bloqueado fica de fora; 2 vão mais tarde.',
  );
});

test('an import whose customers all gave consent records it on each, and a segment that requires consent takes them', async ({
  page,
  torpedo,
}) => {
  await torpedo.signInDemo();
  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-file').setInputFiles({
    name: 'clientes-loja.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('nome;telefone\nAna;11988880001\nBeto;68988880002\n'),
  });
  await expect(page.getByTestId('import-preview')).toContainText('Beto');
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-consent-consent').click();
  await expect(page.getByTestId('import-consent-source').locator('input')).toHaveValue(
    'planilha clientes-loja.csv',
  );
  await page.getByTestId('import-consent-at').locator('input').fill('01/11/2026');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('2');

  const { rows } = await torpedo.invoke('contacts:search', { limit: 10 });
  expect(rows.map((r) => [r.name, r.consent])).toEqual([
    ['Ana', { basis: 'consent', source: 'planilha clientes-loja.csv', at: '2026-11-01' }],
    ['Beto', { basis: 'consent', source: 'planilha clientes-loja.csv', at: '2026-11-01' }],
  ]);
  const definition = await torpedo.invoke('segments:read', { where: ['consentimento = sim'] });
  expect((await torpedo.invoke('segments:count', definition)).contacts).toBe(2);
});
