import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, journey } from './journey';

/**
 * A new shop owner's first campaign, in the demo, as the first steps lead:
 * import a messy sheet (a landline, a repeated row, broken numbers, an old
 * mobile), write a message with merge fields and a tracked link, send a test,
 * send, watch the delivery, read the report (delivery and clicks) and the
 * overview. Every figure is held to the sandbox's ledger. pt-BR, light.
 */
journey.use({ language: 'pt-BR', theme: 'light' });

const SHEET = join(resolve(import.meta.dirname, '../../..'), 'test/fixtures/journeys/planilha-baguncada.csv');
const OFFER = 'https://padaria.example/ofertas/pao-de-queijo-em-dobro?origem=sms';
const TEMPLATE = `Oi {{primeiro_nome}}! Pão de queijo em dobro hoje em {{cidade|sua cidade}}: ${OFFER}`;
/** Good numbers of the sheet (with the old mobile given its 9), in the order the campaign sends: by name. */
const CUSTOMERS = [
  { name: 'Ana Souza', phone: '+5511987654321' },
  { name: 'BRUNO LIMA', phone: '+5511987654322' },
  { name: 'Carla Dias', phone: '+5521998765432' },
  { name: 'Diego Alves', phone: '+5521988776655' },
  { name: 'Helena Prado', phone: '+5585987654321' },
  { name: 'Igor Castro', phone: '+5531991234567' },
];

const figure = (page: Page, id: string) => page.getByTestId(id).locator('dd');
const tile = (page: Page, key: string) => page.getByTestId(`import-count-${key}`).locator('dd');
const summary = (scope: Page | Locator, key: string) =>
  scope.getByTestId(`summary-${key}`).locator('.summary__value');

journey(
  'first run: demo, first steps, import, tracked message, test, send, delivery, report, overview',
  async ({ page, torpedo, owner }) => {
    journey.setTimeout(150_000);

    await owner.step('the demo opens on the first steps', async () => {
      await torpedo.signInDemo();
      await expect(page.getByTestId('first-run-progress')).toHaveText('0 de 4 passos concluídos');
      await expect(page.getByTestId('header-balance')).toHaveText(
        owner.money((await owner.ledger()).balance),
      );
    });

    await owner.step('Importar opens the import itself', async () => {
      await page.getByTestId('first-run-import-go').click();
      await expect(page.getByTestId('import-wizard')).toBeVisible();
      await page.getByTestId('import-file').setInputFiles(SHEET);
      await expect(page.getByTestId('import-preview')).toContainText('BRUNO LIMA');
      await page.getByTestId('import-next').click();
    });

    await owner.step('the review says what goes in, what stays out and why', async () => {
      await page.getByTestId('import-next').click();
      await expect(tile(page, 'read')).toHaveText('10');
      // Six good numbers (the old mobile gets its 9); the landline is one of the three refused.
      await expect(tile(page, 'new')).toHaveText('6');
      await expect(tile(page, 'duplicates')).toHaveText('1');
      await expect(tile(page, 'invalid')).toHaveText('3');
      const refused = page.getByTestId('import-rejected');
      await expect(refused).toContainText('Escritório Central');
      await expect(refused).toContainText('é fixo, não celular: não recebe SMS');
      // Which of the two "Ana Souza" rows is left out.
      await expect(page.getByTestId('import-repeated')).toContainText(
        'Mesmo telefone da linha 2: esta linha fica de fora, entra a da linha 2.',
      );
      await expect(page.getByTestId('import-repeated')).toContainText('6');
      await page.getByTestId('import-list').click();
      await page.locator('.n-base-select-option').filter({ hasText: 'Nova lista…' }).click();
      await page.getByTestId('import-list-new-name').locator('input').fill('Clientes');
    });

    await owner.step('imported, and the refused rows saved with their reasons', async () => {
      await page.getByTestId('import-start').click();
      await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('6');
      await page.getByTestId('import-save-errors').click();
      await expect(page.getByTestId('import-errors-saved')).toBeVisible();
      const saved = new TextDecoder().decode(torpedo.host.savedBinaryFiles.at(-1)!.bytes);
      expect(saved).toContain('Escritório Central;(11) 3333-4444;São Paulo;;');
      expect(saved).toContain('é fixo, não celular: não recebe SMS');
      await page.getByTestId('import-done').click();
      // Nobody on the page is a landline: everyone receives messages.
      await expect(page.getByTestId('contact-receives')).toHaveCount(6);
    });

    const draftUrl = await owner.step('the composer opens with the name to type', async () => {
      await page.getByTestId('nav-overview').click();
      await expect(page.getByTestId('first-run-progress')).toHaveText('1 de 4 passos concluídos');
      await page.getByTestId('first-run-compose-go').click();
      await expect(page.getByTestId('composer-name').locator('input')).toBeFocused();
      return page.url();
    });

    const segments = await owner.step(
      'a tracked link and merge fields, with the short link in the bubble',
      async () => {
        await page.keyboard.type('Pão de queijo');
        await page.getByTestId('composer-lists').click();
        await page.locator('.n-base-select-option').filter({ hasText: 'Clientes' }).click();
        await page.keyboard.press('Escape');
        await expect(figure(page, 'audience-recipients')).toHaveText('6');
        await page.getByTestId('composer-template').locator('textarea').fill(TEMPLATE);
        await page.getByTestId('composer-links-track').click();
        await expect(page.getByTestId('composer-save-state')).toHaveAttribute('data-state', 'saved');
        const bubble = page.getByTestId('preview-text');
        await expect(bubble).toContainText('Oi Ana! Pão de queijo em dobro hoje em São Paulo:');
        // What the customer gets: the short link (labelled, as long as it will be), not the long address.
        await expect(bubble).not.toContainText('padaria.example');
        await expect(bubble.getByTestId('short-link-chip')).toHaveText(/^link curto · \d+ caracteres$/);
        const perMessage = Number(
          /^(\d+) SMS/.exec(
            (await page.getByTestId('composer-preview').getByTestId('segment-count').textContent())!,
          )![1],
        );
        return perMessage;
      },
    );

    await owner.step('the test goes to a mobile, not to a landline', async () => {
      await page.getByTestId('composer-test-open').click();
      const dialog = page.getByTestId('test-send-dialog');
      await expect(dialog.getByTestId('short-link-chip')).toBeVisible();
      await expect(page.getByTestId('test-send-text')).not.toContainText('padaria.example');
      await page.getByTestId('test-send-phone').locator('input').fill('(11) 3333-4444');
      await page.getByTestId('test-send-go').click();
      await expect(page.getByTestId('test-send-error')).toHaveText(
        'Este número é de telefone fixo: não recebe SMS. Use o celular.',
      );
      expect((await owner.ledger()).messages).toHaveLength(0);
      await page.getByTestId('test-send-phone').locator('input').fill('(11) 91234-5678');
      await page.getByTestId('test-send-go').click();
      await expect(page.getByTestId('test-send-done')).toHaveText(
        `Teste enviado para (11) 91234-5678 (${segments} SMS).`,
      );
      const ledger = await owner.ledger();
      expect(ledger.testMessages).toHaveLength(1);
      // It went out with the short link, as the bubble said.
      expect(ledger.testMessages[0]!.message).not.toContain('padaria.example');
      expect(ledger.testMessages[0]!.message).toMatch(
        /^Oi Ana! Pão de queijo em dobro hoje em São Paulo: http/,
      );
      await expect(page.getByTestId('header-balance')).toHaveText(owner.money(ledger.balance));
    });

    await owner.step('send: it goes, after a test send with tracking', async () => {
      await page.keyboard.press('Escape');
      await page.getByTestId('composer-send').click();
      const confirm = page.getByTestId('composer-send-summary');
      await expect(confirm.getByTestId('confirm-recipients')).toHaveText('6');
      await expect(confirm.getByTestId('confirm-segments')).toHaveText(String(6 * segments));
      await expect(confirm.getByTestId('confirm-cost')).toHaveText(owner.money(6 * segments * 0.09));
      await page.getByTestId('composer-send-confirm').click();
      // Before the fix: "CHECK constraint failed: position >= 0", and the campaign stayed a draft.
      await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
      expect(page.url()).not.toBe(draftUrl);
      await expect.poll(async () => (await owner.ledger()).campaignMessages.length).toBe(6);
      const ledger = await owner.ledger();
      expect(ledger.campaignMessages.map((m) => m.phone).sort()).toEqual(
        CUSTOMERS.map((c) => c.phone).sort(),
      );
      // Every message carries the one short link the test made, and each its own first name and city.
      const short = /http\S+/.exec(ledger.testMessages[0]!.message)![0];
      for (const m of ledger.campaignMessages) expect(m.message).toContain(short);
      expect(ledger.to('+5511987654322')[0]!.message).toMatch(/^Oi BRUNO! .* em Recife: http/);
      await expect(page.getByTestId('campaign-progress-messages')).toHaveText('6 de 6 mensagens enviadas');
      const campaignSend = ledger.sends.at(-1)!;
      await expect(page.getByTestId('campaign-cost')).toHaveText(owner.money(campaignSend.debited));
      await expect(page.getByTestId('campaign-charged-segments')).toHaveText(String(campaignSend.segments));
      await expect(page.getByTestId('header-balance')).toHaveText(owner.money(ledger.balance));
    });

    await owner.step('delivery as it happens, on the sandbox clock', async () => {
      const delivery = page.getByTestId('campaign-delivery');
      await owner.advance(10_000);
      const ledger = await owner.ledger();
      expect(ledger.inProgress).toBe(0);
      await expect(summary(delivery, 'delivered')).toHaveText(String(ledger.delivered), { timeout: 20_000 });
      await expect(summary(delivery, 'failed')).toHaveText(String(ledger.failed));
      await expect(summary(delivery, 'inProgress')).toHaveText('0');
    });

    await owner.step('the report: delivery, and the clicks on the short link', async () => {
      const ledger = await owner.ledger();
      const short = /http\S+/.exec(ledger.testMessages[0]!.message)![0];
      const sandbox = await owner.sandbox();
      // Ana opens the offer twice; the sandbox's own count of the link's clicks is the truth.
      const { clicks } = await sandbox.clicks({ shortUrl: short }, 2, CUSTOMERS[0]!.phone);
      await page.getByTestId('campaign-report-link').click();
      await expect(summary(page, 'delivered')).toHaveText(String(ledger.delivered));
      await expect(summary(page, 'failed')).toHaveText(String(ledger.failed));
      await expect(page.getByTestId('report-cost')).toContainText(owner.money(ledger.sends.at(-1)!.debited));
      await expect(page.getByTestId('campaign-clicks-total')).toHaveText(String(clicks));
      // Each number's row has its clicks too.
      await expect(page.getByTestId(`number-${CUSTOMERS[0]!.phone}`)).toContainText(/2$/);
      await expect(page.getByTestId(`number-${CUSTOMERS[1]!.phone}`)).toContainText(/0$/);
    });

    await owner.step('the overview: what was sent, delivered, clicked and spent', async () => {
      const ledger = await owner.ledger();
      await page.getByTestId('nav-overview').click();
      await expect(page.getByTestId('first-run')).toHaveCount(0);
      const row = page.getByTestId('recent-campaign');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Pão de queijo');
      await expect(row.getByTestId('recent-spent')).toHaveText(owner.money(ledger.sends.at(-1)!.debited));
      await expect(row.getByTestId('recent-sent')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
      await expect(figure(page, 'period-messages').first()).toHaveText('6');
      // Spend is everything that left the balance: the test message too, said beside the messages.
      await expect(page.getByTestId('period-messages-note')).toHaveText('+ 1 de teste (no gasto)');
      await expect(figure(page, 'period-spend')).toHaveText(owner.money(ledger.spent));
      await expect(page.getByTestId('header-balance')).toHaveText(owner.money(ledger.balance));
    });
  },
);
