import { idleUpdateStatus } from '../../shared/update-status';
import type { UpdateStatusView } from '../../shared/dto/updates';
import { plainReleaseNotes, type ReleaseNotes } from './release-notes';

/** The part of electron-updater's UpdateInfo the status shows. */
export interface UpdateInfoLike {
  version: string;
  releaseDate?: string | null;
  releaseNotes?: ReleaseNotes;
}

/** electron-updater's events, and ours, as the status reducer takes them. */
export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; info: UpdateInfoLike }
  | { type: 'notAvailable' }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; info: UpdateInfoLike }
  | { type: 'error'; message: string }
  | { type: 'delivering'; delivering: boolean }
  | { type: 'restartPending'; pending: boolean };

/** Before the first check. */
export const initialStatus = idleUpdateStatus;

const available = (info: UpdateInfoLike) => ({
  version: info.version,
  releaseDate: info.releaseDate ?? null,
  notes: plainReleaseNotes(info.releaseNotes),
});

/**
 * The next status after an event: pure, so every transition is tested under
 * Node. A check's end is recorded in `lastCheck` (found, up to date, or
 * failed); a failed download keeps what was found, so "Procurar
 * atualizações" tries again.
 */
export function nextStatus(status: UpdateStatusView, event: UpdaterEvent, now: Date): UpdateStatusView {
  const at = now.toISOString();
  switch (event.type) {
    case 'checking':
      return status.state === 'ready' ? status : { ...status, state: 'checking', error: null };
    case 'available':
      return {
        ...status,
        state: 'downloading',
        progress: 0,
        available: available(event.info),
        lastCheck: { at, result: 'available' },
        error: null,
      };
    case 'notAvailable':
      return {
        ...status,
        state: 'idle',
        available: null,
        progress: null,
        lastCheck: { at, result: 'upToDate' },
      };
    case 'progress':
      if (status.state !== 'downloading') return status;
      return { ...status, progress: Math.max(0, Math.min(100, Math.round(event.percent))) };
    case 'downloaded':
      return { ...status, state: 'ready', progress: 100, available: available(event.info), error: null };
    case 'error': {
      const checking = status.state === 'checking';
      // A failure after the download (e.g. while installing on quit) leaves the ready version ready.
      if (status.state === 'ready') return { ...status, error: event.message };
      return {
        ...status,
        state: 'error',
        progress: null,
        error: event.message,
        lastCheck: checking ? { at, result: 'error' } : status.lastCheck,
      };
    }
    case 'delivering':
      return { ...status, delivering: event.delivering };
    case 'restartPending':
      return { ...status, restartPending: event.pending };
  }
}
