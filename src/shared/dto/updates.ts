/**
 * The views of the updates channels (Settings → Sobre and the restart
 * banner). Updates are electron-updater's, run by main; the core only carries
 * them over the contract (core/updates).
 */

/** Where the updater is: nothing under way, looking at the feed, fetching the new version, or holding it. */
export type UpdateState = 'idle' | 'checking' | 'downloading' | 'ready' | 'error';

/**
 * Why this copy does not update itself: `development` (run from the
 * sources, or a packed folder no installer put in place: electron-updater is
 * only active in an installed app), `not_desktop` (the core runs without
 * the desktop app: the CLI, the tests).
 */
export type UpdatesUnsupported = 'development' | 'not_desktop';

export interface UpdateFeedView {
  provider: 'github' | 'generic';
  /** Where a person can look at the releases (GitHub's page, or the self-hosted folder). */
  url: string;
}

export interface AvailableUpdateView {
  version: string;
  /** ISO 8601, when the feed says. */
  releaseDate: string | null;
  /** The new version's notes as plain text (the feed's HTML or Markdown reduced to lines). */
  notes: string | null;
}

export interface UpdateStatusView {
  currentVersion: string;
  /** null when this copy updates itself. */
  unsupported: UpdatesUnsupported | null;
  state: UpdateState;
  /** The last check that ended: when, and what it found. */
  lastCheck: { at: string; result: 'upToDate' | 'available' | 'error' } | null;
  /** A newer version the last check found (downloading or ready). */
  available: AvailableUpdateView | null;
  /** 0 to 100 while downloading. */
  progress: number | null;
  /** The last failure as electron-updater said it (shown as a detail under the translated text). */
  error: string | null;
  /** A campaign is being delivered right now: a restart waits for it. */
  delivering: boolean;
  /** The user asked to restart while a campaign was being delivered: the restart follows its end. */
  restartPending: boolean;
  feed: UpdateFeedView | null;
}

/**
 * What `updates:restart` did: `restarting` (the app quits and the installer
 * runs), `waiting` (after the delivery under way), `delivering` (refused: a
 * campaign is being delivered, ask the user), `notReady` (nothing downloaded).
 */
export type RestartOutcome = 'restarting' | 'waiting' | 'delivering' | 'notReady';
