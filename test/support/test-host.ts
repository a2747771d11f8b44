import { companionPath } from '@shared/companion-path';
import type { Host } from '@core/kernel/host';

/** A Host for tests: records what the core asked of the desktop instead of doing it. */
export interface RecordingHost extends Host {
  clipboard: string[];
  /** Files the core asked to save; `saveAnswer` decides what the "user" does in the dialog. */
  savedFiles: { suggestedName: string; content: string; kind: string }[];
  /** Binary files (`saveFile`), by the same `saveAnswer`. */
  savedBinaryFiles: { suggestedName: string; bytes: Uint8Array; kind: string }[];
  saveAnswer: 'save' | 'cancel' | 'fail';
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
    saveTextFile: async (suggestedName, content, kind) => {
      if (host.saveAnswer === 'cancel') return { saved: false };
      if (host.saveAnswer === 'fail')
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      host.savedFiles.push({ suggestedName, content, kind });
      return { saved: true, fileName: suggestedName };
    },
    saveFile: async (suggestedName, bytes, kind, companions = []) => {
      if (host.saveAnswer === 'cancel') return { saved: false };
      if (host.saveAnswer === 'fail')
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      host.savedBinaryFiles.push({ suggestedName, bytes: new Uint8Array(bytes), kind });
      const companionNames = companions.map((c) => companionPath(suggestedName, c.extension));
      companions.forEach((c, i) =>
        host.savedBinaryFiles.push({
          suggestedName: companionNames[i]!,
          bytes: new Uint8Array(c.bytes),
          kind: c.extension,
        }),
      );
      return companions.length > 0
        ? { saved: true, fileName: suggestedName, companionNames }
        : { saved: true, fileName: suggestedName };
    },
    clipboard: [],
    savedFiles: [],
    savedBinaryFiles: [],
    saveAnswer: 'save',
    opened: [],
    notifications: [],
    online: true,
  };
  return host;
}
