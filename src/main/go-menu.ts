import type { BrowserWindow, MenuItemConstructorOptions } from 'electron';
import { EVENT_PORT } from '../shared/ipc-contract';
import {
  ACTION_SHORTCUTS,
  accelerator,
  GO_MENU_LABEL,
  PAGE_SHORTCUTS,
  type ShortcutCommand,
  type ShortcutLanguage,
} from '../shared/shortcuts';

/**
 * The "Ir"/"Go" menu: every page with Ctrl+1…8, a new campaign with Ctrl+N,
 * the contact search with Ctrl+F (⌘ on a Mac), so the menu shows each
 * shortcut beside its item. Choosing one tells the page (the `app:shortcut`
 * event), which moves itself: main knows no routes.
 */
export function goMenu(
  language: ShortcutLanguage,
  focused: () => Pick<BrowserWindow, 'webContents'> | null,
): MenuItemConstructorOptions {
  const send = (command: ShortcutCommand) => () =>
    focused()?.webContents.send(EVENT_PORT, { event: 'app:shortcut', payload: command });
  return {
    label: GO_MENU_LABEL[language],
    submenu: [
      ...PAGE_SHORTCUTS.map((s): MenuItemConstructorOptions => ({
        label: s.label[language],
        accelerator: accelerator(s.key),
        click: send({ page: s.path }),
      })),
      { type: 'separator' },
      ...Object.entries(ACTION_SHORTCUTS).map(([action, s]): MenuItemConstructorOptions => ({
        label: s.label[language],
        accelerator: accelerator(s.key),
        click: send({ action: action as keyof typeof ACTION_SHORTCUTS }),
      })),
    ],
  };
}
