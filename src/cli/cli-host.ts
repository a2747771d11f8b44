import { readFileSync } from 'node:fs';
import type { Host } from '../core/host';

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
 */
export function createCliHost(write: (line: string) => void): Host {
  return {
    appVersion: packageVersion(),
    platform: process.platform,
    osLocale: () => Intl.DateTimeFormat().resolvedOptions().locale,
    // A terminal has no cheap view of the OS network state; the service's answers tell.
    isOnline: () => true,
    openExternal: async (url) => write(`Open in a browser: ${url}`),
    writeClipboard: () => undefined,
    notify: (title, body) => write(`${title}: ${body}`),
  };
}
