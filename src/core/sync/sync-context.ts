import type { SyncPhase, SyncProgressView, SyncRunState } from '../../shared/dto/sync';
import { isServiceError, type ServiceError } from '../api/service-error';
import type { Database } from '../db/open-database';
import type { ContactsRepo } from '../contacts/contacts-module';
import type { RemoteContacts } from './pull/remote-contacts';
import type { RequestGate } from './request-gate';
import { SyncCancelled, SyncStop, type SyncTunables } from './retry-policy';
import type { SyncListsStore } from './sync-lists-store';
import type { SyncQueue } from './sync-queue';

/** A synced local list and the service's list it is linked to. */
export interface LinkedList {
  listId: string;
  remoteId: string;
  remoteName: string;
}

export interface SyncCounters {
  pushed: number;
  deleted: number;
  pulled: number;
  skippedOptedOut: number;
  rejected: number;
  left: number;
  optOutsRemoved: number;
}

/** Everything one run's phases share. */
export interface SyncContext {
  db: Database;
  repo: ContactsRepo;
  lists: SyncListsStore;
  queue: SyncQueue;
  remote: RemoteContacts;
  profile: string;
  gate: RequestGate;
  progress: RunProgress;
  tunables: SyncTunables;
  /** Aborted on cancel, and by the run itself at its first run-level failure (see settleAll). */
  signal: AbortSignal;
  abort(): void;
  now(): string;
  counters: SyncCounters;
  /** Lists the service refused in this run (their own error says why). */
  refused: Set<string>;
}

/**
 * Throws if the run was stopped. Called before each write, so that a run
 * stopped (cancelled, or the profile wiped at sign-out) writes nothing more;
 * what a request did meanwhile is found again by the next run (lists by
 * name, contacts by phone).
 */
export function guard(ctx: SyncContext): void {
  if (ctx.signal.aborted) throw new SyncCancelled();
}

/** A refusal of one request by the service (a 4xx other than 401 and 429, which the gate handles). */
export const isRefusal = (error: unknown): error is ServiceError =>
  isServiceError(error) && error.status >= 400 && error.status < 500;

/** The service does not have it (any more): a 404. */
export const isGone = (error: unknown): boolean => isRefusal(error) && error.status === 404;

/** The service's reason, with the fields it named, short enough to show and store. */
export function refusalText(error: ServiceError): string {
  const fields = error.errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  return (fields || error.message).slice(0, 300);
}

/**
 * Runs `work` for every item at once (the gate bounds what is in flight) and
 * waits for all of them, so nothing of this run still writes once it
 * returns. At the first failure the others are stopped; the failure that
 * explains the stop is thrown (a SyncStop before the cancellations it caused).
 */
export async function settleAll<T>(
  ctx: SyncContext,
  items: readonly T[],
  work: (item: T) => Promise<void>,
): Promise<void> {
  let first: unknown;
  const results = await Promise.allSettled(
    items.map((item) =>
      work(item).catch((error: unknown) => {
        first ??= error;
        ctx.abort();
        throw error;
      }),
    ),
  );
  if (first === undefined) return;
  const stop = results.find(
    (r): r is PromiseRejectedResult => r.status === 'rejected' && r.reason instanceof SyncStop,
  );
  throw stop ? stop.reason : first;
}

/**
 * Progress of one run, for the progress bar: requests done out of those
 * known so far. At most one event per `everyMs` while it runs (a big push
 * makes thousands of steps), and always one on a change of phase, of a 429
 * wait, and at the end.
 */
export class RunProgress {
  private view: SyncProgressView;
  private lastEmit = Number.NEGATIVE_INFINITY;

  constructor(
    runId: string,
    private readonly emit: (view: SyncProgressView) => void,
    private readonly everyMs = 100,
  ) {
    this.view = { runId, state: 'running', phase: 'lists', done: 0, total: 0, waitingSeconds: null };
  }

  get current(): SyncProgressView {
    return { ...this.view };
  }

  phase(phase: SyncPhase): void {
    if (this.view.phase !== phase) this.set({ phase }, true);
  }

  grow(count: number): void {
    if (count > 0) this.set({ total: this.view.total + count });
  }

  step(count = 1): void {
    this.set({ done: this.view.done + count });
  }

  waiting(seconds: number | null): void {
    this.set({ waitingSeconds: seconds }, true);
  }

  finish(state: Exclude<SyncRunState, 'running'>): void {
    this.set({ state, waitingSeconds: null }, true);
  }

  private set(change: Partial<SyncProgressView>, now = false): void {
    this.view = { ...this.view, ...change };
    this.view.total = Math.max(this.view.total, this.view.done);
    const at = Date.now();
    if (now || at - this.lastEmit >= this.everyMs) {
      this.lastEmit = at;
      this.emit(this.current);
    }
  }
}
