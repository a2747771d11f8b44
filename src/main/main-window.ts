import { BrowserWindow } from 'electron';
import type { AppPage } from './app-page';
import { mainLog } from './main-log';
import { windowOptions } from './window-options';

export interface MainWindowInput {
  page: AppPage;
  mainDir: string;
  dark: boolean;
}

/** Creates the window, shows it once its first frame is painted, and loads the app page. */
export function createMainWindow({ page, mainDir, dark }: MainWindowInput): BrowserWindow {
  const win = new BrowserWindow(windowOptions({ mainDir, dark }));
  win.once('ready-to-show', () => win.show());
  win.loadURL(page.url).catch((error: unknown) => {
    mainLog.error('main.pageNotLoaded', { error });
  });
  return win;
}

/** Brings an existing window to the front (a second launch, or the dock icon on macOS). */
export function focusWindow(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore();
  if (!win.isVisible()) win.show();
  win.focus();
}
