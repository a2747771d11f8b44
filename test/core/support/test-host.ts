import type { Host } from '../../../src/core/host';

/** A Host for tests: records what the core asked of the desktop instead of doing it. */
export interface RecordingHost extends Host {
  clipboard: string[];
  opened: string[];
  notifications: { title: string; body: string }[];
  online: boolean;
}

export function createRecordingHost(osLocale = 'pt-BR'): RecordingHost {
  const host: RecordingHost = {
    appVersion: '0.0.0-test',
    platform: process.platform,
    osLocale: () => osLocale,
    isOnline: () => host.online,
    openExternal: async (url) => void host.opened.push(url),
    writeClipboard: (text) => void host.clipboard.push(text),
    notify: (title, body) => void host.notifications.push({ title, body }),
    clipboard: [],
    opened: [],
    notifications: [],
    online: true,
  };
  return host;
}
