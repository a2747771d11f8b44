/**
 * The preload's bridge as the page sees it. Electron is mocked: contextBridge
 * captures what is exposed, ipcRenderer is a stand-in that records invokes and
 * lets the test deliver messages on the event port.
 */
import type { IpcRendererEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, EVENT_PORT, EVENTS } from '@shared/ipc-contract';
import type { TorpedoBridge } from '@shared/ipc-contract';

type IpcListener = (event: IpcRendererEvent, message: unknown) => void;

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<IpcListener>>();
  return {
    /** Plain arrays, not spies: vitest clears spy calls before each test, and this happens once, at import. */
    exposed: [] as [string, unknown][],
    listeners,
    ipcRenderer: {
      invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
      on: vi.fn((channel: string, listener: IpcListener) => {
        const set = listeners.get(channel) ?? new Set();
        set.add(listener);
        listeners.set(channel, set);
      }),
      removeListener: vi.fn((channel: string, listener: IpcListener) =>
        listeners.get(channel)?.delete(listener),
      ),
    },
  };
});
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => electron.exposed.push([name, api]) },
  ipcRenderer: electron.ipcRenderer,
}));

await import('../../src/preload/index');
const bridge = electron.exposed[0]?.[1] as TorpedoBridge;

/** What main's webContents.send(EVENT_PORT, message) looks like from the preload. */
function sendFromMain(message: unknown) {
  const fakeEvent = { sender: electron.ipcRenderer, senderId: 0 } as unknown as IpcRendererEvent;
  for (const listener of electron.listeners.get(EVENT_PORT) ?? []) listener(fakeEvent, message);
}
const portListeners = () => electron.listeners.get(EVENT_PORT)?.size ?? 0;

describe('preload bridge (electron mocked)', () => {
  it('exposes one object, window.torpedo, with invoke and on only', () => {
    expect(electron.exposed.map(([name]) => name)).toEqual(['torpedo']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
  });

  it('forwards every contract channel to ipcRenderer.invoke with its input', async () => {
    for (const channel of CHANNELS) {
      await expect(bridge.invoke(channel, {} as never)).resolves.toEqual({
        ok: true,
        value: { channel, input: {} },
      });
    }
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(CHANNELS.length);
  });

  it('refuses names outside the contract without touching IPC', async () => {
    const invoke = bridge.invoke as (channel: unknown, input: unknown) => Promise<unknown>;
    for (const name of [
      'torpedo:event',
      'ELECTRON_BROWSER_REQUIRE',
      'settings:GET',
      '',
      42,
      null,
      { toString: () => 'app:info' },
    ]) {
      await expect(invoke(name, {}), String(name)).rejects.toThrow(/Unknown channel/);
    }
    expect(electron.ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('refuses to subscribe to events outside the contract', () => {
    const on = bridge.on as (event: unknown, listener: unknown) => unknown;
    for (const name of ['torpedo:event', 'session:Changed', 'app:info', undefined]) {
      expect(() => on(name, () => undefined), String(name)).toThrow(/Unknown event/);
    }
    expect(() => on('session:changed', 'not a function')).toThrow(/function/);
    expect(portListeners()).toBe(0);
  });

  it('passes the listener only the payload of its own event', () => {
    const listener = vi.fn();
    const off = bridge.on('balance:changed', listener);
    const payload = { balance: 12.5, currency: 'BRL', companyName: 'Padaria', fetchedAt: 'x', stale: false };
    sendFromMain({ event: 'balance:changed', payload });
    sendFromMain({ event: 'session:changed', payload: { signedIn: false } });
    expect(listener.mock.calls).toEqual([[payload]]);
    off();
  });

  it('ignores malformed or unknown messages on the port', () => {
    const listener = vi.fn();
    const off = bridge.on('session:changed', listener);
    for (const message of [null, 'session:changed', 42, {}, { event: 'nope', payload: 1 }])
      sendFromMain(message);
    expect(listener).not.toHaveBeenCalled();
    off();
  });

  it('returns an unsubscribe that stops delivery and releases the port with the last listener', () => {
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = bridge.on('connectivity:changed', first);
    const offSecond = bridge.on('connectivity:changed', second);
    expect(portListeners()).toBe(1);

    offFirst();
    sendFromMain({ event: 'connectivity:changed', payload: { state: 'online', checkedAt: null } });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);

    offSecond();
    offSecond();
    expect(portListeners()).toBe(0);
  });

  it('keeps other listeners running when one throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = vi.fn();
    const offBad = bridge.on('session:changed', () => {
      throw new Error('boom');
    });
    const offGood = bridge.on('session:changed', good);
    sendFromMain({ event: 'session:changed', payload: {} });
    expect(good).toHaveBeenCalledWith({});
    offBad();
    offGood();
    error.mockRestore();
  });

  it('lets every contract event be subscribed', () => {
    for (const event of EVENTS) bridge.on(event, () => undefined)();
    expect(portListeners()).toBe(0);
  });
});
