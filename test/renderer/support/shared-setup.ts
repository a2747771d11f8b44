/**
 * Runs before each renderer test file. The renderer's files share one module
 * graph per worker (`isolate: false` in vitest.config.ts: loading naive-ui,
 * Vue and the views once per worker rather than once per file was most of
 * the project's time), so what one file leaves behind would reach the next.
 * Each file starts as it would in a fresh worker.
 */
import { disableAutoUnmount } from '@vue/test-utils';
import { afterAll, vi } from 'vitest';

// Test files call `enableAutoUnmount(afterEach)` for their own tests; the flag
// behind it lives in @vue/test-utils, loaded once for all files: clear it.
disableAutoUnmount();

// Timers the file's components leave running (naive-ui hides a message 3 s
// after showing it) would fire after the file's window is gone ("window is
// not defined" in the next file): a fresh worker would have died with them.
const realSetTimeout = globalThis.setTimeout;
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
globalThis.setTimeout = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const timer = realSetTimeout(() => {
    pendingTimers.delete(timer);
    run(...args);
  }, ms);
  pendingTimers.add(timer);
  return timer;
}) as typeof setTimeout;

afterAll(() => {
  vi.useRealTimers();
  pendingTimers.forEach((timer) => clearTimeout(timer));
  pendingTimers.clear();
  globalThis.setTimeout = realSetTimeout;
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  // A file that forgot to install its bridge must fail, not talk to the previous file's.
  Reflect.deleteProperty(window, 'torpedo');
  // Teleported dialogs and messages of a mount the file did not unmount.
  document.body.innerHTML = '';
});
