import { expect, journey } from './journey';

/**
 * A birthday automation: the owner has a saved message with a fallback,
 * gives a customer a birthday in the contact drawer, makes the automation
 * on the Automações page (09:00 on each customer's clock, to everyone),
 * reads its cost ahead, and sees tomorrow's birthdays prepared at once but
 * kept in the outbox until 09:00 (nothing at the service, nothing charged:
 * the last moment decides who gets them). That night Bruno opts out; at
 * 09:00 (the core's clock moved on) only Ana's greeting goes: read in the
 * sandbox's ledger, where the R$ the log shows also left the balance.
 * Portuguese (Brazil), light.
 */
// The core's clock runs with the machine's until the journey moves it on to 09:00 tomorrow.
journey.use({ language: 'pt-BR', theme: 'light', clockAhead: 1 });

/** Tomorrow on Brasília time: `{ key: 'AAAA-MM-DD', text: 'DD/MM/AAAA', day, month }`. */
function tomorrow() {
  const key = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    Date.now() + 86_400_000,
  );
  const [year, month, day] = key.split('-').map(Number);
  return { key, text: `${key.slice(8, 10)}/${key.slice(5, 7)}/${year}`, day: day!, month: month! };
}

journey(
  'a birthday automation from a template: prepared the day before, checked at 09:00, only who may receive it gets it',
  async ({ page, torpedo, owner }) => {
    // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
    journey.setTimeout(150_000);
    const day = tomorrow();
    const nine = new Date(`${day.key}T09:00:00-03:00`).toISOString();

    await owner.step('a customer’s birthday, given in the contact drawer', async () => {
      await torpedo.signInDemo();
      await torpedo.invoke('templates:create', {
        name: 'Parabéns',
        text: 'Feliz aniversário, {{primeiro_nome|cliente}}! Hoje você ganha 10% na Loja Maria.',
      });
      await torpedo.invoke('contacts:create', {
        name: 'Ana Souza',
        phone: '11 98765-0001',
        birthday: { day: day.day, month: day.month, year: 1990 },
      });
      await torpedo.invoke('contacts:create', { name: 'Bruno Lima', phone: '11 98765-0002' });
      await page.getByTestId('nav-contacts').click();
      const bruno = page.getByTestId('contact-row').filter({ hasText: 'Bruno Lima' });
      await bruno.getByTestId('contact-open').click();
      // The year is not known: day and month are enough.
      await page.getByTestId('contact-birthday').locator('input').fill(day.text.slice(0, 5));
      await owner.shot('birthday in the drawer');
      await page.getByTestId('contact-save').click();
      await expect(page.getByTestId('contact-drawer')).toBeHidden();
      const saved = (await torpedo.invoke('contacts:search', { query: 'Bruno', offset: 0, limit: 5 }))
        .rows[0]!;
      expect(saved.birthday).toEqual({ day: day.day, month: day.month, year: null });
    });

    await owner.step('the automation, from the template', async () => {
      await page.getByTestId('nav-automations').click();
      await expect(page.getByTestId('automations-empty')).toBeVisible();
      await page.getByTestId('automation-new').click();
      const form = page.getByTestId('automation-form');
      await expect(form.getByTestId('automation-at').locator('input')).toHaveValue('09:00');
      await form.getByTestId('automation-template').click();
      await page.locator('.n-base-select-option').filter({ hasText: 'Parabéns' }).click();
      await owner.shot('the form');
      await form.getByTestId('automation-save').click();
      await expect(form).toBeHidden();
      const row = page.getByTestId('automation-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Aniversários');
      await expect(row).toContainText('No dia do aniversário, às 09:00');
      await expect(row).toContainText('Todos os contatos');
      await expect(row.getByTestId('automation-next')).toHaveText(`${day.text} às 09:00`);
      await expect(row).toContainText('para 2 pessoas');
    });

    await owner.step(
      'prepared at once, kept here until 09:00: nothing at the service, nothing charged',
      async () => {
        // The app prepares what is due within 36 hours by itself: tomorrow's birthdays.
        const row = page.getByTestId('automation-row');
        await expect(row).toContainText('já preparado: sai no horário, conferido na hora', {
          timeout: 15_000,
        });
        const read = await owner.ledger();
        expect(read.messages).toEqual([]);
        expect(read.spent).toBe(0);
        // Not paid yet: the forecast still counts them as to pay.
        await expect(page.getByTestId('automations-forecast')).not.toContainText('Nada mais a pagar');
        await page.getByTestId('automation-row').getByRole('link', { name: 'Aniversários' }).click();
        const occurrence = page.getByTestId('automation-log-row');
        await expect(occurrence.getByTestId('occurrence-state')).toHaveText('Agendado');
        await expect(occurrence.getByTestId('occurrence-queued-hint')).toContainText(
          'cada número é conferido (quem pediu para sair ou foi bloqueado fica de fora) e cobrado nessa hora',
        );
        await owner.shot('prepared, not sent');
      },
    );

    await owner.step('that night Bruno answers SAIR', async () => {
      // The reply reaches Torpedo (Torpedo Server, issue 33) as an opt-out of his number.
      await torpedo.invoke('optOuts:add', { phones: ['+5511987650002'] });
    });

    const ledger = await owner.step('09:00: only Ana’s greeting goes', async () => {
      torpedo.moveClockTo(Date.parse(nine));
      await expect.poll(async () => (await owner.ledger()).messages.length, { timeout: 30_000 }).toBe(1);
      const read = await owner.ledger();
      expect(read.messages.map((m) => [m.phone, m.message])).toEqual([
        ['+5511987650001', 'Feliz aniversário, Ana! Hoje você ganha 10% na Loja Maria.'],
      ]);
      expect(read.to('+5511987650002')).toEqual([]);
      return read;
    });

    await owner.step('the log: handed over, to whom, and what it cost', async () => {
      await page.reload();
      const occurrence = page.getByTestId('automation-log-row');
      await expect(occurrence).toHaveCount(1);
      await expect(occurrence).toHaveAttribute('data-date', day.key);
      await expect(occurrence.getByTestId('occurrence-state')).toHaveText('Entregue ao SMSGo', {
        timeout: 20_000,
      });
      await expect(occurrence).toContainText(`${day.text} 09:00`);
      // What the log says it cost is what left the balance: one greeting, not two.
      await expect(occurrence.getByTestId('occurrence-cost')).toHaveText(owner.money(ledger.spent));
      await owner.shot('handed over');
    });
  },
);
