/**
 * The app's own part of the IPC contract (merged into ../ipc-contract.ts):
 * its version and the wire facts it assumes, the window's settings, opening
 * a link, saving a file, and the connection to the service as the app sees it.
 *
 * Errors: `invalid_input`, `file_not_saved` (the host could not write the
 * file: permissions, disk full, name taken; `details.reason` says which).
 */
import { z } from 'zod';
import type { AppInfo, ConnectivityView, SaveTextResult, SettingsView } from '../dto';
import { channel, event, none } from './channel';
import type { ShortcutCommand } from '../shortcuts';

export const APP_ERRORS = {
  /** The host could not write the file the user chose (permissions, disk full, name taken). */
  fileNotSaved: 'file_not_saved',
  /** The data folder was written by a newer version of Torpedo. */
  databaseTooNew: 'database_too_new',
} as const;

export const settingsUpdateInput = z.strictObject({
  language: z.enum(['system', 'pt-BR', 'en']).optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
});
export const openExternalInput = z.strictObject({
  url: z.url({ protocol: /^https$/, error: 'Only https links can be opened' }).max(2048),
});

/** 50 MB of text: far above any export the app makes, well below what IPC and memory handle. */
export const SAVE_TEXT_MAX_CHARS = 50 * 1024 * 1024;

/**
 * A file name the user is offered in the save dialog: a name only, never a
 * folder (no separators, no `..`, no control characters), so the renderer
 * cannot choose where a file lands: the user does, in the dialog.
 */
const suggestedFileName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(
    (name) =>
      !name.includes('/') &&
      !name.includes('\\') &&
      ![...name].some((c) => c < ' ') &&
      name !== '.' &&
      name !== '..',
    'A file name only, without folders',
  );

export const saveTextInput = z.strictObject({
  suggestedName: suggestedFileName,
  // Characters, not bytes: the exports are almost all ASCII.
  content: z.string().max(SAVE_TEXT_MAX_CHARS, 'The file is too large to save'),
  kind: z.enum(['csv']),
});

export const appContract = {
  'app:info': channel<typeof none, AppInfo>(none),
  'settings:get': channel<typeof none, SettingsView>(none),
  'settings:update': channel<typeof settingsUpdateInput, SettingsView>(settingsUpdateInput),
  'shell:openExternal': channel<typeof openExternalInput, { opened: boolean }>(openExternalInput),
  /** Asks the user where to save `content` (a native save dialog); `saved: false` when they cancel. */
  'files:saveText': channel<typeof saveTextInput, SaveTextResult>(saveTextInput),
  'connectivity:get': channel<typeof none, ConnectivityView>(none),
  'connectivity:check': channel<typeof none, ConnectivityView>(none),
};

export type AppChannel = keyof typeof appContract;

export const appEvents = {
  'connectivity:changed': event<ConnectivityView>(),
  /** A menu item with a shortcut was chosen (main sends it; shared/shortcuts.ts lists them). */
  'app:shortcut': event<ShortcutCommand>(),
};
