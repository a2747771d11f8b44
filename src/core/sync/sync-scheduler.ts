import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { EventHub } from '../kernel/event-hub';
import type { SessionManager } from '../session/session-module';
import type { SyncListRow, SyncListsStore } from './sync-lists-store';
import type { SyncQueue } from './sync-queue';
import type { SyncRunner } from './sync-runner';

export interface SchedulerTimings {
  /** How often the change log is looked at (a cheap read; the CLI's imports write it too, from another process). */
  pollMs: number;
  /** Quiet time after the last local change before a push: a burst of edits goes out in one run. */
  debounceMs: number;
  /** A push of whatever waits, and a pull when due, this often. */
  periodMs: number;
  /** How old a list's last pull may get before the periodic run pulls it again. */
  pullEveryMs: number;
}

export const DEFAULT_TIMINGS: SchedulerTimings = {
  pollMs: 5_000,
  debounceMs: 3_000,
  periodMs: 5 * 60_000,
  pullEveryMs: 30 * 60_000,
};

type Reason = 'start' | 'signed-in' | 'online' | 'changes' | 'periodic' | 'enabled';

/** A list whose link with the service needs work: not linked yet, renamed here, or deleted here. */
const needsListWork = (row: SyncListRow): boolean =>
  row.localName === null
    ? row.enabled && row.remoteId !== null
    : row.enabled && (row.remoteId === null || row.remoteName !== row.localName);

/**
 * Runs the sync in the background, only while someone is signed in and only
 * when there is something to do for a synced list: at start, when the
 * connection comes back, a few seconds after local changes stop, and every
 * few minutes (which also pulls lists not pulled for a while). Runs that
 * would only fail are not started while the OS says it is offline; the
 * periodic one still tries, since it is how an unreachable service is
 * noticed to be back when nothing else calls it.
 */
export class SyncScheduler {
  private timers: NodeJS.Timeout[] = [];
  private debounce: NodeJS.Timeout | null = null;
  private marker: string | null = null;
  private off: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly deps: {
      events: EventHub;
      session: SessionManager;
      connectivity: ConnectivityMonitor;
      runner: SyncRunner;
      lists: SyncListsStore;
      queue: SyncQueue;
      now: () => Date;
      timings?: Partial<SchedulerTimings>;
    },
  ) {}

  private get timings(): SchedulerTimings {
    return { ...DEFAULT_TIMINGS, ...this.deps.timings };
  }

  start(): void {
    const { events, runner } = this.deps;
    this.off = events.on((event, payload) => {
      if (event === 'connectivity:changed' && (payload as { state: string }).state === 'online') {
        this.kick('online');
      }
      if (event === 'session:changed') {
        runner.cancelUnless(this.deps.session.profile);
        this.kick('signed-in');
      }
    });
    // unref: background work never keeps the process (the CLI, a test) alive.
    this.timers.push(setInterval(() => this.poll(), this.timings.pollMs).unref());
    this.timers.push(setInterval(() => this.kick('periodic'), this.timings.periodMs).unref());
    this.kick('start');
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.debounce) clearTimeout(this.debounce);
    this.off?.();
  }

  /** Starts a run if one is worth it. Never throws (background). */
  kick(reason: Reason): void {
    if (this.stopped) return;
    const { session, connectivity, queue, lists, runner } = this.deps;
    const profile = session.profile;
    if (profile === null) return;
    if (reason !== 'periodic' && connectivity.current.state === 'offline') return;
    try {
      queue.fold(profile);
      const rows = lists.all(profile);
      const now = this.deps.now().getTime();
      const pullDue = (row: SyncListRow) =>
        row.enabled &&
        row.localName !== null &&
        (row.pullPage > 0 ||
          row.pulledAt === null ||
          now - Date.parse(row.pulledAt) >= this.timings.pullEveryMs);
      const full = reason === 'enabled' || rows.some(pullDue);
      if (!rows.some((row) => row.enabled || row.localName === null)) return;
      if (!full && !queue.hasPending(profile) && !rows.some(needsListWork)) return;
      // The outcome is recorded on the lists; nothing to tell anyone here.
      const fresh = reason === 'changes' || reason === 'enabled';
      runner.run(full, fresh).catch(() => undefined);
    } catch {
      // The database is busy (the CLI importing) or closing: the next tick tries again.
    }
  }

  /** Notices local changes (any process) and pushes them once they stop for `debounceMs`. */
  private poll(): void {
    const profile = this.deps.session.profile;
    if (profile === null || this.stopped) return;
    try {
      const marker = this.deps.queue.changeMarker(profile);
      if (marker !== null && marker !== this.marker) {
        if (this.debounce) clearTimeout(this.debounce);
        this.debounce = setTimeout(() => this.kick('changes'), this.timings.debounceMs).unref();
      }
      this.marker = marker;
    } catch {
      // As in kick.
    }
  }
}
