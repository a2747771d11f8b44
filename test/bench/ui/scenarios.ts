/**
 * What the UI benchmark does on screen, step by step, each timed from the
 * user's input to the frame that shows its result (page-timing.ts). The
 * steps find things by the test ids the e2e tests use, so the same steps
 * time the code before and after a change. Checks run in the page: they
 * reach it only through `__bench` and take one string argument.
 */
import type { Page } from '@playwright/test';
import { startInPage, timed, type Timing } from './page-timing';

/** The number as the pt-BR screens write it: 100.000. */
export const ptCount = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

/** `count|word`: the count says `count`, and the first row is a contact (not a placeholder) whose name has `word`. */
const contactsShown = (arg: string) => {
  const [count, word] = arg.split('|') as [string, string];
  const name = __bench.text('[data-testid="contact-row"] [data-testid="contact-open"]')?.toLowerCase() ?? '';
  return __bench.done(
    !!__bench.text('[data-testid="contacts-count"]')?.includes(count) && name !== '' && name.includes(word),
  );
};

export async function openContacts(page: Page, total: number): Promise<Timing> {
  return timed(page, () => page.getByTestId('nav-contacts').click(), contactsShown, `${ptCount(total)}|`);
}

/** Types `word` as a person does (a key every 80 ms); timed from the last key. */
export async function typeSearch(page: Page, word: string, found: number): Promise<Timing> {
  const input = page.getByTestId('contacts-search').locator('input');
  await input.click();
  return timed(
    page,
    () => input.pressSequentially(word, { delay: 80 }),
    contactsShown,
    `${ptCount(found)}|${word.toLowerCase()}`,
  );
}

/** The search box's clear button, back to every contact. */
export async function clearSearch(page: Page, total: number): Promise<Timing> {
  await page.getByTestId('contacts-search').hover();
  const clear = page.getByTestId('contacts-search').locator('.n-base-clear');
  return timed(page, () => clear.click(), contactsShown, `${ptCount(total)}|`);
}

/** The table's scroll bar dragged to its end, timed until the last contact's row is on screen. */
export async function jumpToLast(page: Page, lastId: string): Promise<Timing> {
  return timed(
    page,
    () => startInPage(page, (selector) => __bench.scrollToEnd(selector), '[data-testid="contacts-table"]'),
    (id) => __bench.done(__bench.has(`[data-testid="contact-row"][data-contact-id="${id}"]`)),
    lastId,
  );
}

/** The overview, by its link: every timed visit starts from it. */
export async function toOverview(page: Page): Promise<void> {
  await page.getByTestId('nav-overview').click();
  await page.getByTestId('overview-balance').waitFor();
}

const go = (page: Page, hash: string) => startInPage(page, (h) => __bench.go(h), hash);

/**
 * The report's totals on screen (mark `painted`, whatever they were read from), then done once
 * it is as the service has it: nothing being read again.
 */
const reportSettled = () => {
  const painted = __bench.has('[data-testid="summary-delivered"]');
  __bench.mark('painted', painted);
  return __bench.done(
    painted &&
      !__bench.has('[data-testid="report-refreshing"]') &&
      __bench.has('[data-testid="report-refresh"]') &&
      !__bench.classes('[data-testid="report-refresh"]').includes('n-button--loading'),
  );
};

/** From the overview to the campaign's report: `ms` until it is up to date, `marks.painted` its first paint. */
export async function openReport(page: Page, campaignId: string): Promise<Timing> {
  return timed(page, () => go(page, `#/campaigns/${campaignId}/report`), reportSettled, '');
}

/** A draft with a text and no audience is opened; then the list is picked, timed until the cost has settled. */
export async function composerCost(
  page: Page,
  draftId: string,
  listLabel: string,
  recipients: number,
): Promise<Timing> {
  await go(page, `#/campaigns/${draftId}/edit`);
  await page.getByTestId('composer-estimate').waitFor();
  await page.getByTestId('composer-lists').click();
  const option = page.locator('.n-base-select-option').filter({ hasText: listLabel }).first();
  return timed(
    page,
    () => option.click(),
    (count) =>
      __bench.done(
        __bench.text('[data-testid="estimate-recipients"] dd')?.trim() === count &&
          __bench.attr('[data-testid="composer-estimate"]', 'aria-busy') === 'false',
      ),
    ptCount(recipients),
  );
}
