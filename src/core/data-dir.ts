import { homedir } from 'node:os';
import { join, win32, posix } from 'node:path';

/** Electron derives the data folder from package.json's productName. */
export const APP_FOLDER_NAME = 'Torpedo';

export interface DataDirEnv {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  home?: string;
}

/**
 * The folder Electron's `app.getPath('userData')` gives the desktop app, so the
 * CLI (and anything else outside Electron) opens the same torpedo.db:
 * `$XDG_CONFIG_HOME/Torpedo` or `~/.config/Torpedo` on Linux,
 * `~/Library/Application Support/Torpedo` on macOS, `%APPDATA%\Torpedo` on Windows.
 */
export function defaultDataDir(options: DataDirEnv = {}): string {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  if (platform === 'win32') {
    return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  // Electron follows the XDG spec: only an absolute XDG_CONFIG_HOME counts.
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg && xdg.startsWith('/') ? xdg : join(home, '.config'), APP_FOLDER_NAME);
}
