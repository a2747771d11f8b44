import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  nativeTheme,
  Notification,
  session,
  shell,
} from 'electron';
import { createCore, type Core, type Log } from '../core/kernel/create-core';
import { installAppMenu } from './app-menu';
import { createAppPage } from './app-page';
import { installCsp } from './csp';
import { createElectronHost, systemLocale } from './electron-host';
import { copiedNotice } from './help-menu';
import { mainLog, openMainLog } from './main-log';
import { forwardEvents, registerIpc } from './ipc';
import { createMainWindow, focusWindow } from './main-window';
import { denyAllPermissions, installNavigationGuards } from './navigation-guards';
import { demoService } from '../sandbox/index';
import { settingLanguage } from '../shared/app-language';
import { createUpdates, type Updates } from './updates/create-updates';
import { coreDeliveryWatch } from './updates/delivery-watch';

const mainDir = import.meta.dirname;
const page = createAppPage({
  mainDir,
  devServerUrl: process.env.ELECTRON_RENDERER_URL,
  isPackaged: app.isPackaged,
});

let core: Core | undefined;
let log: Log | undefined;
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
    if (!core && !log) return;
    // Hold every quit until the core has stopped its workers and closed the database, and the log is written.
    event.preventDefault();
    closing ??= (core?.close() ?? Promise.resolve())
      .catch((error: unknown) => mainLog.error('main.coreCloseFailed', { error }))
      .then(() => log?.close())
      .finally(() => {
        core = undefined;
        log = undefined;
        app.quit();
      });
  });
  app.whenReady().then(start).catch(fail);
}

async function start(): Promise<void> {
  if (process.platform === 'win32') app.setAppUserModelId('br.com.torpedo.app');
  denyAllPermissions(session.defaultSession);
  installCsp(session.defaultSession, page.isDevServer);
  const dataDir = app.getPath('userData');
  const locale = systemLocale(app.getPreferredSystemLanguages(), app.getLocale());
  log = openMainLog(dataDir, process.env);
  const mainLines = log;
  mainLines.info('main.starting', {
    version: app.getVersion(),
    platform: process.platform,
    packaged: app.isPackaged,
  });
  const menu = {
    isDev: page.isDevServer,
    isMac: process.platform === 'darwin',
    appName: app.name,
    focusedWindow: () => BrowserWindow.getFocusedWindow(),
    help: {
      locale,
      actions: {
        openLogFolder: () => void shell.openPath(mainLines.dir),
        copyDiagnostics: () => void copyDiagnostics(locale),
      },
    },
  };
  installAppMenu({ ...menu, language: settingLanguage('system', locale) });

  updates = createUpdates({
    isPackaged: app.isPackaged,
    version: app.getVersion(),
    env: process.env,
    resourcesPath: process.resourcesPath,
  });
  const started = await createCore({
    demo: demoService,
    dataDir,
    host: createElectronHost(updates.port),
    log: log.child('core'),
    demoWhenSignedOut: process.argv.includes('--demo'),
    // A window shows the connection and the balance: keep both true while nothing else calls the service.
    idleProbe: true,
  });
  core = started;
  // The Go menu in the language the user chose (read once at start).
  const settings = await started.dispatch('settings:get', {});
  if (settings.ok) installAppMenu({ ...menu, language: settingLanguage(settings.value.language, locale) });
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

/**
 * "Copiar diagnóstico": the core's text on the clipboard (before the core is
 * up, what main knows), then a notification saying so.
 */
async function copyDiagnostics(locale: string): Promise<void> {
  const result = await core?.dispatch('diagnostics:copy', {});
  if (!result?.ok)
    clipboard.writeText(
      `Torpedo ${app.getVersion()} (${process.platform}): ${result ? result.error.code : 'starting'}\n`,
    );
  const notice = copiedNotice(locale);
  if (Notification.isSupported()) new Notification(notice).show();
}

function fail(error: unknown): void {
  mainLog.error('main.startFailed', { error });
  dialog.showErrorBox('Torpedo could not start', describe(error));
  app.quit();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
