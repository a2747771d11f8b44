/**
 * IPC registration and the sender check. Electron is mocked: ipcMain is a
 * stand-in that records handlers, events carry hand-made sender frames, and
 * the core is a spy (the real dispatch is tested in test/core).
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, EVENT_PORT } from '@shared/ipc-contract';
import { FORBIDDEN_SENDER, forwardEvents, registerIpc } from '../../src/main/ipc';
import type { Core, EventListener } from '@core/kernel/core';

vi.mock('electron', () => ({}));

const APP = 'file:///app/out/renderer/index.html';
const isAppUrl = (url: string) => url.split('#')[0] === APP;

type Handler = (event: IpcMainInvokeEvent, input: unknown) => Promise<unknown>;

function setup() {
  const handlers = new Map<string, Handler>();
  const handle = vi.fn((channel: string, handler: Handler) => {
    if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    handlers.set(channel, handler);
  });
  const removeHandler = vi.fn((channel: string) => handlers.delete(channel));
  const ipcMain = { handle, removeHandler } as unknown as IpcMain;
  const dispatch = vi.fn(async (channel: string, input: unknown) => ({
    ok: true,
    value: { channel, input },
  }));
  // Main hands the window's calls to the core's untrusted entry, which validates everything.
  const unregister = registerIpc(ipcMain, { dispatchUntrusted: dispatch } as unknown as Core, isAppUrl);
  const call = (channel: string, input: unknown, frame: unknown) =>
    handlers.get(channel)?.({ senderFrame: frame } as IpcMainInvokeEvent, input);
  return { handlers, handle, dispatch, unregister, call };
}

const mainFrame = (url = APP) => ({ url, parent: null });

describe('registerIpc (electron mocked)', () => {
  it('registers exactly one handler per contract channel', () => {
    const { handlers, handle } = setup();
    expect(new Set(handlers.keys())).toEqual(new Set(CHANNELS));
    expect(handle).toHaveBeenCalledTimes(CHANNELS.length);
  });

  it("forwards a call from the app's main frame to core.dispatch, untouched", async () => {
    const { call, dispatch } = setup();
    const input = { accountKey: 'test_abcdefgh' };
    await expect(call('session:signIn', input, mainFrame(`${APP}#/sign-in`))).resolves.toEqual({
      ok: true,
      value: { channel: 'session:signIn', input },
    });
    expect(dispatch).toHaveBeenCalledWith('session:signIn', input);
  });

  it.each([
    ['a foreign page', mainFrame('https://evil.example/')],
    ['another local file', mainFrame('file:///tmp/evil.html')],
    ['a subframe of the app page', { url: APP, parent: mainFrame() }],
    ['a frame that no longer exists', null],
    ['an event without senderFrame', undefined],
  ])('refuses a call from %s without reaching the core', async (_name, frame) => {
    const { call, dispatch } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = (await call('settings:get', {}, frame)) as { ok: boolean; error: { code: string } };
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe(FORBIDDEN_SENDER);
    expect(dispatch).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('removes every handler when unregistered', () => {
    const { handlers, unregister } = setup();
    unregister();
    expect(handlers.size).toBe(0);
  });
});

describe('forwardEvents (electron mocked)', () => {
  it('sends each core event on the event port to every live window', () => {
    let emit: EventListener | undefined;
    const off = vi.fn();
    const core = { onEvent: (l: EventListener) => ((emit = l), off) } as unknown as Core;
    const win = (destroyed = false, contentsDestroyed = false) => ({
      isDestroyed: () => destroyed,
      webContents: { isDestroyed: () => contentsDestroyed, send: vi.fn() },
    });
    const windows = [win(), win(true), win(false, true), win()];
    const unsubscribe = forwardEvents(core, () => windows as never);

    const payload = { state: 'offline', checkedAt: null } as const;
    emit?.('connectivity:changed', payload);

    for (const [i, w] of windows.entries()) {
      if (i === 0 || i === 3)
        expect(w.webContents.send).toHaveBeenCalledWith(EVENT_PORT, {
          event: 'connectivity:changed',
          payload,
        });
      else expect(w.webContents.send).not.toHaveBeenCalled();
    }
    unsubscribe();
    expect(off).toHaveBeenCalled();
  });
});
