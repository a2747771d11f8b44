import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { holidayOn } from '@shared/rules/holidays';
import { expect, journey, type Language, type Theme } from './journey';

/**
 * Issue 37's first week, walked twice (pt-BR light, English dark): a new
 * owner, in the demo, tells the first steps the shop is a pet shop, imports
 * the customers' sheet (with "Última compra"), opens the gallery the first
 * steps offer, and makes "Cliente sumido" a draft: to the segment the
 * message suggests (bought 60 to 180 days ago: two of five customers) at
 * its hour (10:00 on each customer's clock). It is sent: "Agendada" for
 * 10:00, nothing at the service; at 10:00 the two messages leave, in the
 * ledger with each one's first name. Last, the overview's calendar card
 * offers the next selling day's message, and "Preparar campanha" opens it
 * as a draft.
 *
 * Before the send, the composer's checks: the gallery's text passes all but
 * the two the shop's own settings answer (its name in front, the way out at
 * the end); with both set in the sending rules, "Mensagem verificada", and
 * every message in the ledger carries them.
 *
 * The clock: the core runs ahead to the next working day (not a weekend or a
 * holiday) at 08:00 in São Paulo, so the message's 10:00 is still ahead that
 * day; then it is moved on to 10:00. The sandbox and the window keep real
 * time (the calendar card counts days from the real today).
 */

/** The next Monday-to-Friday that is not a national holiday, at least a day ahead, 11:00 UTC (08:00 in São Paulo). */
function workingMorning(): { at: number; day: string } {
  const day = new Date();
  for (;;) {
    day.setUTCDate(day.getUTCDate() + 1);
    const key = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    if (weekday >= 1 && weekday <= 5 && !holidayOn(key)) {
      return { at: Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 11), day: key };
    }
  }
}
const MORNING = workingMorning();
/** 10:00 in São Paulo that day (UTC-3): the message's hour for every customer (all DDD 11). */
const TEN = Date.parse(`${MORNING.day}T13:00:00.000Z`);

const DAY = 86_400_000;
/** dd/mm/aaaa of `daysAgo` days before the core's day, as the sheet writes dates. */
const br = (daysAgo: number) => {
  const d = new Date(MORNING.at - daysAgo * DAY);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
/** Last purchase (days ago; null: none), well inside or outside 60 to 180 days. */
const CUSTOMERS: [name: string, phone: string, daysAgo: number | null][] = [
  ['Ana Souza', '+5511987650101', 90],
  ['Bruno Lima', '+5511987650102', 120],
  ['Carla Dias', '+5511987650103', 10],
  ['Davi Rocha', '+5511987650104', 300],
  ['Elza Prado', '+5511987650105', null],
];
const MISSED = ['+5511987650101', '+5511987650102'];
/** A message as it leaves once the checks are answered: the shop's name in front, the way out at the end. */
const framed = (text: string) => `Pet Feliz: ${text} Para sair, responda SAIR.`;

function sheet(): string {
  const rows = CUSTOMERS.map(([name, phone, d]) =>
    [name, phone.replace('+55', ''), d === null ? '' : br(d)].join(';'),
  );
  const file = join(mkdtempSync(join(tmpdir(), 'torpedo-first-week-')), 'clientes.csv');
  writeFileSync(file, ['Nome;Celular;Última compra', ...rows].join('\r\n'));
  return file;
}

/** Serious or critical WCAG 2.1 A/AA findings on the screen now (as test/e2e/accessibility.spec.ts scans). */
async function accessibilityFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const WALKS: { language: Language; theme: Theme }[] = [
  { language: 'pt-BR', theme: 'light' },
  { language: 'en', theme: 'dark' },
];

for (const walk of WALKS) {
  journey.describe(`${walk.language}, ${walk.theme}`, () => {
    journey.use({ ...walk, clockAhead: MORNING.at - Date.now() });

    journey(
      'first week: a pet shop, the gallery’s “cliente sumido” to its segment at its hour, sent; the calendar’s next date',
      async ({ page, torpedo, owner }) => {
        journey.setTimeout(180_000);
        const { say } = owner;
        const missedText = say(
          'Faz tempo que seu pet nao vem tomar banho. Vamos agendar esta semana? É so responder.',
          'It has been a while since your pet had a bath here. Book one this week? Just reply.',
        );
        const hi = say('Oi', 'Hi');

        await owner.step('the first steps ask what the business is: a pet shop', async () => {
          await torpedo.signInDemo();
          const question = page.getByTestId('first-run-business');
          await expect(question).toContainText(say('Qual é o seu negócio?', 'What is your business?'));
          await owner.shot('the question');
          expect(await accessibilityFindings(page)).toEqual([]);
          await page.getByTestId('first-run-business-pick').click();
          await page.locator('.n-base-select-option').filter({ hasText: 'Pet shop' }).click();
          await expect(page.getByTestId('first-run-business-name')).toHaveText(
            say('Seu negócio: Pet shop', 'Your business: Pet shop'),
          );
          expect((await torpedo.invoke('gallery:settings')).business).toBe('pet-shop');
          // The four steps to the first campaign are still the four: the question is asked beside them.
          await expect(page.getByTestId('first-run-progress')).toHaveText(
            say('0 de 4 passos concluídos', '0 of 4 steps done'),
          );
        });

        await owner.step('the customers’ sheet, with the last purchase', async () => {
          await page.getByTestId('first-run-import-go').click();
          await expect(page.getByTestId('import-wizard')).toBeVisible();
          await page.getByTestId('import-file').setInputFiles(sheet());
          await page.getByTestId('import-next').click();
          await page.getByTestId('import-next').click();
          await expect(page.getByTestId('import-count-new').locator('dd')).toHaveText('5');
          await page.getByTestId('import-start').click();
          await expect(page.getByTestId('import-result-imported').locator('dd')).toHaveText('5');
          await page.getByTestId('import-done').click();
        });

        await owner.step('the gallery, opened on the pet shop’s ready messages', async () => {
          await page.getByTestId('nav-overview').click();
          await page.getByTestId('first-run-business-gallery').click();
          await expect(page).toHaveURL(/#\/templates\/gallery\?business=pet-shop$/);
          const cards = page.getByTestId('gallery-card');
          await expect(cards).toHaveCount(3);
          const missed = page.locator('[data-gallery-id="pet-shop/cliente-sumido"]');
          await expect(missed.getByTestId('gallery-purpose')).toHaveText(
            say('Cliente sumido', 'Missed customer'),
          );
          // Without a customer's name the field is left out: "Oi!", as the composer's preview shows it.
          await expect(missed.getByTestId('gallery-text')).toHaveText(`${hi}! ${missedText}`);
          await expect(missed.getByTestId('segment-count')).toHaveText('1 SMS');
          await expect(missed.getByTestId('gallery-audience')).toHaveText(
            say('Para quem: Sem comprar há 60 a 180 dias', 'To: No purchase for 60 to 180 days'),
          );
          await expect(missed.getByTestId('gallery-audience-missing')).toHaveCount(0);
          await expect(missed.getByTestId('gallery-hour')).toContainText('10:00');
          expect(await accessibilityFindings(page)).toEqual([]);
        });

        const draftUrl = await owner.step('“Criar campanha”: a draft to the segment, at 10:00', async () => {
          await page
            .locator('[data-gallery-id="pet-shop/cliente-sumido"]')
            .getByTestId('gallery-create-campaign')
            .click();
          await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
          await expect(page.getByTestId('audience-recipients').locator('dd')).toHaveText('2');
          await expect(page.getByTestId('composer-segments')).toContainText(
            say('Sem comprar há 60 a 180 dias', 'No purchase for 60 to 180 days'),
          );
          // The working day the core is on, at 10:00, as the owner reads it ("terça-feira, 8 de dezembro").
          const dayInWords = new Intl.DateTimeFormat(say('pt-BR', 'en-GB'), {
            day: 'numeric',
            month: 'long',
            timeZone: 'UTC',
          }).format(Date.parse(MORNING.day));
          await expect(page.getByTestId('composer-schedule-text')).toContainText(dayInWords);
          await expect(page.getByTestId('composer-schedule-text')).toContainText('10:00');
          const id = /#\/campaigns\/([\w-]+)\/edit$/.exec(page.url())![1]!;
          expect((await torpedo.invoke('campaigns:get', { id })).options.scheduleAt).toBe(
            `${MORNING.day}T10:00`,
          );
          // The coming selling days under the schedule.
          await expect(page.getByTestId('composer-calendar-next')).toBeVisible();
          await expect(page.getByTestId('preview-text')).toContainText(`${hi} Ana! ${missedText}`);
          return page.url();
        });

        await owner.step(
          'the checks: the shop’s name and the way out asked for, then “Mensagem verificada”',
          async () => {
            const checks = page.getByTestId('compose-checks');
            await expect(checks.locator('li')).toHaveCount(2);
            await expect(checks.getByTestId('compose-check-noBusinessName')).toBeVisible();
            await expect(checks.getByTestId('compose-check-noWayToStop')).toBeVisible();
            await owner.shot('the checks before the settings');
            // What the checks ask, done in the sending rules (the message-checks journey walks that page).
            await torpedo.invoke('rules:set', { prefix: 'Pet Feliz:', howToStop: 'on' });
            await page.reload();
            await expect(page.getByTestId('compose-checks-passed')).toHaveText(
              say('✓ Mensagem verificada', '✓ Message checked'),
            );
            await expect(page.getByTestId('preview-text')).toContainText(
              `Pet Feliz: ${hi} Ana! ${missedText} Para sair, responda SAIR.`,
            );
          },
        );

        await owner.step('sent: scheduled for 10:00, nothing at the service yet', async () => {
          expect(page.url()).toBe(draftUrl);
          await page.getByTestId('composer-send').click();
          await expect(
            page.getByTestId('composer-send-summary').getByTestId('confirm-recipients'),
          ).toHaveText('2');
          await owner.shot('the confirmation');
          await page.getByTestId('composer-send-confirm').click();
          await expect(page).toHaveURL(/#\/campaigns\/[\w-]+$/);
          await expect(page.getByTestId('campaign-status')).toHaveText(say('Agendada', 'Scheduled'), {
            timeout: 20_000,
          });
          // 10:00 as the owner chose it (on each customer's clock), not that hour read on the computer's zone.
          await expect(page.getByTestId('campaign-scheduled-for')).toContainText('10:00');
          expect((await owner.ledger()).campaignMessages).toEqual([]);
        });

        await owner.step('10:00: the two missed customers get it, each with their name', async () => {
          torpedo.moveClockTo(TEN);
          await expect
            .poll(async () => (await owner.ledger()).campaignMessages.length, { timeout: 30_000 })
            .toBe(2);
          const ledger = await owner.ledger();
          expect(ledger.campaignMessages.map((m) => m.phone).sort()).toEqual(MISSED);
          expect(ledger.to('+5511987650101').map((m) => m.message)).toEqual([
            framed(`${hi} Ana! ${missedText}`),
          ]);
          expect(ledger.to('+5511987650102').map((m) => m.message)).toEqual([
            framed(`${hi} Bruno! ${missedText}`),
          ]);
          for (const [, phone] of CUSTOMERS.filter(([, p]) => !MISSED.includes(p))) {
            expect(ledger.to(phone)).toEqual([]);
          }
          await expect(page.getByTestId('campaign-status')).not.toHaveText(say('Agendada', 'Scheduled'), {
            timeout: 20_000,
          });
          await expect(page.getByTestId('campaign-cost')).toHaveText(owner.money(ledger.spent), {
            timeout: 20_000,
          });
        });

        await owner.step('the overview’s calendar: the next selling day offers its message', async () => {
          await page.getByTestId('nav-overview').click();
          const next = page.locator('[data-testid="calendar-entry"][data-kind="retail"]').first();
          await expect(next.getByTestId('calendar-message')).toContainText(
            say('Cliente sumido', 'Missed customer'),
          );
          await expect(next.getByTestId('calendar-when')).toHaveText(/\d\d\/\d\d, /);
          await owner.shot('the calendar card');
          expect(await accessibilityFindings(page)).toEqual([]);
          await next.getByTestId('calendar-prepare').click();
          await expect(page).toHaveURL(/#\/campaigns\/[\w-]+\/edit$/);
          expect(page.url()).not.toBe(draftUrl);
          await expect(page.getByTestId('preview-text')).toContainText(missedText);
        });
      },
    );
  });
}
