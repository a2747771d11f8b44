import { shell } from 'electron';

/** Only https links leave the app: never file:, javascript:, custom schemes or plain http. */
export function isHttpsUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Opens an https link in the user's browser and says whether it did. Every
 * path that reaches the OS's URL handler goes through here, so the check is
 * made at the last moment whatever the caller validated before.
 */
export async function openHttpsExternally(url: string): Promise<boolean> {
  if (!isHttpsUrl(url)) return false;
  await shell.openExternal(url);
  return true;
}
