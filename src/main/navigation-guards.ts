import type { Session, WebContents } from 'electron';
import { openHttpsExternally } from './external-links';
import { mainLog } from './main-log';

/**
 * Keeps every web contents on the app's own page. A link the user follows
 * (same window or a new one) opens in their browser when it is https; any
 * other navigation, redirect, popup or <webview> is refused.
 */
export function installNavigationGuards(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    openLink(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openLink(url);
    return { action: 'deny' };
  });
}

/** The renderer asks for nothing: camera, notifications, clipboard reads, geolocation... all denied. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

function openLink(url: string): void {
  openHttpsExternally(url).catch((error: unknown) => {
    mainLog.warn('main.linkNotOpened', { error });
  });
}
