import type { UpdateStatusView } from './dto/updates';

/**
 * What the restart banner says, decided from the update status alone (the
 * renderer only translates it): nothing until a new version is downloaded;
 * then "version X is ready, restart to update"; once the user asked to
 * restart during a delivery, that it will restart when the delivery ends.
 * "Later" hides it for that version until the app starts again.
 */
export type UpdateBanner =
  { kind: 'ready'; version: string; delivering: boolean } | { kind: 'waiting'; version: string } | null;

export function updateBanner(status: UpdateStatusView | null, dismissedVersion: string | null): UpdateBanner {
  if (!status || status.unsupported || status.state !== 'ready' || !status.available) return null;
  const { version } = status.available;
  if (status.restartPending) return { kind: 'waiting', version };
  if (dismissedVersion === version) return null;
  return { kind: 'ready', version, delivering: status.delivering };
}
