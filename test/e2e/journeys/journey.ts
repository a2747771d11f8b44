import { mkdir, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { demoSandbox } from '../harness/demo-sandbox';
import { expect, test as base, type TorpedoApp } from '../harness/fixtures';
import { fullPageShot } from '../harness/full-page-shot';
import { ownerLedger, type OwnerLedger } from './ledger';
import { ownerWords, type OwnerWords } from './owner-words';

export { expect };

/**
 * The journeys' fixture (README.md beside this file says how to write one):
 * the e2e harness's real core, demo sandbox and built window, plus
 *
 * - one language and theme per journey (`journey.use({ language, theme })`);
 * - numbered steps, each ending in a picture of the whole screen (passed or
 *   not) under test-results/journeys/<spec>/<nn-step>.png (CI keeps the folder);
 * - the sandbox's ledger, read as the owner's truth (ledger.ts);
 * - the owner's words for money and counts in the journey's language;
 * - a journey fails on any `internal_error` the core answered the window, any
 *   error Torpedo logged (a background worker's failure too), any uncaught
 *   page error and any console error.
 */
export type Language = 'pt-BR' | 'en';
export type Theme = 'light' | 'dark';
type DemoSandbox = Awaited<ReturnType<typeof demoSandbox>>;

export interface JourneyOptions {
  language: Language;
  theme: Theme;
}

export interface Owner extends OwnerWords {
  readonly language: Language;
  readonly theme: Theme;
  /** The demo's sandbox (once the window is in the demo): its ledger, balance, clock, clicks and faults. */
  sandbox(): Promise<DemoSandbox>;
  /** The ledger now, summed as the owner would want it (ledger.ts). */
  ledger(): Promise<OwnerLedger>;
  /**
   * One step of the journey: `body` runs as a Playwright step, then the
   * screen is pictured as `<nn>-<title>.png`, whether it passed or not.
   * Returns what `body` returns.
   */
  step<T>(title: string, body: () => Promise<T>): Promise<T>;
  /** An extra picture inside a step (a dialog, a menu), numbered after the step's. */
  shot(name: string): Promise<void>;
  /**
   * Moves the sandbox's clock on (deliveries, clicks happen on it), instead
   * of sleeping: a message goes sent ~2 s and final ~6 s after it leaves.
   */
  advance(ms: number): Promise<void>;
  /** Failures the journey caused on purpose: not counted against it when they match. */
  allow(pattern: RegExp): void;
}

const ROOT = resolve(import.meta.dirname, '../../..');
export const JOURNEY_SHOTS = join(ROOT, 'test-results/journeys');

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** What went wrong under the window's feet, for the journey's verdict. */
async function problems(torpedo: TorpedoApp, allowed: RegExp[]): Promise<string[]> {
  const fine = (text: string) => allowed.some((pattern) => pattern.test(text));
  const internal = torpedo.failedCalls
    .filter((c) => c.code === 'internal_error')
    .map((c) => `internal_error from ${c.channel}: ${c.message}`);
  const logged = (await torpedo.invoke('diagnostics:get')).problems
    .filter((p) => p.level === 'error')
    .map((p) => `Torpedo logged an error: ${p.event}${p.code ? ` (${p.code})` : ''}`);
  const console = torpedo.consoleErrors.map((line) => `console error: ${line}`);
  return [...internal, ...logged, ...console].filter((line) => !fine(line));
}

async function pictureTo(page: Page, path: string): Promise<void> {
  await fullPageShot(page, path);
  await base.info().attach(path.split('/').pop()!, { path, contentType: 'image/png' });
}

export const journey = base.extend<JourneyOptions & { owner: Owner }>({
  language: ['pt-BR', { option: true }],
  theme: ['light', { option: true }],
  // The window follows the OS's language and colours ("Sistema", the default settings).
  osLocale: async ({ language }, use) => use(language === 'en' ? 'en-US' : 'pt-BR'),
  colorScheme: async ({ theme }, use) => use(theme),
  owner: async ({ page, torpedo, language, theme }, use, testInfo) => {
    // One journey per spec: the folder is named for the file (first-run.spec.ts → first-run/). A spec
    // that walks its path twice, in a describe per language and theme, gets a folder per walk.
    const walk = testInfo.titlePath.length > 2 ? [`${language}-${theme}`] : [];
    const folder = join(JOURNEY_SHOTS, basename(testInfo.file).replace(/\.spec\.ts$/, ''), ...walk);
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    let numbered = 0;
    const allowed: RegExp[] = [];
    // Asked each time: signing out and back in starts the demo's sandbox again, on another port.
    const sandbox = () => demoSandbox(torpedo);
    const words = ownerWords(language);

    const owner: Owner = {
      ...words,
      language,
      theme,
      sandbox,
      ledger: async () => ownerLedger(await (await sandbox()).ledger()),
      async step(title, body) {
        numbered += 1;
        const name = `${String(numbered).padStart(2, '0')}-${slug(title)}`;
        return base.step(title, async () => {
          try {
            return await body();
          } finally {
            // Pictured whether it passed or not: a failed step's screen is the one to look at.
            await pictureTo(page, join(folder, `${name}.png`)).catch(() => undefined);
          }
        });
      },
      async shot(name) {
        await pictureTo(page, join(folder, `${String(numbered).padStart(2, '0')}b-${slug(name)}.png`));
      },
      advance: async (ms) => void (await (await sandbox()).advanceClock(ms)),
      allow: (pattern) => void allowed.push(pattern),
    };
    await use(owner);

    const found = await problems(torpedo, allowed);
    expect(found, 'the journey ran into errors').toEqual([]);
  },
});
