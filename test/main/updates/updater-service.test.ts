/**
 * main's UpdaterService with a fake electron-updater (an EventEmitter that
 * plays the events a real one emits) and fake timers: the schedule, the
 * background download, and the restart that never interrupts a delivery.
 * The real electron-updater against a feed is in updater-feed.test.ts.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { UpdateStatusView } from '@shared/dto/updates';
import { UPDATE_TIMING } from '../../../src/main/updates/update-policy';
import { UpdaterService, type DeliveryWatch } from '../../../src/main/updates/updater-service';

const INFO = { version: '0.2.0', releaseNotes: 'Nova versão' };

class FakeUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  installs: [boolean | undefined, boolean | undefined][] = [];
  /** What the next check finds: a version (then it downloads), nothing, or a failure. */
  next: 'update' | 'none' | 'fail' = 'none';
  checks = 0;
  async checkForUpdates() {
    this.checks += 1;
    this.emit('checking-for-update');
    if (this.next === 'fail') {
      this.emit('error', new Error('net::ERR_NAME_NOT_RESOLVED\n<html>...'));
      throw new Error('net::ERR_NAME_NOT_RESOLVED');
    }
    if (this.next === 'none') return void this.emit('update-not-available', { version: '0.1.0' });
    this.emit('update-available', INFO);
    this.emit('download-progress', { percent: 50 });
    this.emit('update-downloaded', INFO);
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

class FakeDelivery implements DeliveryWatch {
  delivering = false;
  private listeners = new Set<() => void>();
  async isDelivering() {
    return this.delivering;
  }
  onChange(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** The core's campaigns:progress event. */
  set(delivering: boolean) {
    this.delivering = delivering;
    for (const listener of this.listeners) listener();
  }
}

function setup() {
  let now = new Date('2026-11-25T12:00:00.000Z');
  const timers: { run: () => void; at: number; cancelled: boolean }[] = [];
  const updater = new FakeUpdater();
  const delivery = new FakeDelivery();
  const service = new UpdaterService({
    updater,
    currentVersion: '0.1.0',
    feed: null,
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { run, at: now.getTime() + ms, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
  });
  const changes: UpdateStatusView[] = [];
  service.onChange((status) => changes.push(status));
  /** Moves the clock and fires the timers due (one pending timer at a time, as the service keeps). */
  const advance = async (ms: number) => {
    now = new Date(now.getTime() + ms);
    for (const timer of timers.filter((t) => !t.cancelled && t.at <= now.getTime())) {
      timer.cancelled = true;
      timer.run();
    }
    await vi.waitFor(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
  };
  const pending = () => timers.filter((t) => !t.cancelled).map((t) => t.at - now.getTime());
  return { service, updater, delivery, changes, advance, pending };
}

describe('UpdaterService (fake electron-updater, fake timers)', () => {
  it('turns on background download and install on quit', () => {
    const { updater } = setup();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('checks shortly after start, then every few hours', async () => {
    const { service, updater, delivery, advance, pending } = setup();
    service.start(delivery);
    expect(pending()).toEqual([UPDATE_TIMING.firstCheckAfterMs]);
    await advance(UPDATE_TIMING.firstCheckAfterMs);
    expect(updater.checks).toBe(1);
    expect(service.status()).toMatchObject({ state: 'idle', lastCheck: { result: 'upToDate' } });
    expect(pending()).toEqual([UPDATE_TIMING.everyMs]);
    await advance(UPDATE_TIMING.everyMs);
    expect(updater.checks).toBe(2);
  });

  it('after a failed check says so, and tries again sooner', async () => {
    const { service, updater, delivery, pending } = setup();
    updater.next = 'fail';
    service.start(delivery);
    const status = await service.check();
    expect(status).toMatchObject({
      state: 'error',
      error: 'net::ERR_NAME_NOT_RESOLVED',
      lastCheck: { result: 'error' },
    });
    expect(pending()).toEqual([UPDATE_TIMING.afterErrorMs]);
  });

  it('a found version downloads in the background and becomes ready, and the window hears each step', async () => {
    const { service, updater, delivery, changes, pending } = setup();
    updater.next = 'update';
    service.start(delivery);
    const status = await service.check();
    expect(status).toMatchObject({
      state: 'ready',
      progress: 100,
      available: { version: '0.2.0', notes: 'Nova versão' },
    });
    expect(changes.map((c) => c.state)).toEqual(['checking', 'downloading', 'downloading', 'ready']);
    // Nothing more to check until it is installed.
    expect(pending()).toEqual([]);
    expect(await service.check()).toBe(status);
    expect(updater.checks).toBe(1);
  });

  it('restarts into the new version at once when no campaign is being delivered', async () => {
    const { service, updater, delivery } = setup();
    updater.next = 'update';
    service.start(delivery);
    await service.check();
    expect(await service.restart(false)).toBe('restarting');
    expect(updater.installs).toEqual([[false, true]]);
  });

  it('never restarts during a delivery: refuses, or waits for its end when told to', async () => {
    const { service, updater, delivery } = setup();
    updater.next = 'update';
    delivery.delivering = true;
    service.start(delivery);
    await service.check();
    expect(await service.restart(false)).toBe('delivering');
    expect(service.status()).toMatchObject({ delivering: true, restartPending: false });
    expect(await service.restart(true)).toBe('waiting');
    expect(service.status().restartPending).toBe(true);
    expect(updater.installs).toEqual([]);

    delivery.set(true); // another batch: still delivering
    await new Promise((resolve) => setImmediate(resolve));
    expect(updater.installs).toEqual([]);
    delivery.set(false); // the outbox is idle
    await vi.waitFor(() => expect(updater.installs).toEqual([[false, true]]));
  });

  it('a waiting restart can be called off', async () => {
    const { service, updater, delivery } = setup();
    updater.next = 'update';
    delivery.delivering = true;
    service.start(delivery);
    await service.check();
    await service.restart(true);
    expect(service.cancelRestart().restartPending).toBe(false);
    delivery.set(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(updater.installs).toEqual([]);
    expect(service.status()).toMatchObject({ state: 'ready', delivering: false });
  });

  it('nothing is downloaded: nothing to restart into', async () => {
    const { service, delivery } = setup();
    service.start(delivery);
    expect(await service.restart(false)).toBe('notReady');
  });
});
