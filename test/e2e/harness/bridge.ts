import type { Page } from '@playwright/test';
import type { Core } from '@core/kernel/core';
import { CHANNELS, EVENTS } from '@shared/ipc-contract';

/**
 * The test stand-in for the preload. In the app, the preload's
 * contextBridge gives the page `window.torpedo` and ipcRenderer carries each
 * call to main, which calls `core.dispatch`. Here, Playwright's
 * `exposeBinding` carries each call to `core.dispatch` in the test process,
 * and core events come back through `page.evaluate`. The page sees the same
 * `TorpedoBridge` shape and the same allow-list of channel names.
 */

/** What the init script adds to the page's global object (the page side of the harness). */
interface BridgeGlobal {
  __torpedoInvoke(channel: string, input: unknown): Promise<unknown>;
  __torpedoEmit(event: string, payload: unknown): void;
  torpedo: unknown;
  reportError(error: unknown): void;
  addEventListener(type: string, listener: (event: never) => void): void;
  console: { error(...data: unknown[]): void };
}

interface ViolationEvent {
  violatedDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
}

/**
 * Runs in the page before any of the app's scripts (on every navigation).
 * Self-contained: Playwright sends this function's source text, and the
 * channel and event lists as its argument.
 */
function pageBridge(lists: { channels: readonly string[]; events: readonly string[] }): void {
  const page = globalThis as unknown as BridgeGlobal;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  const torpedo = Object.freeze({
    invoke(channel: unknown, input: unknown): Promise<unknown> {
      if (typeof channel !== 'string' || !lists.channels.includes(channel)) {
        return Promise.reject(new Error(`torpedo.invoke: channel not allowed: ${String(channel)}`));
      }
      return page.__torpedoInvoke(channel, input);
    },
    on(event: unknown, listener: unknown): () => void {
      if (typeof event !== 'string' || !lists.events.includes(event)) {
        throw new Error(`torpedo.on: event not allowed: ${String(event)}`);
      }
      if (typeof listener !== 'function') throw new TypeError('torpedo.on: listener must be a function');
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = (payload: unknown) => (listener as (payload: unknown) => void)(payload);
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
  });

  Object.defineProperty(page, 'torpedo', { value: torpedo, enumerable: true });
  Object.defineProperty(page, '__torpedoEmit', {
    value(event: string, payload: unknown) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          // As an uncaught error in an ipcRenderer listener would be: a page error.
          page.reportError(error);
        }
      }
    },
  });

  // Chromium logs violations itself; this also catches ones reported without a console line.
  page.addEventListener('securitypolicyviolation', (event: ViolationEvent) => {
    page.console.error(
      `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} ` +
        `at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
}

/** A call the page made that the core answered with `{ ok: false }`. */
export interface FailedCall {
  channel: string;
  code: string;
  message: string;
}

/**
 * Installs `window.torpedo` on `page` (for this and every later navigation),
 * wired to `core`. Every call the core refuses is passed to `onFailure`
 * (the journeys fail on an `internal_error`). Returns a function that stops
 * forwarding core events.
 */
export async function installTorpedoBridge(
  page: Page,
  core: Core,
  onFailure: (call: FailedCall) => void = () => undefined,
): Promise<() => void> {
  await page.exposeBinding('__torpedoInvoke', async (_source, channel: unknown, input: unknown) => {
    const result = await core.dispatchUntrusted(channel, input);
    if (!result.ok)
      onFailure({ channel: String(channel), code: result.error.code, message: result.error.message });
    return result;
  });
  await page.addInitScript(pageBridge, { channels: [...CHANNELS], events: [...EVENTS] });
  return core.onEvent((event, payload) => {
    page
      .evaluate(([e, p]) => (globalThis as unknown as BridgeGlobal).__torpedoEmit(e, p), [
        event,
        payload,
      ] as const)
      // The page may be navigating or closed; Electron drops events to a closed window too.
      .catch(() => undefined);
  });
}
