/** What the app's own channels answer: its info, settings, connectivity and saved files. */

export interface AppInfo {
  version: string;
  /** The operating system's locale, e.g. `pt-BR`, for the default language. */
  osLocale: string;
  platform: string;
  /** Guesses about the service's wire format, shown in diagnostics. */
  assumedWireFacts: readonly string[];
}

export type ConnectivityState = 'online' | 'offline' | 'unreachable' | 'unknown';

export interface ConnectivityView {
  state: ConnectivityState;
  checkedAt: string | null;
}

/** Kinds of text file the app saves; each has its own save-dialog filter. */
export type SaveTextKind = 'csv';

export interface SaveTextResult {
  /** False when the user cancelled the save dialog. */
  saved: boolean;
  /** The name the file was saved under (no folder), when saved. */
  fileName?: string;
}

export type LanguageSetting = 'system' | 'pt-BR' | 'en';

export type ThemeSetting = 'system' | 'light' | 'dark';

export interface SettingsView {
  language: LanguageSetting;
  theme: ThemeSetting;
}

/** Kinds of binary file the app saves (`Host.saveFile`); each has its own save-dialog filter. */
export type SaveFileKind = 'csv' | 'txt' | 'xlsx' | 'xls' | 'ods' | 'zip' | 'html';

/** A file saved beside the chosen one, under the same name with its own extension (a summary's JSON copy). */
export interface SaveCompanion {
  /** Without the dot: `json`. */
  extension: string;
  bytes: Uint8Array;
}

export interface SaveFileResult extends SaveTextResult {
  /** The companions' file names, in their order, when saved. */
  companionNames?: string[];
}
