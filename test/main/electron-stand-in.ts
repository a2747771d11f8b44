/**
 * A stand-in for the `electron` module: the parts of Electron's API that
 * src/main touches, recording what main asked of them. Electron's binary
 * cannot be downloaded on these machines, so main's unit tests mock
 * `electron` with this (vi.mock), and `npm run check:package` maps the packed
 * main bundle's `import 'electron'` to it when it runs that bundle under
 * plain Node (scripts/package/smoke-driver.ts). One stand-in, so what the
 * unit tests prove about main is what the packed smoke run exercises.
 *
 * Self-contained and erasable-only TypeScript (no enums, no parameter
 * properties, no imports): Node 24 runs it as it is, without a compiler.
 */

type Listener = (...args: unknown[]) => unknown;

export interface StandInOptions {
  /** What `app.getPath(name)` answers; default `/tmp/electron-stand-in/<name>`. */
  getPath?: (name: string) => string;
  isPackaged?: boolean;
  version?: string;
  /** Whether this launch gets the single-instance lock (false: a second launch). */
  singleInstanceLock?: boolean;
  /** Whether the OS prefers dark colours. */
  dark?: boolean;
}

export interface StandInWindow {
  readonly options: Record<string, unknown>;
  /** Every URL passed to loadURL, in order. */
  readonly loadedUrls: string[];
  shown: boolean;
  /** Runs the 'ready-to-show' listeners, as Electron does after the first paint. */
  paint(): void;
}

/** Everything main did through the stand-in, in the order it happened where that matters. */
export interface StandInRecord {
  /** Named calls, in order: enableSandbox, permissions, csp, quit, menu, ... */
  calls: string[];
  appHandlers: Map<string, Listener[]>;
  ipcHandlers: Map<string, Listener>;
  windows: StandInWindow[];
  errorBoxes: { title: string; content: string }[];
  /** Messages sent to each window's webContents. */
  sent: { channel: string; payload: unknown }[];
  /** The application menu's template, as last set. */
  menu: unknown;
  /** Folders and files main asked the OS to open (shell.openPath). */
  openedPaths: string[];
  /** What main put on the clipboard. */
  clipboard: string[];
}

export interface ElectronStandIn {
  readonly record: StandInRecord;
  /** The object to hand out as the `electron` module. */
  readonly module: Record<string, unknown>;
  /** Emits an app event (`will-quit`, `window-all-closed`, ...) to main's listeners. */
  fireApp(name: string, ...args: unknown[]): void;
  /** Calls main's IPC handler for `channel` as the app's own page would. */
  invoke(channel: string, input: unknown, senderUrl?: string): Promise<unknown>;
}

export function createElectronStandIn(options: StandInOptions = {}): ElectronStandIn {
  const record: StandInRecord = {
    calls: [],
    appHandlers: new Map(),
    ipcHandlers: new Map(),
    windows: [],
    errorBoxes: [],
    sent: [],
    menu: null,
    openedPaths: [],
    clipboard: [],
  };
  const note = (name: string) => () => void record.calls.push(name);
  const getPath = options.getPath ?? ((name: string) => `/tmp/electron-stand-in/${name}`);

  const on = (name: string, listener: Listener) => {
    record.appHandlers.set(name, [...(record.appHandlers.get(name) ?? []), listener]);
  };
  const app = {
    isPackaged: options.isPackaged ?? false,
    name: 'Torpedo',
    enableSandbox: note('enableSandbox'),
    requestSingleInstanceLock: () => options.singleInstanceLock ?? true,
    quit: note('quit'),
    on,
    once: on,
    whenReady: () => Promise.resolve(),
    getPath,
    getAppPath: () => getPath('appPath'),
    setAppUserModelId: note('setAppUserModelId'),
    getVersion: () => options.version ?? '0.1.0',
    getName: () => 'Torpedo',
    getPreferredSystemLanguages: () => ['pt-BR'],
    getLocale: () => 'pt-BR',
  };

  class BrowserWindow implements StandInWindow {
    static getAllWindows = () => record.windows;
    static getFocusedWindow = () => record.windows[0] ?? null;
    readonly loadedUrls: string[] = [];
    shown = false;
    readonly options: Record<string, unknown>;
    readonly webContents = {
      isDestroyed: () => false,
      send: (channel: string, payload: unknown) => void record.sent.push({ channel, payload }),
    };
    private readonly readyToShow: (() => void)[] = [];
    constructor(windowOptions: Record<string, unknown>) {
      this.options = windowOptions;
      record.windows.push(this);
    }
    once(name: string, listener: () => void): void {
      if (name === 'ready-to-show') this.readyToShow.push(listener);
    }
    loadURL(url: string): Promise<void> {
      this.loadedUrls.push(url);
      return Promise.resolve();
    }
    show(): void {
      this.shown = true;
    }
    isDestroyed = () => false;
    isMinimized = () => false;
    isVisible = () => this.shown;
    restore(): void {}
    focus(): void {}
    paint(): void {
      for (const listener of this.readyToShow) listener();
    }
  }

  const module: Record<string, unknown> = {
    app,
    BrowserWindow,
    dialog: {
      showErrorBox: (title: string, content: string) => void record.errorBoxes.push({ title, content }),
      showSaveDialog: () => Promise.resolve({ canceled: true }),
      showMessageBox: () => Promise.resolve({ response: 0 }),
    },
    ipcMain: {
      handle: (channel: string, handler: Listener) => void record.ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => void record.ipcHandlers.delete(channel),
    },
    nativeTheme: { shouldUseDarkColors: options.dark ?? false },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: note('csp') },
        setPermissionRequestHandler: note('permissions'),
        setPermissionCheckHandler: () => undefined,
        setDevicePermissionHandler: () => undefined,
      },
    },
    Menu: {
      setApplicationMenu: (menu: unknown) => {
        record.calls.push('menu');
        record.menu = menu;
      },
      buildFromTemplate: (template: unknown) => template,
    },
    shell: {
      openExternal: () => Promise.resolve(),
      openPath: (path: string) => {
        record.openedPaths.push(path);
        return Promise.resolve('');
      },
    },
    clipboard: { writeText: (text: string) => void record.clipboard.push(text) },
    net: { isOnline: () => true },
    Notification: class {
      static isSupported = () => false;
      show(): void {}
    },
  };

  return {
    record,
    module,
    fireApp(name, ...args) {
      for (const listener of record.appHandlers.get(name) ?? []) listener(...args);
    },
    async invoke(channel, input, senderUrl) {
      const handler = record.ipcHandlers.get(channel);
      if (!handler) throw new Error(`main registered no handler for ${channel}`);
      const url = senderUrl ?? record.windows[0]?.loadedUrls[0] ?? '';
      return handler({ senderFrame: { url, parent: null } }, input);
    },
  };
}
