import { app, BrowserWindow, dialog, ipcMain, nativeTheme, session } from 'electron';
import type { Core } from '../core/core';
import { createCore } from '../core/create-core';
import { installAppMenu } from './app-menu';
import { createAppPage } from './app-page';
import { installCsp } from './csp';
import { createElectronHost } from './electron-host';
import { forwardEvents, registerIpc } from './ipc';
import { createMainWindow, focusWindow } from './main-window';
import { denyAllPermissions, installNavigationGuards } from './navigation-guards';
import { demoService } from '../sandbox/index';
import { createUpdates, type Updates } from './updates/create-updates';
import { coreDeliveryWatch } from './updates/delivery-watch';

const mainDir = import.meta.dirname;
const page = createAppPage({
  mainDir,
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
  isPackaged: app.isPackaged,
});

let core: Core | undefined;
let updates: Updates | undefined;
let closing: Promise<void> | undefined;

// Every renderer is sandboxed, including any a future change forgets to configure.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) focusWindow(win);
  });
  app.on('web-contents-created', (_event, contents) => installNavigationGuards(contents, page.isAppUrl));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', (event) => {
    updates?.stop();
    if (!core) return;
    // Hold every quit until the core has stopped its workers and closed the database.
    event.preventDefault();
    closing ??= core
      .close()
      .catch((error: unknown) => console.error('Closing the core failed:', describe(error)))
      .finally(() => {
        core = undefined;
        app.quit();
      });
  });
  app.whenReady().then(start).catch(fail);
}

async function start(): Promise<void> {
  if (process.platform === 'win32') app.setAppUserModelId('br.com.torpedo.app');
  denyAllPermissions(session.defaultSession);
  installCsp(session.defaultSession, page.isDevServer);
  const menu = {
    isDev: page.isDevServer,
    isMac: process.platform === 'darwin',
    appName: app.name,
    focusedWindow: () => BrowserWindow.getFocusedWindow(),
  };
  installAppMenu({ ...menu, language: menuLanguage('system', app.getLocale()) });

  updates = createUpdates({
    isPackaged: app.isPackaged,
    version: app.getVersion(),
    env: process.env,
    resourcesPath: process.resourcesPath,
  });
  const started = await createCore({
    demo: demoService,
    dataDir: app.getPath('userData'),
    host: createElectronHost(updates.port),
    demoWhenSignedOut: process.argv.includes('--demo'),
    // A window shows the connection and the balance: keep both true while nothing else calls the service.
    idleProbe: true,
  });
  core = started;
  // The Go menu in the language the user chose (read once at start).
  const settings = await started.dispatch('settings:get', {});
  if (settings.ok) installAppMenu({ ...menu, language: menuLanguage(settings.value.language, app.getLocale()) });
  registerIpc(ipcMain, started, page.isAppUrl);
  forwardEvents(started, () => BrowserWindow.getAllWindows());
  updates.start(coreDeliveryWatch(started));

  const openWindow = async () => createMainWindow({ page, mainDir, dark: await prefersDark(started) });
  await openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void openWindow();
  });
}

/** The window's first paint follows the user's theme setting, or the OS when it is 'system'. */
async function prefersDark(started: Core): Promise<boolean> {
  const settings = await started.dispatch('settings:get', {});
  const theme = settings.ok ? settings.value.theme : 'system';
  return theme === 'dark' || (theme === 'system' && nativeTheme.shouldUseDarkColors);
}

/** The app's language for the menu: the setting, or for 'system' the OS locale (any Portuguese is pt-BR). */
function menuLanguage(setting: string, osLocale: string): 'pt-BR' | 'en' {
  const chosen = setting === 'system' ? osLocale : setting;
  return chosen.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
}

function fail(error: unknown): void {
  console.error('Torpedo could not start:', error);
  dialog.showErrorBox('Torpedo could not start', describe(error));
  app.quit();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
