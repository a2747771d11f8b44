import { join } from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowOptionsInput {
  /** The folder holding the built main bundle (out/main); the preload sits beside it. */
  mainDir: string;
  /** Paint the window dark before the page loads, so a dark theme does not flash white. */
  dark: boolean;
  title?: string;
  /** process.platform: only Linux takes the window's icon from a file. */
  platform?: NodeJS.Platform;
}

/**
 * The window's icon on Linux, where the window manager shows what the window
 * says (Windows and macOS take the executable's or the bundle's icon).
 * resources/ sits beside out/ in the project and in the packed app alike.
 */
export function windowIconPath(mainDir: string): string {
  return join(mainDir, '../../resources/icon.png');
}

/** naive-ui's body colours, so the first frame matches the page that follows. */
export const BACKGROUND = { light: '#ffffff', dark: '#101014' } as const;

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
export const MIN_SIZE = { width: 1024, height: 700 } as const;

/**
 * The options of every Torpedo window. The page runs with no Node access at
 * all: isolated context, OS sandbox, only the preload's bridge to talk to main.
 */
export function windowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    title: input.title ?? 'Torpedo',
    width: DEFAULT_SIZE.width,
    height: DEFAULT_SIZE.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    // Shown on 'ready-to-show', so the user never sees an empty frame.
    show: false,
    backgroundColor: input.dark ? BACKGROUND.dark : BACKGROUND.light,
    ...((input.platform ?? process.platform) === 'linux' ? { icon: windowIconPath(input.mainDir) } : {}),
    webPreferences: {
      preload: join(input.mainDir, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}
