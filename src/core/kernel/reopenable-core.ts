/**
 * The core as its hosts hold it (main, the CLI, the e2e harness): one
 * object for the whole run, around the core started on the data folder
 * now. Work that must replace the data under the core (a restore) runs in
 * `reopen`: the core is closed (its workers stopped, every connection
 * shut), the work runs, and a core is started again on what it left (a
 * normal one, or the recovery core when the data is still not usable).
 * Calls that arrive meanwhile wait for the new core; listeners stay
 * subscribed across it.
 */
import type { Core, EventListener } from './core';

/** Runs `work` with the core closed, then starts it again. */
export type Reopen = <T>(work: () => Promise<T>) => Promise<T>;

export async function reopenableCore(
  start: (reopen: Reopen) => Promise<Core>,
  afterClose: () => Promise<void>,
): Promise<Core> {
  const listeners = new Set<EventListener>();
  const forward: EventListener = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };
  let current: Core;
  let stopForwarding: () => void = () => undefined;
  let reopening: Promise<void> | null = null;

  const begin = async () => {
    current = await start(reopen);
    stopForwarding = current.onEvent(forward);
  };
  const reopen: Reopen = async (work) => {
    let done!: () => void;
    reopening = new Promise((resolve) => (done = resolve));
    try {
      stopForwarding();
      await current.close();
      try {
        return await work();
      } finally {
        await begin();
      }
    } finally {
      reopening = null;
      done();
    }
  };
  /** The core to call: the current one, or the next once a reopen is over. */
  const ready = async () => {
    if (reopening) await reopening;
    return current;
  };

  await begin();
  return {
    dispatch: async (channel, input) => (await ready()).dispatch(channel, input),
    dispatchUntrusted: async (channel, input) => (await ready()).dispatchUntrusted(channel, input),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stopBackground: async () => (await ready()).stopBackground(),
    close: async () => {
      if (reopening) await reopening;
      stopForwarding();
      await current.close();
      await afterClose();
    },
  };
}
