import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectivityState } from '@shared/dto';
import type { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import { EventHub } from '@core/kernel/event-hub';
import type { SessionManager } from '@core/session/session-manager';
import { SyncScheduler } from '@core/sync/sync-scheduler';
import type { SyncRunner } from '@core/sync/sync-runner';
import { enable, openLocal, phone, PROFILE } from './sync-harness';

const TIMINGS = { pollMs: 1_000, debounceMs: 3_000, periodMs: 60_000, pullEveryMs: 600_000 };

/**
 * The scheduler on a real database, with fake timers (so the waits are
 * exact, not slept) and a stand-in runner that records what it is asked to
 * do: what a run does is tested against the sandbox elsewhere.
 */
function setup(options: { signedIn?: boolean; synced?: boolean; state?: ConnectivityState } = {}) {
  const local = openLocal();
  const list = local.repo.createList(PROFILE, 'VIP');
  if (options.synced ?? true) enable(local, list.id);
  // As if the list had just been synced and pulled: nothing to do yet.
  local.stores.queue.fold(PROFILE);
  local.db.prepare('DELETE FROM sync_queue').run();
  local.db
    .prepare("UPDATE sync_lists SET remote_id = 'r1', remote_name = 'VIP', pulled_at = ?")
    .run(new Date().toISOString());
  const events = new EventHub();
  const session = { profile: options.signedIn === false ? null : PROFILE } as SessionManager;
  const connectivity = {
    current: { state: options.state ?? 'online', checkedAt: null },
  } as ConnectivityMonitor;
  const runs: boolean[] = [];
  const runner = {
    run: async (full: boolean) => void runs.push(full),
    cancelUnless: () => undefined,
  } as unknown as SyncRunner;
  const scheduler = new SyncScheduler({
    events,
    session,
    connectivity,
    runner,
    lists: local.stores.lists,
    queue: local.stores.queue,
    now: () => new Date(),
    timings: TIMINGS,
  });
  const edit = (n: number) =>
    local.repo.create(PROFILE, { name: `C${n}`, phone: phone(n), listIds: [list.id] });
  return { local, list, events, connectivity, scheduler, runs, edit };
}

describe('background sync (fake timers, stand-in runner)', () => {
  beforeEach(
    () =>
      void vi.useFakeTimers({
        toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
      }),
  );
  afterEach(() => void vi.useRealTimers());

  it('pushes local changes once they stop for a few seconds, in one run per burst', () => {
    const { scheduler, runs, edit } = setup();
    scheduler.start();
    expect(runs).toEqual([]);

    edit(1);
    vi.advanceTimersByTime(1_000);
    edit(2);
    vi.advanceTimersByTime(2_000);
    edit(3);
    vi.advanceTimersByTime(2_000);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(3_000);
    expect(runs).toEqual([false]);
    scheduler.stop();
  });

  it('runs when the connection comes back, and pulls lists not pulled for a while', () => {
    const { scheduler, runs, events, edit } = setup();
    scheduler.start();
    edit(1);
    events.emit('connectivity:changed', { state: 'online', checkedAt: null });
    expect(runs).toEqual([false]);

    vi.advanceTimersByTime(TIMINGS.pullEveryMs);
    expect(runs.at(-1)).toBe(true);
    scheduler.stop();
  });

  it('waits while the OS says it is offline, except for the periodic try', () => {
    const { scheduler, runs, edit } = setup({ state: 'offline' });
    scheduler.start();
    edit(1);
    vi.advanceTimersByTime(TIMINGS.periodMs - 1);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([false]);
    scheduler.stop();
  });

  it('never runs signed out, without a synced list, or after stop', () => {
    for (const options of [{ signedIn: false }, { synced: false }]) {
      const { scheduler, runs, edit, events } = setup(options);
      scheduler.start();
      edit(1);
      events.emit('connectivity:changed', { state: 'online', checkedAt: null });
      vi.advanceTimersByTime(TIMINGS.pullEveryMs * 2);
      expect(runs, JSON.stringify(options)).toEqual([]);
      scheduler.stop();
    }
    const { scheduler, runs, edit } = setup();
    scheduler.start();
    scheduler.stop();
    edit(1);
    vi.advanceTimersByTime(TIMINGS.pullEveryMs * 2);
    expect(runs).toEqual([]);
  });
});
