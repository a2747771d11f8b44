import { randomUUID } from 'node:crypto';
import type { SyncProgressView, SyncRunResult } from '../../shared/dto/sync';
import { type AccountService, bindAccount } from '../account/account-module';
import type { Database } from '../db/open-database';
import type { EventHub } from '../kernel/event-hub';
import type { SessionManager } from '../session/session-module';
import type { ContactsRepo } from '../contacts/contacts-module';
import type { SyncTunables } from './retry-policy';
import { runSync, type SyncStores } from './sync-run';

export interface SyncRunnerDeps {
  db: Database;
  repo: ContactsRepo;
  stores: SyncStores;
  session: SessionManager;
  account: AccountService;
  events: EventHub;
  now: () => Date;
  tunables?: Partial<SyncTunables>;
}

interface Current {
  promise: Promise<SyncRunResult>;
  controller: AbortController;
  full: boolean;
  profile: string;
  /** The last progress event, for `sync:status`. */
  seen: { progress: SyncProgressView | null };
}

/**
 * One sync at a time. A run is bound to the account signed in when it
 * starts (its profile and client), like a purchase, so switching accounts
 * never sends one account's contacts to another: the switch cancels it.
 * A second request while a run goes joins it, or, when it asks for more (a
 * pull after a push-only run), runs after it.
 */
export class SyncRunner {
  private current: Current | null = null;
  private closed = false;

  constructor(private readonly deps: SyncRunnerDeps) {}

  /**
   * Throws `not_signed_in` when nobody is signed in. `fresh`: what is asked
   * for appeared after the run under way had started (local changes, a list
   * just turned on), so wait for that run and start another (or join one
   * started after it).
   */
  async run(full: boolean, fresh = false): Promise<SyncRunResult> {
    if (fresh && this.current) await this.current.promise;
    for (;;) {
      const current = this.current;
      if (current === null) return this.start(full);
      if (current.full || !full) return current.promise;
      await current.promise;
    }
  }

  /** The run under way, as its last progress event said. */
  get progress(): SyncProgressView | null {
    return this.current?.seen.progress ?? null;
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Cancels the run under way (only if it belongs to `profile`, when given). */
  cancel(profile?: string): boolean {
    const current = this.current;
    if (!current || (profile !== undefined && current.profile !== profile)) return false;
    current.controller.abort();
    return true;
  }

  /** Cancels a run that belongs to another profile than the one signed in now. */
  cancelUnless(profile: string | null): void {
    if (this.current && this.current.profile !== profile) this.cancel();
  }

  /** Cancels and waits: nothing of a run writes after this (the database closes next). */
  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    if (!current) return;
    current.controller.abort();
    await current.promise;
  }

  private start(full: boolean): Promise<SyncRunResult> {
    if (this.closed) return Promise.reject(new Error('The sync is closed.'));
    const { session, account, events } = this.deps;
    const bound = bindAccount(session, account);
    const controller = new AbortController();
    const seen: Current['seen'] = { progress: null };
    const promise = runSync({
      db: this.deps.db,
      repo: this.deps.repo,
      stores: this.deps.stores,
      profile: bound.profile,
      call: (fn) => bound.call(fn),
      runId: randomUUID(),
      full,
      signal: controller.signal,
      now: this.deps.now,
      tunables: this.deps.tunables,
      onProgress: (view) => {
        seen.progress = view;
        events.emit('sync:progress', view);
      },
    }).finally(() => {
      if (this.current === current) this.current = null;
    });
    const current: Current = { promise, controller, full, profile: bound.profile, seen };
    this.current = current;
    return promise;
  }
}
