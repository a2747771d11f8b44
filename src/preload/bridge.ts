import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { TorpedoBridge } from '../shared/ipc-contract';
import { EVENT_PORT, isChannelName, isEventName } from '../shared/ipc-contract';

type Listener = (payload: unknown) => void;

/**
 * The page's only way to main: `invoke` for contract channels, `on` for
 * contract events. Names outside the contract are refused here, before
 * anything crosses IPC, and the page never receives Electron's event object
 * (it would carry `sender`, an IpcRenderer the page could use freely).
 */
export function createBridge(
  ipcRenderer: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
): TorpedoBridge {
  const listeners = new Map<string, Set<Listener>>();
  let subscribed = false;

  const deliver = (_event: IpcRendererEvent, message: unknown) => {
    if (typeof message !== 'object' || message === null) return;
    const { event, payload } = message as { event?: unknown; payload?: unknown };
    if (!isEventName(event)) return;
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`A listener for ${event} failed:`, error);
      }
    }
  };

  // One IPC subscription serves every page listener; it is dropped with the last one.
  const release = () => {
    if (subscribed && [...listeners.values()].every((set) => set.size === 0)) {
      ipcRenderer.removeListener(EVENT_PORT, deliver);
      subscribed = false;
    }
  };

  const bridge = {
    invoke(channel: unknown, input: unknown): Promise<unknown> {
      if (!isChannelName(channel)) {
        return Promise.reject(new Error(`Unknown channel: ${String(channel)}`));
      }
      return ipcRenderer.invoke(channel, input);
    },
    on(event: unknown, listener: unknown): () => void {
      if (!isEventName(event)) throw new Error(`Unknown event: ${String(event)}`);
      if (typeof listener !== 'function') throw new Error('A listener must be a function');
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      // Wrapped so the same function registered twice is two subscriptions, each with its own off().
      const entry: Listener = (payload) => (listener as Listener)(payload);
      set.add(entry);
      if (!subscribed) {
        ipcRenderer.on(EVENT_PORT, deliver);
        subscribed = true;
      }
      return () => {
        set.delete(entry);
        release();
      };
    },
  };
  return bridge as TorpedoBridge;
}
