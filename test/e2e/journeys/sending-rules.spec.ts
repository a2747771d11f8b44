import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { holidayOn } from '@shared/rules/holidays';
import { expect, journey } from './journey';

/**
 * Issue 26's path: the owner keeps the default sending hours, puts the
 * shop's name in front of every message ("Loja Maria: ") and imports
 * Procon-SP's "Não Me Ligue" list, which holds one of her customers; then,
 * on a Saturday evening (the sending hours closed everywhere in Brazil),
 * sends a campaign to customers in São Paulo (DDD 11), Manaus (92) and Rio
 * Branco (68). Then issue 32's path, the last moment decides: the campaign
 * waits in the outbox ("Agendada" for Monday, nothing charged, nothing at the
 * service); on Sunday Procon-SP's list gains one customer (added to the
 * list, not replacing it) and another customer answers SAIR; on Monday at
 * 09:00 the batch leaves without them. In the sandbox's ledger the blocked
 * customers got nothing, the one who opted out got nothing, the text starts
 * with the name and Rio Branco's message waits at the service for 09:00 on
 * its own clock; the page and the report count the two taken out, and the
 * cost shown is what left the balance. Portuguese (Brazil), light.
 *
 * The clock: the core runs ahead to that Saturday, 20:00 UTC (17:00 in São
 * Paulo, 15:00 in Rio Branco), then is moved on to Monday 12:00 UTC (09:00
 * in São Paulo); the sandbox keeps real time.
 */

/** The next Saturday 20:00 UTC at least a day ahead whose Monday is a working day (not a holiday). */
function saturdayEvening(): { at: number; monday: string } {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 1);
  for (;;) {
    day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7));
    const monday = new Date(day);
    monday.setUTCDate(day.getUTCDate() + 2);
    const mondayKey = monday.toISOString().slice(0, 10);
    if (!holidayOn(mondayKey)) {
      return {
        at: Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 20),
        monday: mondayKey,
      };
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

const MOMENT = saturdayEvening();
journey.use({
  language: 'pt-BR',
  theme: 'light',
  clockAhead: MOMENT.at - Date.now(),
  sendingRules: 'defaults',
});

const BLOCKED = { name: 'Ana Souza', phone: '+5511987650001' };
/** Monday 09:00 on each one's clock, in UTC: São Paulo UTC-3, Manaus UTC-4, Rio Branco UTC-5. */
const REACHED = [
  { name: 'Bruno Lima', phone: '+5511987650002', nine: `${MOMENT.monday}T12:00:00.000Z` },
  { name: 'Carla Dias', phone: '+5592987650003', nine: `${MOMENT.monday}T13:00:00.000Z` },
  { name: 'Davi Rocha', phone: '+5568987650004', nine: `${MOMENT.monday}T14:00:00.000Z` },
];
const TEXT = 'Promoção de fim de ano: 20% em tudo até domingo!';
/** dd/mm/aaaa of the Saturday, as the block list's date reads (Brasília's day). */
const SATURDAY_TEXT = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(MOMENT.at);

journey(
  'sending rules: the shop’s name, a Procon-SP block list, and a Saturday-evening campaign timed for Monday 09:00 on each customer’s clock',
  async ({ page, torpedo, owner }, testInfo) => {
    // A whole walk with the sandbox's clock: over a minute on a loaded 2-core CI machine.
    journey.setTimeout(150_000);
    await owner.step('the sending rules in Settings, with the shop’s name', async () => {
      await torpedo.signInDemo();
      // What the journey is not about, set up as the window would.
      const list = await torpedo.invoke('lists:create', { name: 'Clientes' });
      for (const person of [BLOCKED, ...REACHED])
        await torpedo.invoke('contacts:create', {
          name: person.name,
          phone: person.phone,
          listIds: [list.id],
        });

      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-rules-tab').click();
      await expect(page).toHaveURL(/#\/settings\/rules$/);
      // The default window, kept: Monday to Friday 09:00-18:00, Saturday 09:00-13:00.
      await expect(page.getByTestId('rules-day-mon-start').locator('input')).toHaveValue('09:00');
      await expect(page.getByTestId('rules-day-fri-end').locator('input')).toHaveValue('18:00');
      await expect(page.getByTestId('rules-day-sat-end').locator('input')).toHaveValue('13:00');
      await expect(page.getByTestId('rules-sundays')).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('rules-holidays')).toHaveAttribute('aria-checked', 'true');

      await page.getByTestId('rules-prefix').locator('input').fill('Loja Maria: ');
      await expect(page.getByTestId('rules-prefix-sample')).toHaveText(
        'Loja Maria: Olá, Ana! Nossa promoção de sexta começa hoje.',
      );
      await expect(page.getByTestId('rules-prefix-count')).toHaveText(
        '+12 caracteres em cada mensagem, contados no custo.',
      );
      await page.getByTestId('rules-save').click();
      await expect(page.getByText('Regras de envio salvas.')).toBeVisible();
      expect((await torpedo.invoke('rules:get')).rules.prefix).toBe('Loja Maria:');
    });

    await owner.step('Procon-SP’s block list, reviewed before it is saved', async () => {
      const folder = testInfo.outputPath('files');
      await mkdir(folder, { recursive: true });
      const file = join(folder, 'nao-me-ligue.csv');
      // Ana's number, as Procon-SP writes it, among other São Paulo numbers that are not customers.
      await writeFile(file, 'telefone\n11987650001\n11976543210\n11965432109\n');

      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('block-file-pick').click();
      await (await chooser).setFiles(file);
      await expect(page.getByTestId('block-file-review').first()).toHaveText(
        '“nao-me-ligue.csv”: 3 números para bloquear.',
      );
      await owner.shot('the review');
      expect(await torpedo.invoke('rules:blockLists')).toEqual([]);

      await page.getByTestId('block-file-confirm').click();
      await expect(page.getByTestId('block-file-done')).toHaveText(
        'Lista Procon-SP (Não Me Ligue) salva: 3 números bloqueados.',
      );
      const row = page.getByTestId('block-list-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Procon-SP (Não Me Ligue)');
      await expect(row.getByTestId('block-list-numbers')).toHaveText('3');
      await expect(row.getByTestId('block-list-updated')).toHaveText(SATURDAY_TEXT);
      await expect(page.getByTestId('block-list-stale')).toHaveCount(0);
    });

    await owner.step('a campaign to customers in three time zones, on a Saturday evening', async () => {
      await page.getByTestId('nav-campaigns').click();
      await page.keyboard.press('Control+n');
      await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
      await page.getByTestId('composer-name').locator('input').fill('Fim de ano');
      await page.getByTestId('composer-lists').click();
      await page.locator('.n-base-select-option').filter({ hasText: 'Clientes' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('composer-template').locator('textarea').fill(TEXT);
      // The composer says what the rules do before anything goes: Ana left out, the rest on Monday.
      await expect(page.getByTestId('audience-rule-blocked-procon-sp')).toHaveText(
        '1 bloqueado pelo Procon-SP',
      );
      await expect(page.getByTestId('estimate-moved')).toHaveText(
        /^3 vão mais tarde: fora do horário de envio/,
      );
      await page.getByTestId('composer-send').click();
      await expect(page.getByTestId('confirm-rules')).toHaveText(
        'Regras de envio: 1 bloqueado fica de fora; 3 vão mais tarde.',
      );
      // Nobody is within the hours on a Saturday evening: not "Agora", but from Monday 09:00.
      await expect(page.getByTestId('confirm-when')).toHaveText(
        /^A partir de seg\., \d\d\/\d\d, 09:00 \(Horário de /,
      );
      // Ana is blocked: three people get it.
      await expect(page.getByTestId('composer-send-summary').getByTestId('confirm-recipients')).toHaveText(
        '3',
      );
      await owner.shot('the confirmation');
      await page.getByTestId('composer-send-confirm').click();
      await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
    });

    // Monday 09:00 in São Paulo, 09:00 in Manaus (10:00 in Brasília), 09:00 in Rio Branco (11:00).
    const monday = `${MOMENT.monday.slice(8, 10)}/${MOMENT.monday.slice(5, 7)}/${MOMENT.monday.slice(0, 4)}`;
    await owner.step('the campaign page: “Agendada” for Monday, nothing sent, nothing charged', async () => {
      await expect(page.getByTestId('campaign-status')).toHaveText('Agendada', { timeout: 20_000 });
      await expect(page.getByTestId('campaign-note')).toHaveText(
        `Agendada: 3 mensagens saem de ${monday}, 09:00 a ${monday}, 11:00 (horário de Brasília), cada uma no horário permitido do seu cliente. Nada foi cobrado ainda: cada lote é cobrado quando sai, e quem pedir para sair ou for bloqueado até lá fica de fora.`,
      );
      await expect(page.getByTestId('campaign-queued-at')).toHaveCount(0);
      await expect(page.getByTestId('campaign-progress-messages')).toHaveText(
        '0 de 3 mensagens enviadas · 3 agendadas',
      );
      // Not a full green bar: nothing went out.
      await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
      const ledger = await owner.ledger();
      expect(ledger.campaignMessages).toEqual([]);
      expect(ledger.spent).toBe(0);
      await owner.shot('scheduled, nothing charged');
    });

    await owner.step(
      'Sunday: Procon-SP’s list gains Bruno (added, not replacing), Carla answers SAIR',
      async () => {
        await page.getByTestId('nav-settings').click();
        await page.getByTestId('settings-rules-tab').click();
        const folder = testInfo.outputPath('files');
        const file = join(folder, 'nao-me-ligue-novos.csv');
        await writeFile(file, 'telefone\n11987650002\n');
        const chooser = page.waitForEvent('filechooser');
        await page.getByTestId('block-file-pick').click();
        await (await chooser).setFiles(file);
        // The list has 3 numbers: the file replaces it or adds to it, the owner says which.
        await expect(page.getByTestId('block-file-mode')).toBeVisible();
        await page.getByTestId('block-file-mode-add').click();
        await expect(page.getByTestId('block-file-shrinks')).toHaveCount(0);
        await page.getByTestId('block-file-confirm').click();
        await expect(page.getByTestId('block-list-row').getByTestId('block-list-numbers')).toHaveText('4');
        // The reply "SAIR" (heard by Torpedo Server, issue 33) lands as an opt-out of her number.
        await torpedo.invoke('optOuts:add', { phones: ['+5592987650003'] });
      },
    );

    await owner.step(
      'Monday 09:00 in São Paulo: Bruno and Carla are taken out, Davi waits for his clock',
      async () => {
        torpedo.moveClockTo(Date.parse(`${MOMENT.monday}T12:00:00.000Z`));
        await page.getByTestId('nav-campaigns').click();
        await page.getByTestId('campaign-link').first().click();
        await expect(page.getByTestId('campaign-removed')).toContainText('2 retirados antes de sair', {
          timeout: 20_000,
        });
        await expect(page.getByTestId('campaign-removed-optedOut')).toHaveText(
          '1 descadastrado depois do envio',
        );
        await expect(page.getByTestId('campaign-removed-blocked-procon-sp')).toHaveText(
          '1 bloqueado pelo Procon-SP depois do envio',
        );
        // Davi is in Rio Branco: 07:00 there. His message waits here, not at the service, until 09:00 his time.
        await expect(page.getByTestId('campaign-status')).toHaveText('Agendada');
        await expect(page.getByTestId('campaign-note')).toContainText(
          `Agendada: 1 mensagem sai em ${monday}, 11:00 (horário de Brasília)`,
        );
        expect((await owner.ledger()).campaignMessages).toEqual([]);
        await owner.shot('taken out at the last moment');
      },
    );

    await owner.step('09:00 in Rio Branco: Davi’s message goes, and only his', async () => {
      torpedo.moveClockTo(Date.parse(`${MOMENT.monday}T14:00:00.000Z`));
      await expect
        .poll(async () => (await owner.ledger()).campaignMessages.length, { timeout: 30_000 })
        .toBe(1);
      const ledger = await owner.ledger();
      expect(ledger.to(BLOCKED.phone)).toEqual([]);
      expect(ledger.to('+5511987650002')).toEqual([]);
      expect(ledger.to('+5592987650003')).toEqual([]);
      expect(ledger.campaignMessages.map((m) => [m.phone, m.message, m.schedule])).toEqual([
        ['+5568987650004', `Loja Maria: ${TEXT}`, null],
      ]);
      // What the page says it cost is what left the balance: one message, not three.
      await expect(page.getByTestId('campaign-cost')).toHaveText(owner.money(ledger.spent), {
        timeout: 20_000,
      });
      await expect(page.getByTestId('campaign-status')).not.toHaveText('Agendada');
      await expect(page.getByTestId('campaign-removed')).toContainText('2 retirados antes de sair');

      await page.getByTestId('campaign-report-link').click();
      await expect(page.getByTestId('report-status')).not.toHaveText('Agendada');
      await expect(page.getByTestId('campaign-removed')).toContainText('2 retirados antes de sair');
      await owner.shot('the report');
    });
  },
);
