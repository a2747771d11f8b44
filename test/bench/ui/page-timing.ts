/**
 * Timing a screen from inside the page: from the user's input (the event's
 * own timestamp: a click's pointerdown, the last key typed) to the frame in
 * which the page first shows the result, checked on every animation frame;
 * and the long tasks (over LONG_TASK_MS) in that span and just after it.
 */
import type { Page } from '@playwright/test';

export const LONG_TASK_MS = 100;
/** Long tasks are also counted this long after the result shows (a collection, a late render). */
const AFTER_MS = 300;

export interface BenchProbe {
  inputs: number[];
  longTasks: { start: number; duration: number }[];
  doneAt: number | null;
  startAt: number | null;
  /** First frames at which named milestones held, on the way to done. */
  marks: Record<string, number>;
  /** A check's last word: notes the first frame `ok` was true, and returns it. */
  done(ok: boolean): boolean;
  /** Notes the first frame `ok` was true for a milestone (the report's first paint before it settles). */
  mark(name: string, ok: boolean): void;
  /** A step the page starts itself (no input event) calls this first. */
  start(): void;
  // What the checks and steps read and do in the page (they are sent as source text, so they
  // reach the page only through the probe; the Node side compiles without the DOM's types).
  /** Whether an element matches `selector`. */
  has(selector: string): boolean;
  /** The text of the first element matching `selector`, or null. */
  text(selector: string): string | null;
  attr(selector: string, name: string): string | null;
  classes(selector: string): string[];
  /** Starts a step: the app's router goes to `hash`. */
  go(hash: string): void;
  /** Starts a step: what scrolls inside `selector` (or itself) goes to its end, as a scroll bar dragged there. */
  scrollToEnd(selector: string): void;
}

/** The little of the DOM the probe uses. */
interface PageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  classList: Iterable<string>;
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
interface PageWindow {
  document: { querySelector(selector: string): PageElement | null };
  location: { hash: string };
  addEventListener(type: string, listener: (event: { timeStamp: number }) => void, capture: boolean): void;
}

declare global {
  /** The probe in the page; the checks and steps (sent to the page as source text) reach it by this name. */
  var __bench: BenchProbe;
}

/** Runs in the page before the app's scripts, on every navigation. */
function pageProbe(): void {
  const page = globalThis as unknown as PageWindow;
  const find = (selector: string) => page.document.querySelector(selector);
  const bench: BenchProbe = {
    inputs: [],
    longTasks: [],
    doneAt: null,
    startAt: null,
    marks: {},
    done(ok) {
      if (ok && bench.doneAt === null) bench.doneAt = performance.now();
      return ok;
    },
    mark(name, ok) {
      if (ok && bench.marks[name] === undefined) bench.marks[name] = performance.now();
    },
    start() {
      bench.startAt = performance.now();
    },
    has: (selector) => find(selector) !== null,
    text: (selector) => find(selector)?.textContent ?? null,
    attr: (selector, name) => find(selector)?.getAttribute(name) ?? null,
    classes: (selector) => [...(find(selector)?.classList ?? [])],
    go(hash) {
      bench.start();
      page.location.hash = hash;
    },
    scrollToEnd(selector) {
      const outer = find(selector)!;
      const box = [outer, ...outer.querySelectorAll('*')].find((e) => e.scrollHeight > e.clientHeight + 100)!;
      bench.start();
      box.scrollTop = box.scrollHeight;
    },
  };
  globalThis.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' as 'mark', buffered: true });
  for (const type of ['pointerdown', 'keydown']) {
    page.addEventListener(type, (event) => bench.inputs.push(event.timeStamp), true);
  }
}

/** Installs the probe; call before anything else adds scripts to the page. */
export async function installProbe(page: Page): Promise<void> {
  // tsx compiles with esbuild's keepNames: functions sent to the page (the probe's, the harness
  // bridge's) call its `__name` helper, which exists only in Node. In the page it can do nothing.
  await page.addInitScript('globalThis.__name = (target) => target;');
  await page.addInitScript(pageProbe);
}

export interface Timing {
  ms: number;
  /** The milestones the check marked, from the same start. */
  marks: Record<string, number>;
  /** Long tasks over LONG_TASK_MS from the input to AFTER_MS after the result. */
  longTasks: number;
  /** The longest task in that span (any length), in ms. */
  longestTask: number;
}

/**
 * What the page shows once the step is done. Runs in the page on every frame
 * (Playwright sends its source, so it can use nothing from outside but `arg`
 * and `__bench`), and must end with `__bench.done(ok)`.
 */
export type Check = (arg: string) => boolean;

/** A step the page starts itself (`__bench.go`, `__bench.scrollToEnd`). */
export async function startInPage(page: Page, run: (arg: string) => void, arg: string): Promise<void> {
  await page.evaluate(run, arg);
}

/**
 * Does `act` (clicks or keys through Playwright, or a step in the page that
 * calls `__bench.start()`), then waits for `check` on animation frames. The
 * time runs from the last input event `act` caused (else the start mark) to
 * the first frame `check` passed.
 */
export async function timed(
  page: Page,
  act: () => Promise<unknown>,
  check: Check,
  arg: string,
  timeoutMs = 60_000,
): Promise<Timing> {
  await page.evaluate(() => {
    __bench.inputs = [];
    __bench.doneAt = null;
    __bench.startAt = null;
    __bench.marks = {};
  });
  await act();
  await page.waitForFunction(check, arg, { polling: 'raf', timeout: timeoutMs });
  await page.waitForTimeout(AFTER_MS);
  return page.evaluate(
    ({ limit, after }) => {
      const bench = __bench;
      const start = bench.inputs.at(-1) ?? bench.startAt ?? 0;
      const end = bench.doneAt! + after;
      const tasks = bench.longTasks.filter((t) => t.start + t.duration >= start && t.start <= end);
      return {
        ms: bench.doneAt! - start,
        marks: Object.fromEntries(Object.entries(bench.marks).map(([name, at]) => [name, at - start])),
        longTasks: tasks.filter((t) => t.duration > limit).length,
        longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
      };
    },
    { limit: LONG_TASK_MS, after: AFTER_MS },
  );
}
