/**
 * Customer data is readable by its owner only. Under the usual umask (022)
 * the data folder, its `logs/` and `backups/` came out 755 and `torpedo.db`,
 * the logs, the backups, the exports and the rejected-rows files 644: any
 * other user of the computer could read every customer's phone number.
 * On Linux and macOS every folder Torpedo makes for its data is 0700 and
 * every file 0600; a data folder made by an older version is tightened at
 * start. Windows keeps a profile's AppData to its user through ACLs, and
 * ignores these modes.
 */
import fs from 'node:fs';
import path from 'node:path';

export const OWNER_ONLY_FOLDER = 0o700;
export const OWNER_ONLY_FILE = 0o600;

const applies = process.platform !== 'win32';

/** `mkdir -p` whose new folders are the owner's only. */
export function makeOwnerOnlyFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_FOLDER });
}

/**
 * Creates `file` empty and owner-only when it does not exist yet, so that
 * whatever opens it next (SQLite, whose -wal and -shm then take the same
 * mode) never makes it readable by others, not even for a moment.
 */
export function createOwnerOnlyFile(file: string): void {
  try {
    fs.closeSync(
      fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, OWNER_ONLY_FILE),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * The data folder and everything in it, owner-only: folders 0700, files 0600,
 * followed no further than the folder itself (a link is left as it is).
 * Returns how many were changed; what cannot be changed (a file of another
 * user) is left, never a reason not to start.
 */
export function tightenDataFolder(dataDir: string): number {
  if (!applies) return 0;
  let changed = 0;
  const visit = (target: string, depth: number) => {
    let info: fs.Stats;
    try {
      info = fs.lstatSync(target);
    } catch {
      return;
    }
    if (info.isSymbolicLink()) return;
    const wanted = info.isDirectory() ? OWNER_ONLY_FOLDER : OWNER_ONLY_FILE;
    if ((info.mode & 0o077) !== 0) {
      try {
        fs.chmodSync(target, (info.mode & 0o700) | (wanted & 0o700));
        changed++;
      } catch {
        // Not ours to change (another user's file); the rest is still tightened.
      }
    }
    // A data folder is a few levels deep (logs/, backups/, the demo's state): no further.
    if (info.isDirectory() && depth < 4) {
      for (const name of safeReaddir(target)) visit(path.join(target, name), depth + 1);
    }
  };
  visit(dataDir, 0);
  return changed;
}

const safeReaddir = (dir: string): string[] => {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
};
