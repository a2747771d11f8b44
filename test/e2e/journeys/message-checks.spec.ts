import { expect, journey } from './journey';

/**
 * Every message checked before it goes (issue 37): the owner writes a
 * message that shouts, from nobody, with a bit.ly link and a name some
 * customers lack; the composer says each problem with what to do, and the
 * confirmation counts them (they warn, they do not stop the send). She turns
 * on the shop's name and "Como sair" in Configurações, rewrites the text,
 * and reads "Mensagem verificada" beside the general best-hour suggestion,
 * said as general. Sent: in the sandbox's ledger every message starts with
 * the shop's name and ends with the way out. Portuguese (Brazil), dark.
 */
journey.use({ language: 'pt-BR', theme: 'dark' });

const PEOPLE = [
  { name: 'Ana Souza', phone: '+5511960000001' },
  { name: '', phone: '+5511960000002' },
  { name: 'Bruno Lima', phone: '+5511960000003' },
];
const SHOUTING = 'PROMOÇÃO IMPERDÍVEL DE BANHO E TOSA, {{nome}}! CORRA: bit.ly/pet10';
const REWRITTEN = 'Oi {{primeiro_nome|cliente}}! Banho e tosa com 10% de desconto esta semana.';

journey(
  'message checks: warnings with what to do, fixed in the sending rules, checked, sent framed',
  async ({ page, torpedo, owner }) => {
    // Five steps on a shared two-core machine: a minute is not always enough.
    journey.setTimeout(150_000);
    const checks = page.getByTestId('compose-checks');
    let composer = '';

    await owner.step('a message that shouts, names no shop, and uses bit.ly', async () => {
      await torpedo.signInDemo();
      const list = await torpedo.invoke('lists:create', { name: 'Clientes' });
      for (const person of PEOPLE) await torpedo.invoke('contacts:create', { ...person, listIds: [list.id] });
      await page.getByTestId('nav-campaigns').click();
      await page.keyboard.press('Control+n');
      await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
      composer = new URL(page.url()).hash;
      await page.getByTestId('composer-name').locator('input').fill('Banho e tosa');
      await page.getByTestId('composer-lists').click();
      await page.locator('.n-base-select-option').filter({ hasText: 'Clientes' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('composer-template').locator('textarea').fill(SHOUTING);

      // Counted for these recipients once the draft is saved: one of the three has no name.
      await expect(checks.locator('li')).toHaveCount(5);
      await expect(checks.getByTestId('compose-check-noBusinessName')).toContainText(
        "Acrescente o nome da loja no começo da mensagem ou ligue a regra 'Nome da sua empresa'",
      );
      await expect(checks.getByTestId('compose-check-noWayToStop')).toContainText(
        "Termine com 'Para sair, responda SAIR.'",
      );
      await expect(checks.getByTestId('compose-check-otherShortener')).toContainText(
        'O link usa bit.ly, um encurtador público.',
      );
      await expect(checks.getByTestId('compose-check-allCapitals')).toContainText(
        'A mensagem está quase toda em maiúsculas.',
      );
      await expect(checks.getByTestId('compose-check-fieldWithoutFallback')).toContainText(
        '{{nome}} não tem texto reserva, e 1 destinatário não tem esse dado.',
      );
      await expect(checks).toContainText('São avisos: você ainda pode enviar.');
    });

    await owner.step('the confirmation counts the warnings; the owner goes back to fix them', async () => {
      await page.getByTestId('composer-send').click();
      await expect(page.getByTestId('confirm-checks')).toHaveText(
        'A mensagem tem 5 avisos (veja "Antes de enviar").',
      );
      await owner.shot('the confirmation');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('confirm-checks')).toHaveCount(0);
      // Nothing left: the confirmation was closed, not confirmed.
      expect((await owner.ledger()).campaignMessages).toHaveLength(0);
    });

    await owner.step('Configurações › Regras de envio: the shop’s name and “Como sair” on', async () => {
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-rules-tab').click();
      await page.getByTestId('rules-prefix').locator('input').fill('Pet Feliz:');
      await page.getByTestId('rules-how-to-stop').click();
      await expect(page.getByTestId('rules-how-to-stop')).toHaveAttribute('aria-checked', 'true');
      await page.getByTestId('rules-save').click();
      await expect(page.getByText('Regras de envio salvas.')).toBeVisible();
    });

    await owner.step(
      'rewritten: “Mensagem verificada”, and the general best hour said as general',
      async () => {
        await page.getByTestId('nav-campaigns').click();
        await page.getByRole('link', { name: 'Banho e tosa' }).click();
        await expect(page).toHaveURL(new RegExp(`${composer}$`));
        await page.getByTestId('composer-template').locator('textarea').fill(REWRITTEN);
        await expect(page.getByTestId('compose-checks-passed')).toHaveText('✓ Mensagem verificada');
        await expect(checks).toContainText(
          'Conferimos: o nome da loja, como sair, links de encurtadores, maiúsculas, tamanho (até 2 SMS), campos sem texto reserva.',
        );
        await expect(page.getByTestId('best-hour-text')).toHaveText('Sugestão geral: terça a quinta, 10:00');
        await expect(page.getByTestId('best-hour')).toContainText('orientação geral de mercado para SMS');
      },
    );

    await owner.step('sent: the shop’s name in front, the way out at the end', async () => {
      await page.getByTestId('composer-send').click();
      await expect(page.getByTestId('confirm-recipients')).toHaveText('3');
      await expect(page.getByTestId('confirm-checks')).toHaveCount(0);
      await page.getByTestId('composer-send-confirm').click();
      // Once the service has the three, its clock (not a sleep) makes them final.
      await expect.poll(async () => (await owner.ledger()).campaignMessages.length).toBe(3);
      await owner.advance(10_000);
      await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'completed', {
        timeout: 30_000,
      });
      const ledger = await owner.ledger();
      const tail = 'Banho e tosa com 10% de desconto esta semana. Para sair, responda SAIR.';
      expect(ledger.campaignMessages.map((m) => [m.phone, m.message]).sort()).toEqual([
        ['+5511960000001', `Pet Feliz: Oi Ana! ${tail}`],
        ['+5511960000002', `Pet Feliz: Oi cliente! ${tail}`],
        ['+5511960000003', `Pet Feliz: Oi Bruno! ${tail}`],
      ]);
    });
  },
);
