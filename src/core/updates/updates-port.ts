import { idleUpdateStatus } from '../../shared/update-status';
import type { RestartOutcome, UpdateStatusView, UpdatesUnsupported } from '../../shared/dto/updates';

/**
 * What the core needs from the program hosting it to answer the updates
 * channels: Electron's main runs electron-updater behind this
 * (main/updates/updater-service.ts); the CLI and the tests have none.
 */
export interface UpdatesPort {
  status(): UpdateStatusView;
  /** Checks the feed now; resolves with the status after the check (a failed check is a status, never a throw). */
  check(): Promise<UpdateStatusView>;
  restart(whenIdle: boolean): Promise<RestartOutcome>;
  cancelRestart(): UpdateStatusView;
  onChange(listener: (status: UpdateStatusView) => void): () => void;
}

/** The status of a copy that does not update itself. */
export function unsupportedStatus(currentVersion: string, reason: UpdatesUnsupported): UpdateStatusView {
  return { ...idleUpdateStatus(currentVersion), unsupported: reason };
}
