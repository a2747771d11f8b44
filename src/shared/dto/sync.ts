import type { ListView } from './contacts';

/**
 * What the contact sync shows the renderer: per list, whether it syncs with
 * the service, when it last did, what is still to send and why the last sync
 * stopped; and the progress of the run under way.
 */

/**
 * Why a list's last sync did not complete. The renderer has a sentence (and
 * what to do) for each:
 * - `unreachable`: the service could not be reached; changes wait and go out when it is back.
 * - `gave_up`: the service kept failing (5xx, connections cut) after a few tries; tried again later.
 * - `unauthorized`: the service refused the account key; sign in again.
 * - `signed_out`: the account was signed out during the sync.
 * - `list_refused`: the service refused the list itself (its name, say).
 * - `unexpected`: an answer Torpedo did not understand, or a fault of its own.
 */
export type SyncErrorCode =
  'unreachable' | 'gave_up' | 'unauthorized' | 'signed_out' | 'list_refused' | 'unexpected';

export interface SyncErrorView {
  code: SyncErrorCode;
  /** English detail for diagnostics (`POST /v1/contacts/store answered 503`); the UI words the code. */
  detail: string;
  at: string;
}

export interface SyncListStatus {
  listId: string;
  /** The user chose to sync this list. */
  enabled: boolean;
  /** The list exists on the service and is linked to this one. */
  linked: boolean;
  /** End of the last complete sync; null before the first. */
  syncedAt: string | null;
  /** Contacts of the list with changes not yet on the service. */
  pending: number;
  /** Contacts of the list the service refused (an invalid field); sent again once edited. */
  rejected: number;
  /** The service's reason for one of them, as it gave it. */
  rejectedReason: string | null;
  /**
   * Opted-out numbers of the list that Torpedo could not take off the
   * service's list (the service refused the change); tried again once the contact is edited.
   */
  optOutsKept: number;
  /** The service's reason for one of them. */
  optOutsKeptReason: string | null;
  /** Why the last sync of this list stopped; null when it completed. */
  error: SyncErrorView | null;
}

export type SyncPhase = 'lists' | 'push' | 'pull';
export type SyncRunState = 'running' | 'done' | 'cancelled' | 'failed';

export interface SyncProgressView {
  runId: string;
  state: SyncRunState;
  phase: SyncPhase;
  /** Requests done and (as far as known yet) to do; `total` grows as pages are discovered. */
  done: number;
  total: number;
  /** The service asked to slow down (429): seconds of the wait under way. */
  waitingSeconds: number | null;
}

/** A list on the service that Torpedo does not have (no local list of that name, none linked to it). */
export interface ServiceListView {
  /** The service's id of the list. */
  remoteId: string;
  name: string;
  /** Contacts in it on the service (what bringing it in would pull). */
  contacts: number;
}

/** A service list brought into Torpedo: the new local list and its sync state (on; its contacts come next). */
export interface BroughtListView {
  list: ListView;
  status: SyncListStatus;
}

export interface SyncStatusView {
  running: boolean;
  /** The run under way, if any. */
  progress: SyncProgressView | null;
  /** Every local list (synced or not), in no particular order. */
  lists: SyncListStatus[];
}

export interface SyncRunResult {
  runId: string;
  state: Exclude<SyncRunState, 'running'>;
  /** Contacts created or updated on the service. */
  pushed: number;
  /** Contacts deleted on the service. */
  deleted: number;
  /** Contacts read from the service into local lists. */
  pulled: number;
  /** Opted-out numbers left off the service. */
  skippedOptedOut: number;
  /** Contacts the service refused (see each list's `rejectedReason`). */
  rejected: number;
  /** Contacts taken out of a local list because they were removed from it on the service (they stay contacts). */
  left: number;
  /** Opted-out numbers taken off the service's synced lists. */
  optOutsRemoved: number;
  /** Why the run stopped (`failed`); null otherwise. */
  error: SyncErrorView | null;
}
