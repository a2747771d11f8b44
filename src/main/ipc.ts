import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import type { Result } from '../shared/app-error';
import { CHANNELS, EVENT_PORT } from '../shared/ipc-contract';
import type { Core } from '../core/kernel/create-core';
import { APP_ERROR_CODES } from '../shared/app-error';
import { mainLog } from './main-log';

export const FORBIDDEN_SENDER = APP_ERROR_CODES.forbiddenSender;

/**
 * Registers one handler per contract channel. Each call is checked before the
 * core sees it: it must come from the main frame of a window showing the app's
 * own page. Input validation is the core's job (dispatch), not this file's.
 * Returns a function that removes the handlers.
 */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  core: Pick<Core, 'dispatchUntrusted'>,
  isTrustedSender: (url: string) => boolean,
): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, input: unknown): Promise<Result<unknown>> => {
      const problem = senderProblem(event, isTrustedSender);
      if (problem) {
        mainLog.warn('ipc.refused', { channel, reason: problem });
        return Promise.resolve({
          ok: false,
          error: { code: FORBIDDEN_SENDER, message: `Refused: ${problem}.` },
        });
      }
      return core.dispatchUntrusted(channel, input);
    });
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}

/** Why a call must be refused, or null when it comes from the app's own main frame. */
export function senderProblem(
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  isTrustedSender: (url: string) => boolean,
): string | null {
  // senderFrame is null when the frame navigated away or was destroyed meanwhile.
  const frame = event.senderFrame;
  if (!frame) return 'the calling frame no longer exists';
  if (frame.parent !== null) return 'only the main frame may call';
  if (!isTrustedSender(frame.url)) return 'the caller is not the app page';
  return null;
}

/**
 * Pushes every core event to every open window on the single event port; the
 * preload hands the payload to the page's listeners for that event name.
 * Returns the unsubscribe function.
 */
export function forwardEvents(
  core: Pick<Core, 'onEvent'>,
  getWindows: () => readonly Pick<BrowserWindow, 'isDestroyed' | 'webContents'>[],
): () => void {
  return core.onEvent((event, payload) => {
    for (const win of getWindows()) {
      if (win.isDestroyed() || win.webContents.isDestroyed()) continue;
      win.webContents.send(EVENT_PORT, { event, payload });
    }
  });
}
