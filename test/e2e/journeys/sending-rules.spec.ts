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
 * Branco (68). In the sandbox's ledger the blocked customer got nothing,
 * every text starts with the name, and each message is scheduled for Monday
 * 09:00 on its recipient's own clock: three different instants.
 * Portuguese (Brazil), light.
 *
 * The clock: the core runs ahead to that Saturday, 20:00 UTC (17:00 in São
 * Paulo, 15:00 in Rio Branco); the sandbox keeps real time, so the messages
 * wait there as `scheduled` for their Monday.
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
      await expect(page.getByTestId('audience-rule-procon')).toHaveText('1 bloqueado pelo Procon-SP');
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

    await owner.step(
      'in the ledger: not to Ana, the shop’s name first, Monday 09:00 on each clock',
      async () => {
        await expect
          .poll(async () => (await owner.ledger()).campaignMessages.length, { timeout: 30_000 })
          .toBe(REACHED.length);
        const ledger = await owner.ledger();
        expect(ledger.to(BLOCKED.phone)).toEqual([]);
        expect(
          ledger.campaignMessages
            .map((m) => [m.phone, m.message, m.schedule])
            .sort(([a], [b]) => a!.localeCompare(b!)),
        ).toEqual(
          REACHED.map((p) => [p.phone, `Loja Maria: ${TEXT}`, p.nine]).sort(([a], [b]) =>
            a!.localeCompare(b!),
          ),
        );
        // Three zones, three instants.
        expect(new Set(ledger.campaignMessages.map((m) => m.schedule)).size).toBe(3);
      },
    );

    await owner.step('the campaign page: scheduled and charged, not "sent"', async () => {
      // Monday 09:00 in São Paulo, 09:00 in Manaus (10:00 in Brasília), 09:00 in Rio Branco (11:00).
      const monday = `${MOMENT.monday.slice(8, 10)}/${MOMENT.monday.slice(5, 7)}/${MOMENT.monday.slice(0, 4)}`;
      await expect(page.getByTestId('campaign-status')).toHaveText('Agendada', { timeout: 20_000 });
      await expect(
        page.getByText(
          `O serviço aceitou e já cobrou 3 mensagens, agendadas de ${monday}, 09:00 a ${monday}, 11:00 (horário de Brasília)`,
        ),
      ).toBeVisible();
      await expect(page.getByText('Todas enviadas')).toHaveCount(0);
      await expect(page.getByTestId('campaign-queued-at')).toHaveCount(0);
      await expect(page.getByText('3 de 3 mensagens aceitas pelo serviço')).toBeVisible();
    });
  },
);
