import { Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import type { ShortcutLanguage } from '../shared/shortcuts';
import { openHttpsExternally } from './external-links';
import { helpMenuItems, type HelpActions } from './help-menu';
import { goMenu } from './go-menu';

/**
 * ASSUMED: the service's public site, taken as the registrable domain of its
 * API host (api.smsgo.com.br); the spec names no website. One constant, so a
 * wrong guess is a one-line fix.
 */
export const HELP_URL = 'https://smsgo.com.br';

export interface MenuInput {
  isDev: boolean;
  isMac: boolean;
  appName: string;
  /** The support items of the Help menu (help-menu.ts), in the OS's language. */
  help?: { locale: string; actions: HelpActions };
  /** The language of the Go menu (the app's own; the OS names the standard menus). */
  language?: ShortcutLanguage;
  /** The window the Go menu's shortcuts act on. */
  focusedWindow?: () => Pick<BrowserWindow, 'webContents'> | null;
}

/**
 * A small menu: the standard edit roles (so copy, paste and undo work in text
 * fields, and on macOS at all), reload and devtools only while developing.
 */
export function menuTemplate({
  isDev,
  isMac,
  appName,
  help,
  language = 'pt-BR',
  focusedWindow = () => null,
}: MenuInput): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) {
    template.push({
      label: appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  } else {
    template.push({ role: 'fileMenu' });
  }
  template.push({
    role: 'editMenu',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  });
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (isDev)
    view.unshift(
      { role: 'reload' },
      { role: 'forceReload' },
      { role: 'toggleDevTools' },
      { type: 'separator' },
    );
  template.push({ label: 'View', submenu: view });
  template.push(goMenu(language, focusedWindow));
  template.push({ role: 'windowMenu' });
  template.push({
    role: 'help',
    submenu: [
      {
        label: 'SMS service website',
        click: () => void openHttpsExternally(HELP_URL).catch(() => undefined),
      },
      ...(help ? helpMenuItems(help.locale, help.actions) : []),
    ],
  });
  return template;
}

export function installAppMenu(input: MenuInput): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(input)));
}
