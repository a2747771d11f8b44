/**
 * src/main/index.ts end to end, with Electron and the core both mocked: the
 * Electron binary cannot start here, and the real core is tested in test/core.
 * Each test imports index.ts afresh, as a new app launch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Host } from '@core/kernel/host';
import { CHANNELS } from '@shared/ipc-contract';

const h = await vi.hoisted(async () => {
  const { createElectronStandIn } = await import('./electron-stand-in');
  const { createMemoryLog } = await import('../support/memory-log');
  const state = {
    core: null as null | {
      dispatch: ReturnType<typeof vi.fn>;
      dispatchUntrusted: ReturnType<typeof vi.fn>;
      onEvent: ReturnType<typeof vi.fn>;
      close: ReturnType<typeof vi.fn>;
    },
    createCoreError: null as Error | null,
    log: null as null | ReturnType<typeof createMemoryLog>,
  };
  const standIn = (lock = true) =>
    createElectronStandIn({ getPath: (name) => `/home/ana/.config/${name}`, singleInstanceLock: lock });
  return {
    state,
    standIn,
    electron: standIn(),
    // Main's log, in memory: the data folder of these launches is imaginary.
    openLog: vi.fn((options: { dataDir: string }) => {
      state.log = createMemoryLog(`${options.dataDir}/logs`);
      return state.log;
    }),
    createCore: vi.fn(async () => {
      if (state.createCoreError) throw state.createCoreError;
      h.electron.record.calls.push('createCore');
      return state.core;
    }),
  };
});

// The shared stand-in (test/main/electron-stand-in.ts), swapped for a fresh one before each launch:
// each export reads the current one.
vi.mock('electron', () =>
  Object.defineProperties(
    {},
    Object.fromEntries(
      Object.keys(h.electron.module).map((name) => [
        name,
        { enumerable: true, get: () => h.electron.module[name] },
      ]),
    ),
  ),
);
// Main takes everything of the core from create-core (its wall): the core and the log file are stood in
// for, the rest (the log level reader, the updater's port, the owner-only mode) is the real one.
vi.mock('@core/kernel/create-core', async () => ({
  createCore: h.createCore,
  openLog: h.openLog,
  isLogLevel: (await import('@core/log/log-level')).isLogLevel,
  unsupportedStatus: (await import('@core/updates/updates-port')).unsupportedStatus,
  OWNER_ONLY_FILE: (await import('@core/files/owner-only')).OWNER_ONLY_FILE,
}));

const argv = process.argv;
/** The stand-in of the current launch. */
const rec = () => h.electron.record;

async function launch(args: string[] = [], { lock = true } = {}) {
  h.electron = h.standIn(lock);
  process.argv = [...argv, ...args];
  vi.resetModules();
  await import('../../src/main/index');
  await vi.waitFor(() => {
    if (lock && !h.state.createCoreError && rec().windows.length === 0) throw new Error('no window yet');
  });
}

beforeEach(() => {
  Object.assign(h.state, {
    createCoreError: null,
    core: (() => {
      // One spy for both entries: main reads its settings through the typed one, the window's calls
      // come through the untrusted one.
      const dispatch = vi.fn(async (channel: string) =>
        channel === 'settings:get'
          ? { ok: true, value: { language: 'system', theme: 'dark' } }
          : { ok: true, value: null },
      );
      return {
        dispatch,
        dispatchUntrusted: dispatch,
        onEvent: vi.fn(() => () => undefined),
        close: vi.fn(() => Promise.resolve()),
      };
    })(),
  });
  h.createCore.mockClear();
  delete process.env.ELECTRON_RENDERER_URL;
});
afterEach(() => {
  process.argv = argv;
  delete process.env.ELECTRON_RENDERER_URL;
  vi.restoreAllMocks();
});

describe('main process lifecycle (electron stand-in, core mocked)', () => {
  it('a second launch quits at once and starts nothing', async () => {
    await launch([], { lock: false });
    expect(rec().calls).toContain('quit');
    expect(h.createCore).not.toHaveBeenCalled();
    expect(rec().windows).toHaveLength(0);
  });

  it('hardens the session before the core starts, then opens one window', async () => {
    await launch();
    expect(rec().calls.slice(0, 5)).toEqual(['enableSandbox', 'permissions', 'csp', 'menu', 'createCore']);
    expect(h.createCore).toHaveBeenCalledWith(
      expect.objectContaining({ dataDir: '/home/ana/.config/userData', demoWhenSignedOut: false }),
    );
    expect(rec().windows).toHaveLength(1);
  });

  it("hands the core main's updater: one that says a copy run from the sources does not update itself", async () => {
    await launch();
    const { host } = (h.createCore.mock.calls[0] as unknown as [{ host: Host }])[0];
    expect(host.updates?.status()).toMatchObject({ currentVersion: '0.1.0', unsupported: 'development' });
    expect(await host.updates?.restart(false)).toBe('notReady');
  });

  it('starts the demo when launched with --demo', async () => {
    await launch(['--demo']);
    expect(h.createCore).toHaveBeenCalledWith(expect.objectContaining({ demoWhenSignedOut: true }));
  });

  it('opens a hidden, sandboxed window on the built page and shows it when ready', async () => {
    await launch();
    const [win] = rec().windows;
    const prefs = win?.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(win?.options.backgroundColor).toBe('#101014'); // the saved theme is dark
    expect(win?.loadedUrls).toEqual([expect.stringMatching(/^file:\/\/.*\/renderer\/index\.html$/)]);
    expect(win?.shown).toBe(false);
    win?.paint();
    expect(win?.shown).toBe(true);
  });

  it('in development, loads the dev server and trusts only it', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173';
    await launch();
    expect(rec().windows[0]?.loadedUrls).toEqual(['http://localhost:5173/']);
    await h.electron.invoke('settings:get', {}, 'http://localhost:5173/#/');
    expect(h.state.core?.dispatch).toHaveBeenCalledWith('settings:get', {});
  });

  it('answers IPC from the loaded page and refuses any other sender', async () => {
    await launch();
    expect(new Set(rec().ipcHandlers.keys())).toEqual(new Set(CHANNELS));
    const pageUrl = rec().windows[0]?.loadedUrls[0];
    await h.electron.invoke('app:info', {}, `${pageUrl}#/`);
    expect(h.state.core?.dispatch).toHaveBeenCalledWith('app:info', {});

    h.state.core?.dispatch.mockClear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = await h.electron.invoke('app:info', {}, 'https://evil.example/');
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(h.state.core?.dispatch).not.toHaveBeenCalled();
  });

  it('guards every web contents that is created', async () => {
    await launch();
    const contents = { on: vi.fn(), setWindowOpenHandler: vi.fn() };
    h.electron.fireApp('web-contents-created', {}, contents);
    expect(contents.on.mock.calls.map(([name]) => name)).toEqual(
      expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']),
    );
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();
  });

  it('holds the quit until the core is closed, then quits', async () => {
    await launch();
    let finishClose: () => void = () => undefined;
    h.state.core?.close.mockImplementation(() => new Promise<void>((resolve) => (finishClose = resolve)));

    const first = { preventDefault: vi.fn() };
    h.electron.fireApp('will-quit', first);
    expect(first.preventDefault).toHaveBeenCalled();
    const again = { preventDefault: vi.fn() };
    h.electron.fireApp('will-quit', again); // a second quit while closing must not slip through
    expect(again.preventDefault).toHaveBeenCalled();
    expect(h.state.core?.close).toHaveBeenCalledTimes(1);

    rec().calls.length = 0;
    finishClose();
    await vi.waitFor(() => expect(rec().calls).toContain('quit'));
    const last = { preventDefault: vi.fn() };
    h.electron.fireApp('will-quit', last);
    expect(last.preventDefault).not.toHaveBeenCalled();
  });

  it("gives the core main's log, and closes it after the core on quit", async () => {
    await launch();
    const log = h.state.log!;
    expect(h.openLog).toHaveBeenCalledWith(
      expect.objectContaining({ dataDir: '/home/ana/.config/userData', src: 'main' }),
    );
    expect(log.lines.map((l) => `${l.src} ${l.event}`)).toContain('main main.starting');
    const { log: coreLog } = (
      h.createCore.mock.calls[0] as unknown as [{ log: { info(e: string): void } }]
    )[0];
    coreLog.info('core.something');
    expect(log.lines.at(-1)).toMatchObject({ src: 'core', event: 'core.something' });

    const order: string[] = [];
    h.state.core?.close.mockImplementation(async () => void order.push('core closed'));
    const close = log.close;
    log.close = async () => {
      order.push('log closed');
      await close();
    };
    h.electron.fireApp('will-quit', { preventDefault: vi.fn() });
    await vi.waitFor(() => expect(rec().calls).toContain('quit'));
    expect(order).toEqual(['core closed', 'log closed']);
  });

  it("Help › Abrir pasta de registros opens the log folder; Copiar diagnóstico copies the core's text", async () => {
    await launch();
    const template = rec().menu as { role?: string; submenu?: { label?: string; click?: () => void }[] }[];
    const help = template.find((item) => item.role === 'help')?.submenu ?? [];
    const item = (label: string) => help.find((entry) => entry.label === label);
    // The stand-in's OS speaks Portuguese, and the menu with it.
    item('Abrir pasta de registros')?.click?.();
    expect(rec().openedPaths).toEqual(['/home/ana/.config/userData/logs']);

    h.state.core?.dispatch.mockImplementation(async (channel: string) =>
      channel === 'diagnostics:copy'
        ? { ok: true, value: { text: 'Diagnóstico' } }
        : { ok: true, value: null },
    );
    item('Copiar diagnóstico')?.click?.();
    await vi.waitFor(() => expect(h.state.core?.dispatch).toHaveBeenCalledWith('diagnostics:copy', {}));
  });

  it.runIf(process.platform !== 'darwin')('quits when the last window closes', async () => {
    await launch();
    rec().calls.length = 0;
    h.electron.fireApp('window-all-closed');
    expect(rec().calls).toEqual(['quit']);
  });

  it('explains a failed start and quits', async () => {
    h.state.createCoreError = new Error('The database was written by a newer Torpedo');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await launch();
    await vi.waitFor(() => expect(rec().errorBoxes).toHaveLength(1));
    expect(rec().errorBoxes[0]).toEqual({
      title: 'Torpedo could not start',
      content: 'The database was written by a newer Torpedo',
    });
    expect(rec().calls).toContain('quit');
    expect(rec().windows).toHaveLength(0);
  });
});
