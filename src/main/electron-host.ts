import { app, clipboard, net, Notification } from 'electron';
import type { Host } from '../core/host';
import { isHttpsUrl, openHttpsExternally } from './external-links';

/** The core's view of the machine, through Electron's APIs. Call after `app.whenReady()`. */
export function createElectronHost(): Host {
  return {
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
  };
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
