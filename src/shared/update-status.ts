import type { UpdateFeedView, UpdateStatusView } from './dto/updates';

/** The status before anything happened: this version, nothing checked, nothing found. */
export function idleUpdateStatus(
  currentVersion: string,
  feed: UpdateFeedView | null = null,
): UpdateStatusView {
  return {
    currentVersion,
    unsupported: null,
    state: 'idle',
    lastCheck: null,
    available: null,
    progress: null,
    error: null,
    delivering: false,
    restartPending: false,
    feed,
  };
}
