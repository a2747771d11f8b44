/**
 * `npm run bench:ui` (prints figures; not a test): the screens with a large
 * contact book, in Chromium at 1280x800 on the e2e harness (the built
 * renderer, the real core in this process, a sandbox in another).
 *
 * For each size (100,000 and 1,000,000 contacts; BENCH_SIZES=a,b changes
 * them) a data folder is generated once and cached (bench-folder.ts), copied
 * for the run, signed into a sandbox account, and given a delivered
 * 100,000-recipient campaign (delivered-campaign.ts). Then, BENCH_ROUNDS
 * times (default 3), from a freshly loaded page: Contatos opened (first
 * visit: its code loads too), "Silva" typed, the search cleared, "Ma" typed, the scroll
 * bar dragged to the last row, Contatos opened again, the composer's cost
 * after picking the 100,000-contact list, and the campaign's report (its
 * first open, from an out-of-date copy, in the first round). Each figure is
 * the median of the rounds, from the input to the frame showing the result
 * (page-timing.ts), with the long tasks over 100 ms around it.
 *
 * Targets (issue 17): each Contatos step ≤ 300 ms at 100,000 and within
 * 1.5× at 1,000,000, with no long task over 100 ms; the report's first
 * paint ≤ 500 ms; the composer's cost settled ≤ 500 ms.
 */
import { loadavg, cpus } from 'node:os';
import { chromium } from '@playwright/test';
import config from '../../../playwright.config';
import { createCore } from '@core/kernel/create-core';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { installTorpedoBridge } from '../../e2e/harness/bridge';
import { startStaticServer } from '../../e2e/harness/static-server';
import { TestHost } from '../../e2e/harness/test-host';
import { fundedAccount, startSandbox } from '../sandbox-process';
import { baseFolder, LIST_NAME, LIST_SIZE, runFolder } from './bench-folder';
import { deliveredCampaign, invoker, TEMPLATE, unfinishedSends } from './delivered-campaign';
import { entryScripts, kb, sizeOf } from './initial-js';
import { installProbe, LONG_TASK_MS, type Timing } from './page-timing';
import {
  clearSearch,
  composerCost,
  jumpToLast,
  openContacts,
  openReport,
  toOverview,
  typeSearch,
} from './scenarios';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** A name (2.7% of the generated book) and the start of many (19%). */
const WORD = 'Silva';
const BROAD = 'Ma';
const TARGETS = { stepMs: 300, ratio: 1.5, reportPaintMs: 500, composerMs: 500 };

const STEPS = [
  'contactsFirst',
  'search',
  'clear',
  'searchBroad',
  'jumpLast',
  'contactsAgain',
  'composer',
  'reportFirstPaint',
  'reportFirstSettled',
  'reportAgainPaint',
] as const;
type Step = (typeof STEPS)[number];
const LABELS: Record<Step, string> = {
  contactsFirst: 'Contatos, first visit: click → rows',
  search: `"${WORD}" typed: last key → rows`,
  searchBroad: `"${BROAD}" typed: last key → rows`,
  clear: 'Search cleared: click → all rows',
  jumpLast: 'Jump to the last row: scroll → row',
  contactsAgain: 'Contatos, repeat visit: click → rows',
  composer: 'Composer, 100k list picked → cost settled',
  reportFirstPaint: 'Report, first open → first paint',
  reportFirstSettled: 'Report, first open → up to date',
  reportAgainPaint: 'Report, repeat open → first paint',
};
/** The Contatos steps: each ≤ 300 ms, within 1.5× at the larger size. */
const CONTACT_STEPS: readonly Step[] = STEPS.slice(0, STEPS.indexOf('contactsAgain') + 1);

type Figures = Partial<Record<Step, Timing[]>>;
const launchOptions = config.projects?.find((p) => p.name === 'chromium')?.use?.launchOptions ?? {};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function benchSize(
  contacts: number,
): Promise<{ figures: Figures; firstScreen: ReturnType<typeof sizeOf> }> {
  const log = (line: string) => console.log(line);
  console.log(`\n${contacts.toLocaleString('en')} contacts (load average ${load()})`);
  const folder = runFolder(baseFolder(contacts, log));
  const sandbox = await startSandbox();
  const server = await startStaticServer();
  const core = await createCore({
    dataDir: folder.dir,
    host: new TestHost({ osLocale: 'pt-BR' }),
    secretStore: createMemorySecretStore(),
    idleProbe: true,
  });
  const browser = await chromium.launch(launchOptions);
  try {
    const invoke = invoker(core);
    await invoke('session:signIn', {
      accountKey: await fundedAccount(sandbox.url, 'ui'),
      baseUrl: sandbox.url,
    });
    const list = (await invoke('lists:list', {})).find((l) => l.name === LIST_NAME)!;
    let t = performance.now();
    const campaignId = await deliveredCampaign(core, list.id);
    log(
      `  a ${LIST_SIZE.toLocaleString('en')}-recipient campaign delivered (setup): ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
    const found = (await invoke('contacts:search', { query: WORD, limit: 1, offset: 0 })).total;
    const foundBroad = (await invoke('contacts:search', { query: BROAD, limit: 1, offset: 0 })).total;
    const lastId = (await invoke('contacts:search', { offset: contacts - 1, limit: 1 })).rows[0]!.id;

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await installProbe(page);
    await installTorpedoBridge(page, core);
    const figures: Figures = {};
    const failures: string[] = [];
    let firstScreen = sizeOf([]);
    const openApp = async () => {
      const scripts: string[] = [];
      const onResponse = (response: { url(): string }) => {
        const path = new URL(response.url()).pathname.slice(1);
        if (path.endsWith('.js')) scripts.push(path);
      };
      page.on('response', onResponse);
      await page.goto(`${server.url}/index.html`);
      await page.getByTestId('overview-balance').waitFor({ timeout: 60_000 });
      page.off('response', onResponse);
      return sizeOf(scripts);
    };
    /** Runs a step; one that fails or times out is noted, and the next starts from a fresh page. */
    const step = async (name: Step, run: () => Promise<Timing>, as?: (t: Timing) => [Step, Timing][]) => {
      try {
        const timing = await run();
        for (const [key, value] of as?.(timing) ?? [[name, timing]]) (figures[key] ??= []).push(value);
      } catch (error) {
        failures.push(`${name}: ${String(error).split('\n')[0]}`);
        (figures[name] ??= []).push({ ms: NaN, marks: {}, longTasks: 0, longestTask: 0 });
        await openApp();
      }
    };
    const painted = (t: Timing): Timing => ({ ...t, ms: t.marks.painted ?? t.ms });

    const report = (round: number) =>
      step(
        round === 1 ? 'reportFirstPaint' : 'reportAgainPaint',
        () => openReport(page, campaignId),
        (timing) =>
          round === 1
            ? [
                ['reportFirstPaint', painted(timing)],
                ['reportFirstSettled', timing],
              ]
            : [['reportAgainPaint', painted(timing)]],
      );

    for (let round = 1; round <= ROUNDS; round++) {
      t = performance.now();
      firstScreen = await openApp();
      // The report's first open comes first, while its kept copy is still behind the service.
      if (round === 1) {
        log(`  report opened with ${unfinishedSends(folder.dir, campaignId)} sends not seen done`);
        await report(round);
        await toOverview(page);
      }
      await step('contactsFirst', () => openContacts(page, contacts));
      await step('search', () => typeSearch(page, WORD, found));
      await step('clear', () => clearSearch(page, contacts));
      await step('searchBroad', () => typeSearch(page, BROAD, foundBroad));
      await clearSearch(page, contacts);
      await step('jumpLast', () => jumpToLast(page, lastId));
      await toOverview(page);
      await step('contactsAgain', () => openContacts(page, contacts));
      await toOverview(page);

      const draft = await invoke('campaigns:create', { name: `Bench ${round}` });
      await invoke('campaigns:saveDraft', { id: draft.id, template: TEMPLATE });
      await step('composer', () => composerCost(page, draft.id, LIST_NAME, Math.min(LIST_SIZE, contacts)));
      await toOverview(page);
      await invoke('campaigns:delete', { id: draft.id });

      if (round > 1) {
        await report(round);
        await toOverview(page);
      }
      log(`  round ${round}: ${((performance.now() - t) / 1000).toFixed(0)} s (load average ${load()})`);
    }
    for (const failure of failures) log(`  FAILED ${failure}`);
    for (const name of STEPS) if (figures[name]) log(`  ${LABELS[name]}: ${cell(figures[name])}`);
    return { figures, firstScreen };
  } finally {
    await browser.close();
    await core.close();
    await server.close();
    sandbox.stop();
    folder.remove();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

function cell(timings: Timing[] | undefined): string {
  if (!timings?.length) return '—';
  const failed = timings.filter((t) => Number.isNaN(t.ms)).length;
  timings = timings.filter((t) => !Number.isNaN(t.ms));
  if (!timings.length) return 'failed';
  const ms = timings.map((t) => t.ms);
  const range = timings.length > 1 ? ` [${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}]` : '';
  const long = Math.max(...timings.map((t) => t.longTasks));
  const longest = Math.max(...timings.map((t) => t.longestTask));
  return `${median(ms).toFixed(0)} ms${range}, ${long} long (max ${longest.toFixed(0)})${failed ? `, ${failed} failed` : ''}`;
}

function verdict(step: Step, small: Timing[] | undefined, large: Timing[] | undefined): string {
  if (!small?.length) return '';
  if ([...small, ...(large ?? [])].some((t) => Number.isNaN(t.ms))) return 'FAILED';
  const m = median(small.map((t) => t.ms));
  const longs = [...small, ...(large ?? [])].some((t) => t.longTasks > 0);
  if (CONTACT_STEPS.includes(step)) {
    const ratio = large?.length ? median(large.map((t) => t.ms)) / m : null;
    const ok = m <= TARGETS.stepMs && (ratio === null || ratio <= TARGETS.ratio) && !longs;
    return `${ratio === null ? '' : `${ratio.toFixed(2)}×`}  ${ok ? 'ok' : 'OVER TARGET'}`;
  }
  if (step === 'reportFirstPaint') return m <= TARGETS.reportPaintMs ? 'ok' : 'OVER TARGET';
  if (step === 'composer') return m <= TARGETS.composerMs ? 'ok' : 'OVER TARGET';
  return '';
}

console.log('UI benchmark: Chromium 1280x800 on the e2e harness, the real core and a sandbox process');
console.log(`Machine: ${cpus().length} CPU(s), load average ${load()} (figures move with other work on it)`);
const initial = sizeOf(entryScripts());
console.log(
  `Initial JS (index.html's script and preloads): ${initial.files} files, ${kb(initial.raw)} raw, ${kb(initial.gzip)} gzip (target ≤ 250 kB gzip)`,
);
const results = new Map<number, Awaited<ReturnType<typeof benchSize>>>();
for (const size of SIZES) results.set(size, await benchSize(size));

const [small, large] = SIZES;
const first = results.get(small!)!;
console.log(
  `\nJS the first screen (overview) fetched: ${first.firstScreen.files} files, ${kb(first.firstScreen.raw)} raw, ${kb(first.firstScreen.gzip)} gzip`,
);
console.log(
  `\nMedian of ${ROUNDS} round(s) [min–max], long tasks over ${LONG_TASK_MS} ms (most in one round, longest task); load average now ${load()}`,
);
const head = SIZES.map((s) => s.toLocaleString('en').padEnd(38)).join('');
console.log(`${''.padEnd(44)}${head}ratio`);
for (const step of STEPS) {
  const cells = SIZES.map((s) => cell(results.get(s)!.figures[step]).padEnd(38)).join('');
  const v = verdict(step, first.figures[step], large ? results.get(large)!.figures[step] : undefined);
  console.log(`${LABELS[step].padEnd(44)}${cells}${v}`);
}
