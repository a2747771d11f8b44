import { chmod, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { companionPath } from '../shared/companion-path';
import { app, BrowserWindow, clipboard, dialog, net, Notification, type SaveDialogOptions } from 'electron';
import { OWNER_ONLY_FILE, type Host, type UpdatesPort } from '../core/kernel/create-core';
import type {
  SaveCompanion,
  SaveFileKind,
  SaveFileResult,
  SaveTextKind,
  SaveTextResult,
} from '../shared/dto';
import { isHttpsUrl, openHttpsExternally } from './external-links';

type SaveProperty = NonNullable<SaveDialogOptions['properties']>[number];

/** The save dialog's file-type filter for each kind of export. */
export const SAVE_FILTERS: Record<SaveTextKind, { name: string; extensions: string[] }[]> = {
  csv: [{ name: 'CSV', extensions: ['csv'] }],
};

/** The filter for each kind of binary file (`saveFile`); the first extension is the one added when missing. */
export const SAVE_FILE_FILTERS: Record<SaveFileKind, { name: string; extensions: string[] }[]> = {
  csv: [{ name: 'CSV', extensions: ['csv'] }],
  txt: [{ name: 'Text', extensions: ['txt', 'tsv', 'tab', 'prn'] }],
  xlsx: [{ name: 'Excel', extensions: ['xlsx'] }],
  xls: [{ name: 'Excel 97-2003', extensions: ['xls'] }],
  ods: [{ name: 'OpenDocument', extensions: ['ods'] }],
  zip: [{ name: 'ZIP', extensions: ['zip'] }],
  html: [{ name: 'HTML', extensions: ['html', 'htm'] }],
};

/** The core's view of the machine, through Electron's APIs. Call after `app.whenReady()`. */
export function createElectronHost(updates?: UpdatesPort): Host {
  return {
    ...(updates ? { updates } : {}),
    appVersion: app.getVersion(),
    platform: process.platform,
    osLocale: () => systemLocale(app.getPreferredSystemLanguages(), app.getLocale()),
    isOnline: () => net.isOnline(),
    openExternal: async (url) => {
      if (!isHttpsUrl(url)) throw new Error('Only https links can be opened');
      await openHttpsExternally(url);
    },
    writeClipboard: (text) => clipboard.writeText(text),
    notify: (title, body) => {
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
    saveTextFile,
    saveFile,
  };
}

/**
 * Asks where to save with the OS's own dialog (modal to the app's window), in
 * the Documents folder by default, and writes the text there. The user picks
 * the folder, so the renderer never names a path. Linux dialogs do not add the
 * extension themselves: it is added when the chosen name lacks it (and then an
 * existing file of that name is not overwritten: the write fails instead).
 */
export async function saveTextFile(
  suggestedName: string,
  content: string,
  kind: SaveTextKind,
): Promise<SaveTextResult> {
  return withoutPath(await saveChosen(suggestedName, content, SAVE_FILTERS[kind]));
}

/** As saveTextFile, for bytes written as they are (an import's error file: CSV in its encoding, XLSX...). */
export async function saveFile(
  suggestedName: string,
  bytes: Uint8Array,
  kind: SaveFileKind,
  companions: readonly SaveCompanion[] = [],
): Promise<SaveFileResult> {
  const saved = await saveChosen(suggestedName, bytes, SAVE_FILE_FILTERS[kind]);
  if (!saved.saved || !saved.filePath || companions.length === 0) return withoutPath(saved);
  const companionNames: string[] = [];
  for (const companion of companions) {
    const file = companionPath(saved.filePath, companion.extension);
    // Never over another file: the dialog asked about the chosen name only.
    await writeFile(file, companion.bytes, { flag: 'wx', mode: OWNER_ONLY_FILE });
    companionNames.push(basename(file));
  }
  return { ...withoutPath(saved), companionNames };
}

const withoutPath = ({
  filePath: _path,
  ...result
}: SaveFileResult & { filePath?: string }): SaveFileResult => result;

async function saveChosen(
  suggestedName: string,
  data: string | Uint8Array,
  filters: { name: string; extensions: string[] }[],
): Promise<SaveFileResult & { filePath?: string }> {
  const options = {
    defaultPath: join(app.getPath('documents'), basename(suggestedName)),
    filters,
    properties: ['createDirectory', 'showOverwriteConfirmation'] satisfies SaveProperty[],
  };
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const choice = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return { saved: false };
  const extensions = filters[0]!.extensions;
  const hasExtension = extensions.includes(extname(choice.filePath).slice(1).toLowerCase());
  const filePath = hasExtension ? choice.filePath : `${choice.filePath}.${extensions[0]!}`;
  // The dialog asked before overwriting the name the user typed, not the one with the added extension.
  const flag = hasExtension ? 'w' : 'wx';
  // Owner-only (0600): an export or an error file holds customers' names and numbers. A file the
  // user chose to replace keeps its old mode through writeFile, so it is set after too.
  await (typeof data === 'string'
    ? writeFile(filePath, data, { encoding: 'utf8', flag, mode: OWNER_ONLY_FILE })
    : writeFile(filePath, data, { flag, mode: OWNER_ONLY_FILE }));
  await chmod(filePath, OWNER_ONLY_FILE);
  return { saved: true, fileName: basename(filePath), filePath };
}

/**
 * The user's first preferred language as a BCP 47 tag (`pt-BR`), falling back
 * to Chromium's locale. Linux reports POSIX names (`pt_BR.UTF-8`, `C`), hence
 * the clean-up.
 */
export function systemLocale(preferred: readonly string[], fallback: string): string {
  for (const candidate of [...preferred, fallback]) {
    const tag = candidate.split(/[.@]/)[0]?.replace(/_/g, '-') ?? '';
    if (tag && tag !== 'C' && tag !== 'POSIX') return tag;
  }
  return 'en';
}
