import type { RestartOutcome, UpdateStatusView } from '../../shared/dto/updates';

/**
 * When the updater looks at the feed: shortly after start (not during it:
 * the window and the core come first), then every few hours while the app
 * stays open, sooner again after a failed check (the network was down).
 */
export const UPDATE_TIMING = {
  firstCheckAfterMs: 20_000,
  everyMs: 4 * 60 * 60 * 1000,
  afterErrorMs: 30 * 60 * 1000,
} as const;

/**
 * Milliseconds until the next automatic check, or null for none: nothing to
 * check in a copy that does not update itself, and nothing more to do
 * while a check or a download is under way or a version waits to be
 * installed.
 */
export function nextCheckIn(status: UpdateStatusView, now: Date): number | null {
  if (status.unsupported) return null;
  if (status.state === 'checking' || status.state === 'downloading' || status.state === 'ready') return null;
  if (!status.lastCheck) return UPDATE_TIMING.firstCheckAfterMs;
  const wait = status.lastCheck.result === 'error' ? UPDATE_TIMING.afterErrorMs : UPDATE_TIMING.everyMs;
  return Math.max(0, Date.parse(status.lastCheck.at) + wait - now.getTime());
}

/**
 * Whether "Reiniciar para atualizar" restarts now. Never while a campaign
 * is being delivered: then it waits for the end when the user said so
 * (`whenIdle`), or refuses so the window can ask. (Quitting the app is the
 * user's own choice: the outbox resumes at the next start, and the
 * downloaded version installs on that quit.)
 */
export function restartDecision(status: UpdateStatusView, whenIdle: boolean): RestartOutcome {
  if (status.state !== 'ready') return 'notReady';
  if (!status.delivering) return 'restarting';
  return whenIdle ? 'waiting' : 'delivering';
}

/** A restart left waiting goes ahead once nothing is being delivered. */
export function restartNow(status: UpdateStatusView): boolean {
  return status.restartPending && status.state === 'ready' && !status.delivering;
}
