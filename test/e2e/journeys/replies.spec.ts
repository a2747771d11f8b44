import type { Page } from '@playwright/test';
import { expect, journey } from './journey';

/**
 * Issue 33's path: the owner connects this computer to the shop's Torpedo
 * Server (Configurações › Servidor: its address and the code it printed,
 * what changes said before the click); a campaign goes to three customers,
 * ending with the way to stop (" Para sair, responda SAIR.", on by itself
 * now that replies are read); the deliveries arrive as the service pushes
 * them; Ana asks a question and Bruno answers "Sair"; Respostas shows Ana's
 * question with the campaign it answers, and the owner answers her (the
 * cost shown is what left the balance); Bruno's drawer says he asked to
 * leave, in his words; the next campaign leaves him out, and the sandbox's
 * ledger agrees. Portuguese (Brazil), dark.
 *
 * Everything real: the server is its own process on its own embedded
 * Postgres; the sandbox signs its events and posts them to the server's
 * hook; the app reads them from the server in the background.
 */
journey.use({ language: 'pt-BR', theme: 'dark' });

const ANA = { name: 'Ana Souza', phone: '+5511987651001' };
const BRUNO = { name: 'Bruno Lima', phone: '+5511987651002' };
const CARLA = { name: 'Carla Dias', phone: '+5521987651003' };
const STOP_LINE = ' Para sair, responda SAIR.';
const QUESTION = 'Tem no tamanho M?';
const ANSWER = 'Temos sim, Ana! Separamos uma para você.';

const row = (page: Page, name: string) => page.getByTestId('inbox-row').filter({ hasText: name });

async function sendCampaign(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('nav-campaigns').click();
  await page.keyboard.press('Control+n');
  await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
  await page.getByTestId('composer-name').locator('input').fill(name);
  await page.getByTestId('composer-lists').click();
  await page.locator('.n-base-select-option').filter({ hasText: 'Clientes' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('composer-template').locator('textarea').fill(text);
}

journey(
  'replies: a Torpedo Server connected, a campaign, a question answered from Respostas, a SAIR that keeps the next campaign from that number',
  async ({ page, torpedo, owner, torpedoServer }) => {
    // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
    journey.setTimeout(150_000);
    const server = await torpedoServer.start();

    await owner.step(
      'Configurações › Servidor: the address and the code, what changes said first',
      async () => {
        await torpedo.signInDemo();
        // What the journey is not about, set up as the window would.
        const list = await torpedo.invoke('lists:create', { name: 'Clientes' });
        for (const person of [ANA, BRUNO, CARLA])
          await torpedo.invoke('contacts:create', {
            name: person.name,
            phone: person.phone,
            listIds: [list.id],
          });

        await page.getByTestId('nav-settings').click();
        await page.getByTestId('settings-server-tab').click();
        await expect(page).toHaveURL(/#\/settings\/server$/);
        await expect(page.getByTestId('server-intro')).toContainText('quem responde SAIR deixa de receber');
        await page.getByTestId('server-url-input').locator('input').fill(server.url);
        await page.getByTestId('server-code-input').locator('input').fill(server.pairingCode);
        await page.getByTestId('server-connect').click();
        // Before anything changes, the owner reads what will.
        await expect(page.getByTestId('server-connect-sentence')).toContainText(
          'Os eventos da sua conta (respostas, entregas e cliques) passam a ir para este servidor',
        );
        await owner.shot('what changes, before the click');
        await page.getByTestId('server-connect-confirm').click();
        await expect(page.getByTestId('server-connected')).toBeVisible();
        await expect(page.getByTestId('server-url')).toContainText(server.url);
        const hook = (await page.getByTestId('server-hook-url').textContent())!.trim();
        expect(hook).toMatch(new RegExp(`^${server.url.replace(/[.]/g, '\\.')}/hooks/smsgo/\\w+$`));
        // The service's own word: its webhook is the server's hook now.
        expect((await torpedo.invoke('account:webhook')).url).toBe(hook);
      },
    );

    await owner.step('a campaign to three customers, ending with the way to stop', async () => {
      await sendCampaign(page, 'Coleção de verão', 'Chegou a coleção de verão! Venha conferir.');
      await expect(page.getByTestId('preview-text')).toContainText(
        `Chegou a coleção de verão! Venha conferir.${STOP_LINE}`,
      );
      await expect(page.getByTestId('preview-suffix-unheard')).toHaveCount(0);
      await page.getByTestId('composer-send').click();
      await expect(page.getByTestId('composer-send-summary').getByTestId('confirm-recipients')).toHaveText(
        '3',
      );
      await page.getByTestId('composer-send-confirm').click();
      await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
      await expect.poll(async () => (await owner.ledger()).campaignMessages.length).toBe(3);
      const ledger = await owner.ledger();
      for (const m of ledger.campaignMessages) expect(m.message.endsWith(STOP_LINE)).toBe(true);
      await expect(page.getByTestId('campaign-cost')).toHaveText(owner.money(ledger.sends.at(-1)!.debited));
    });

    await owner.step('the deliveries, as the service pushes them to the server', async () => {
      await owner.advance(10_000);
      const ledger = await owner.ledger();
      expect(ledger.delivered).toBe(3);
      await expect(
        page.getByTestId('campaign-delivery').getByTestId('summary-delivered').locator('.summary__value'),
      ).toHaveText('3', { timeout: 20_000 });
    });

    await owner.step('Ana asks a question, Bruno answers “Sair”: Respostas counts them', async () => {
      const sandbox = await owner.sandbox();
      for (const [who, text] of [
        [ANA, QUESTION],
        [BRUNO, 'Sair'],
      ] as const) {
        const posted = await sandbox.reply(who.phone, text);
        // The server took each one (a 2xx to the service): from here it keeps them until read.
        expect(posted.delivered).toBe(true);
      }
      // The app reads the server in the background, within seconds.
      await expect(page.getByTestId('nav-inbox-unread')).toContainText('2 conversas não lidas', {
        timeout: 20_000,
      });
    });

    await owner.step('Respostas: Ana’s question with its campaign; the owner answers her', async () => {
      await page.getByTestId('nav-inbox').click();
      await expect(page.getByTestId('inbox-row')).toHaveCount(2);
      await expect(row(page, ANA.name).getByTestId('inbox-row-text')).toHaveText(QUESTION);
      await expect(row(page, ANA.name).getByTestId('inbox-row-origin')).toContainText('Coleção de verão');
      await expect(row(page, BRUNO.name).getByTestId('inbox-row-opted-out')).toBeVisible();
      await row(page, ANA.name).click();
      const conversation = page.getByTestId('inbox-conversation');
      await expect(conversation.getByTestId('inbox-conversation-who')).toContainText(ANA.name);
      // Both ways, oldest first: the campaign's message as it left, then her question.
      const messages = conversation.getByTestId('inbox-message');
      await expect(messages).toHaveCount(2);
      await expect(messages.nth(0)).toContainText(`Chegou a coleção de verão! Venha conferir.${STOP_LINE}`);
      await expect(messages.nth(1)).toContainText(QUESTION);

      await conversation.locator('textarea').fill(ANSWER);
      await expect(page.getByTestId('inbox-reply-estimate')).toContainText('Sai como 1 SMS', {
        timeout: 10_000,
      });
      await page.getByTestId('inbox-reply-send').click();
      await expect(page.getByTestId('inbox-reply-confirm-body')).toContainText(owner.money(0.09));
      await owner.shot('the reply, its cost before it goes');
      await page.getByTestId('inbox-reply-confirm').click();
      await expect.poll(async () => (await owner.ledger()).to(ANA.phone).length).toBe(2);
      const ledger = await owner.ledger();
      const sent = ledger.to(ANA.phone).at(-1)!;
      // One to one: no stop line under a conversation, what it cost is what left the balance.
      expect(sent.message).toBe(ANSWER);
      expect(sent.cost).toBe(0.09);
      await expect(messages).toHaveCount(3);
      await expect(messages.nth(2)).toContainText(ANSWER);
      await expect(page.getByTestId('header-balance')).toHaveText(owner.money(ledger.balance));
    });

    await owner.step('Bruno asked to leave: his words in Respostas and in his drawer', async () => {
      await row(page, BRUNO.name).click();
      await expect(page.getByTestId('inbox-message-opt-out')).toBeVisible();
      await page.getByTestId('nav-contacts').click();
      await page.getByTestId('contact-row').filter({ hasText: BRUNO.name }).click();
      const drawer = page.getByTestId('contact-drawer');
      await expect(drawer.getByTestId('contact-opt-out-record')).toContainText('respondeu “Sair” a um SMS');
      await expect(drawer.getByTestId('contact-opt-out-conversation')).toBeVisible();
      await owner.shot('his drawer');
      await page.keyboard.press('Escape');
    });

    await owner.step('the next campaign leaves Bruno out, at the service too', async () => {
      const before = (await owner.ledger()).campaignMessages.length;
      await sendCampaign(page, 'Liquida de verão', 'Liquida de verão: 30% em tudo até sábado.');
      await page.getByTestId('composer-send').click();
      await expect(page.getByTestId('composer-send-summary').getByTestId('confirm-recipients')).toHaveText(
        '2',
      );
      await page.getByTestId('composer-send-confirm').click();
      await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
      await expect.poll(async () => (await owner.ledger()).campaignMessages.length).toBe(before + 2);
      const ledger = await owner.ledger();
      const second = ledger.campaignMessages.slice(before).map((m) => m.phone);
      expect(second.sort()).toEqual([ANA.phone, CARLA.phone].sort());
      expect(ledger.to(BRUNO.phone)).toHaveLength(1);
      await expect(page.getByTestId('campaign-progress-messages')).toHaveText('2 de 2 mensagens enviadas');
      await expect(page.getByTestId('campaign-cost')).toHaveText(owner.money(ledger.sends.at(-1)!.debited));
    });
  },
);
