/**
 * src/main/index.ts end to end, with Electron and the core both mocked: the
 * Electron binary cannot start here, and the real core is tested in test/core.
 * Each test imports index.ts afresh, as a new app launch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../src/shared/ipc-contract';

type Listener = (...args: unknown[]) => unknown;

const h = vi.hoisted(() => {
  const state = {
    lock: true,
    appHandlers: new Map<string, Listener[]>(),
    ipcHandlers: new Map<string, Listener>(),
    windows: [] as FakeWindow[],
    core: null as null | {
      dispatch: ReturnType<typeof vi.fn>;
      dispatchUntrusted: ReturnType<typeof vi.fn>;
      onEvent: ReturnType<typeof vi.fn>;
      close: ReturnType<typeof vi.fn>;
    },
    createCoreError: null as Error | null,
    calls: [] as string[],
  };
  class FakeWindow {
    static getAllWindows = () => state.windows;
    readonly once = vi.fn(
      (name: string, cb: () => void) => name === 'ready-to-show' && this.readyToShow.push(cb),
    );
    readonly readyToShow: (() => void)[] = [];
    readonly loadURL = vi.fn((_url: string) => Promise.resolve());
    readonly show = vi.fn();
    readonly webContents = { isDestroyed: () => false, send: vi.fn() };
    isDestroyed = () => false;
    constructor(readonly options: Record<string, unknown>) {
      state.windows.push(this);
    }
  }
  const record = (name: string) => vi.fn(() => void state.calls.push(name));
  return {
    state,
    FakeWindow,
    app: {
      isPackaged: false,
      name: 'Torpedo',
      enableSandbox: record('enableSandbox'),
      requestSingleInstanceLock: () => state.lock,
      quit: record('quit'),
      on: (name: string, listener: Listener) => {
        state.appHandlers.set(name, [...(state.appHandlers.get(name) ?? []), listener]);
      },
      whenReady: () => Promise.resolve(),
      getPath: (name: string) => `/home/ana/.config/${name}`,
      setAppUserModelId: vi.fn(),
      getVersion: () => '0.1.0',
      getPreferredSystemLanguages: () => ['pt-BR'],
      getLocale: () => 'pt-BR',
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: record('csp') },
        setPermissionRequestHandler: record('permissions'),
        setPermissionCheckHandler: vi.fn(),
        setDevicePermissionHandler: vi.fn(),
      },
    },
    createCore: vi.fn(async () => {
      if (state.createCoreError) throw state.createCoreError;
      state.calls.push('createCore');
      return state.core;
    }),
    showErrorBox: vi.fn(),
  };
});

vi.mock('electron', () => ({
  app: h.app,
  BrowserWindow: h.FakeWindow,
  dialog: { showErrorBox: h.showErrorBox },
  ipcMain: {
    handle: (channel: string, handler: Listener) => h.state.ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => h.state.ipcHandlers.delete(channel),
  },
  nativeTheme: { shouldUseDarkColors: false },
  session: h.session,
  Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn() },
  shell: { openExternal: vi.fn() },
  clipboard: { writeText: vi.fn() },
  net: { isOnline: () => true },
  Notification: class {},
}));
vi.mock('../../src/core/create-core', () => ({ createCore: h.createCore }));

const argv = process.argv;

async function launch(args: string[] = []) {
  process.argv = [...argv, ...args];
  vi.resetModules();
  await import('../../src/main/index');
  await vi.waitFor(() => {
    if (h.state.lock && !h.state.createCoreError && h.state.windows.length === 0)
      throw new Error('no window yet');
  });
}

function fireApp(name: string, ...args: unknown[]) {
  for (const listener of h.state.appHandlers.get(name) ?? []) listener(...args);
}

beforeEach(() => {
  Object.assign(h.state, {
    lock: true,
    appHandlers: new Map(),
    ipcHandlers: new Map(),
    windows: [],
    createCoreError: null,
    calls: [],
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
  delete process.env.ELECTRON_RENDERER_URL;
});
afterEach(() => {
  process.argv = argv;
  delete process.env.ELECTRON_RENDERER_URL;
  vi.restoreAllMocks();
});

describe('main process lifecycle (electron and core mocked)', () => {
  it('a second launch quits at once and starts nothing', async () => {
    h.state.lock = false;
    await launch();
    expect(h.state.calls).toContain('quit');
    expect(h.createCore).not.toHaveBeenCalled();
    expect(h.state.windows).toHaveLength(0);
  });

  it('hardens the session before the core starts, then opens one window', async () => {
    await launch();
    expect(h.state.calls.slice(0, 4)).toEqual(['enableSandbox', 'permissions', 'csp', 'createCore']);
    expect(h.createCore).toHaveBeenCalledWith(
      expect.objectContaining({
        dataDir: '/home/ana/.config/userData',
        demoWhenSignedOut: false,
        idleProbe: true,
      }),
    );
    expect(h.state.windows).toHaveLength(1);
  });

  it('starts the demo when launched with --demo', async () => {
    await launch(['--demo']);
    expect(h.createCore).toHaveBeenCalledWith(expect.objectContaining({ demoWhenSignedOut: true }));
  });

  it('opens a hidden, sandboxed window on the built page and shows it when ready', async () => {
    await launch();
    const [win] = h.state.windows;
    const prefs = win?.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(win?.options.backgroundColor).toBe('#101014'); // the saved theme is dark
    expect(win?.loadURL).toHaveBeenCalledWith(expect.stringMatching(/^file:\/\/.*\/renderer\/index\.html$/));
    expect(win?.show).not.toHaveBeenCalled();
    win?.readyToShow.forEach((cb) => cb());
    expect(win?.show).toHaveBeenCalled();
  });

  it('in development, loads the dev server and trusts only it', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173';
    await launch();
    expect(h.state.windows[0]?.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    const handler = h.state.ipcHandlers.get('settings:get');
    await handler?.({ senderFrame: { url: 'http://localhost:5173/#/', parent: null } }, {});
    expect(h.state.core?.dispatch).toHaveBeenCalledWith('settings:get', {});
  });

  it('answers IPC from the loaded page and refuses any other sender', async () => {
    await launch();
    expect(new Set(h.state.ipcHandlers.keys())).toEqual(new Set(CHANNELS));
    const pageUrl = h.state.windows[0]?.loadURL.mock.calls[0]?.[0];
    const handler = h.state.ipcHandlers.get('app:info');
    await handler?.({ senderFrame: { url: `${pageUrl}#/`, parent: null } }, {});
    expect(h.state.core?.dispatch).toHaveBeenCalledWith('app:info', {});

    h.state.core?.dispatch.mockClear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = await handler?.({ senderFrame: { url: 'https://evil.example/', parent: null } }, {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(h.state.core?.dispatch).not.toHaveBeenCalled();
  });

  it('guards every web contents that is created', async () => {
    await launch();
    const contents = { on: vi.fn(), setWindowOpenHandler: vi.fn() };
    fireApp('web-contents-created', {}, contents);
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
    fireApp('will-quit', first);
    expect(first.preventDefault).toHaveBeenCalled();
    const again = { preventDefault: vi.fn() };
    fireApp('will-quit', again); // a second quit while closing must not slip through
    expect(again.preventDefault).toHaveBeenCalled();
    expect(h.state.core?.close).toHaveBeenCalledTimes(1);

    h.state.calls.length = 0;
    finishClose();
    await vi.waitFor(() => expect(h.state.calls).toContain('quit'));
    const last = { preventDefault: vi.fn() };
    fireApp('will-quit', last);
    expect(last.preventDefault).not.toHaveBeenCalled();
  });

  it.runIf(process.platform !== 'darwin')('quits when the last window closes', async () => {
    await launch();
    h.state.calls.length = 0;
    fireApp('window-all-closed');
    expect(h.state.calls).toEqual(['quit']);
  });

  it('explains a failed start and quits', async () => {
    h.state.createCoreError = new Error('The database was written by a newer Torpedo');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await launch();
    await vi.waitFor(() => expect(h.showErrorBox).toHaveBeenCalled());
    expect(h.showErrorBox).toHaveBeenCalledWith(
      'Torpedo could not start',
      'The database was written by a newer Torpedo',
    );
    expect(h.state.calls).toContain('quit');
    expect(h.state.windows).toHaveLength(0);
  });
});
