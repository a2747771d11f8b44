import { companionPath } from '../shared/companion-path';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { OWNER_ONLY_FILE, type Host } from '../core/kernel/create-core';

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * The core's Host in a terminal: no windows, no clipboard, no browser.
 * Notifications (a payment settled) go to stderr so `--json` output on
 * stdout stays parseable.
 *
 * Saving a file (`files:saveText`, an export; `saveFile`, bytes): there is no dialog to ask
 * where, so the file is written under its suggested name in the current
 * folder (`cwd`), and never over an existing file: that write fails with
 * EEXIST, which the core reports as `file_not_saved`. The name was already
 * checked by the contract (no folders); `basename` keeps that true here too.
 * Written owner-only (0600): an export holds every customer's number.
 */
export function createCliHost(write: (line: string) => void, cwd: string = process.cwd()): Host {
  return {
    appVersion: packageVersion(),
    platform: process.platform,
    osLocale: () => Intl.DateTimeFormat().resolvedOptions().locale,
    // A terminal has no cheap view of the OS network state; the service's answers tell.
    isOnline: () => true,
    openExternal: async (url) => write(`Open in a browser: ${url}`),
    writeClipboard: () => undefined,
    notify: (title, body) => write(`${title}: ${body}`),
    saveTextFile: async (suggestedName, content) => {
      const fileName = basename(suggestedName);
      await writeFile(join(cwd, fileName), content, { encoding: 'utf8', flag: 'wx', mode: OWNER_ONLY_FILE });
      write(`Saved ${fileName} in ${cwd}`);
      return { saved: true, fileName };
    },
    // Bytes as they are (an import's error file), by the same rules.
    saveFile: async (suggestedName, bytes, _kind, companions = []) => {
      const fileName = basename(suggestedName);
      await writeFile(join(cwd, fileName), bytes, { flag: 'wx', mode: OWNER_ONLY_FILE });
      write(`Saved ${fileName} in ${cwd}`);
      const companionNames: string[] = [];
      for (const companion of companions) {
        const name = companionPath(fileName, companion.extension);
        await writeFile(join(cwd, name), companion.bytes, { flag: 'wx', mode: OWNER_ONLY_FILE });
        write(`Saved ${name} in ${cwd}`);
        companionNames.push(name);
      }
      return companions.length > 0 ? { saved: true, fileName, companionNames } : { saved: true, fileName };
    },
  };
}
