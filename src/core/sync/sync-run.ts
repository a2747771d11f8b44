import type { SyncErrorView, SyncProgressView, SyncRunResult } from '../../shared/dto/sync';
import type { Database } from '../db/open-database';
import type { ContactsRepo } from '../contacts/contacts-module';
import { pullLists } from './pull/contact-pull';
import { pushQueue } from './push/contact-push';
import { syncLists } from './push/list-push';
import type { RemoteContacts } from './pull/remote-contacts';
import { RequestGate, type ServiceCall } from './request-gate';
import { DEFAULT_TUNABLES, SyncCancelled, SyncStop, type SyncTunables } from './retry-policy';
import { RunProgress, type SyncContext, type SyncCounters } from './sync-context';
import type { SyncListsStore } from './sync-lists-store';
import type { SyncQueue } from './sync-queue';

export interface SyncStores {
  lists: SyncListsStore;
  queue: SyncQueue;
  remote: RemoteContacts;
}

export interface SyncRunOptions {
  db: Database;
  repo: ContactsRepo;
  stores: SyncStores;
  profile: string;
  /** Calls the service as the account the run belongs to. */
  call: ServiceCall;
  runId: string;
  /** Pull every synced list too; otherwise push, and finish pulls left unfinished. */
  full: boolean;
  /** Cancels the run: it stops at the next request or write. */
  signal: AbortSignal;
  onProgress: (view: SyncProgressView) => void;
  now?: () => Date;
  tunables?: Partial<SyncTunables>;
}

/**
 * One sync of a profile's synced lists, in this order:
 * 1. fold the local change log into the queue;
 * 2. lists: link each synced list to the service's, push renames and deletes;
 * 3. pull (full runs, or one left unfinished): the service's members into the local lists,
 *    and, once a list was read to its end, its removals on the service out of the local list;
 * 4. push the queue.
 * Pulling before pushing lets the pull tell the push which contacts the
 * service already has (fewer look-ups), and a contact with a local change
 * not sent yet is left alone by the pull, so local changes are not lost.
 * Everything is recorded as it goes: a run stopped at any point (cancel,
 * crash, offline) leaves a state the next run continues from. Never throws:
 * a failure ends the run `failed`, with the reason recorded on every synced
 * list so the Lists page can say it.
 */
export async function runSync(options: SyncRunOptions): Promise<SyncRunResult> {
  const tunables = { ...DEFAULT_TUNABLES, ...options.tunables };
  const now = options.now ?? (() => new Date());
  const internal = new AbortController();
  const signal = AbortSignal.any([options.signal, internal.signal]);
  const progress = new RunProgress(options.runId, options.onProgress);
  const counters: SyncCounters = {
    pushed: 0,
    deleted: 0,
    pulled: 0,
    skippedOptedOut: 0,
    rejected: 0,
    left: 0,
    optOutsRemoved: 0,
  };
  const { lists, queue, remote } = options.stores;
  const ctx: SyncContext = {
    db: options.db,
    repo: options.repo,
    lists,
    queue,
    remote,
    profile: options.profile,
    gate: new RequestGate(options.call, tunables, signal, (seconds) => progress.waiting(seconds)),
    progress,
    tunables,
    signal,
    abort: () => internal.abort(),
    now: () => now().toISOString(),
    counters,
    refused: new Set(),
  };

  let error: SyncErrorView | null = null;
  let state: SyncRunResult['state'];
  try {
    progress.phase('lists');
    queue.fold(ctx.profile);
    const linked = await syncLists(ctx);
    progress.phase('pull');
    await pullLists(ctx, linked, options.full);
    await pushQueue(ctx, linked);
    const at = ctx.now();
    for (const listId of linked.keys()) lists.markSynced(ctx.profile, listId, at);
    state = 'done';
  } catch (failure) {
    if (failure instanceof SyncCancelled && options.signal.aborted) state = 'cancelled';
    else {
      state = 'failed';
      const stop =
        failure instanceof SyncStop
          ? failure
          : new SyncStop(
              'unexpected',
              `unexpected failure (${failure instanceof Error ? failure.name : 'unknown'})`,
            );
      error = { code: stop.code, detail: stop.detail, at: ctx.now() };
      recordFailure(ctx, error);
    }
  }
  progress.finish(state);
  return { runId: options.runId, state, ...counters, error };
}

/** Every synced list shows why the run stopped (unless it has a reason of its own from this run). */
function recordFailure(ctx: SyncContext, error: SyncErrorView): void {
  try {
    for (const row of ctx.lists.all(ctx.profile)) {
      if (!row.enabled || row.localName === null) continue;
      if (ctx.refused.has(row.listId)) continue;
      ctx.lists.setError(ctx.profile, row.listId, error.code, error.detail, error.at);
    }
  } catch {
    // The database is closing (the app quits): the next run says it again.
  }
}
