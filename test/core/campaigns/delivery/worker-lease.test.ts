/**
 * One worker per data folder: the lease row in `settings`, on real SQLite
 * files, with two connections standing for two processes.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@core/db/open-database';
import { createSettingsRepo } from '@core/db/settings-repo';
import { createWorkerLease, isProcessAlive, LEASE_KEY } from '@core/campaigns/delivery/worker-lease';
import { tempDir } from '../../../support/temp-dir';

function twoProcesses() {
  const file = join(tempDir(), 'torpedo.db');
  const open = () => {
    const db = openDatabase(file);
    return { db, settings: createSettingsRepo(db) };
  };
  return { a: open(), b: open() };
}

/** A pid that certainly is not running: a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('worker lease', () => {
  it('only one of two workers on the same folder holds it; the other takes it once it is given back', () => {
    const { a, b } = twoProcesses();
    let clock = Date.parse('2026-06-01T12:00:00Z');
    const now = () => new Date(clock);
    const first = createWorkerLease(a.db, a.settings, {
      ttlMs: 30_000,
      now,
      pid: 101,
      host: 'pc',
      isAlive: () => true,
    });
    const second = createWorkerLease(b.db, b.settings, {
      ttlMs: 30_000,
      now,
      pid: 202,
      host: 'pc',
      isAlive: () => true,
    });
    expect(first.acquire()).toBe(true);
    expect(second.acquire()).toBe(false);
    expect(second.holder()).toMatchObject({ pid: 101, host: 'pc' });
    clock += 20_000; // renewed well before it expires
    expect(first.acquire()).toBe(true);
    clock += 20_000;
    expect(second.acquire()).toBe(false);
    first.release();
    expect(a.settings.get(LEASE_KEY)).toBeUndefined();
    expect(second.acquire()).toBe(true);
  });

  it('an expired lease is taken over, and the old holder learns it lost the lease when it renews', () => {
    const { a, b } = twoProcesses();
    let clock = Date.parse('2026-06-01T12:00:00Z');
    const now = () => new Date(clock);
    const stuck = createWorkerLease(a.db, a.settings, { ttlMs: 30_000, now, pid: 101, host: 'other-pc' });
    const fresh = createWorkerLease(b.db, b.settings, { ttlMs: 30_000, now, pid: 202, host: 'pc' });
    expect(stuck.acquire()).toBe(true);
    clock += 29_000;
    expect(fresh.acquire()).toBe(false);
    clock += 2_000;
    expect(fresh.acquire()).toBe(true);
    expect(stuck.renew()).toBe(false);
    expect(stuck.held).toBe(false);
    expect(stuck.acquire()).toBe(false);
  });

  it('a holder on this machine whose process is gone is taken over at once, without waiting for expiry', () => {
    const { a, b } = twoProcesses();
    const now = () => new Date('2026-06-01T12:00:00Z');
    const pid = deadPid();
    expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(process.pid)).toBe(true);
    const killed = createWorkerLease(a.db, a.settings, { ttlMs: 30_000, now, pid, host: 'pc' });
    expect(killed.acquire()).toBe(true);
    const restarted = createWorkerLease(b.db, b.settings, { ttlMs: 30_000, now, host: 'pc' });
    expect(restarted.acquire()).toBe(true);
    expect(restarted.holder()).toMatchObject({ pid: process.pid });
  });

  it('a live holder on this machine keeps it; one on another machine is only taken once expired', () => {
    const { a, b } = twoProcesses();
    const now = () => new Date('2026-06-01T12:00:00Z');
    const alive = createWorkerLease(a.db, a.settings, {
      ttlMs: 30_000,
      now,
      pid: process.pid + 1,
      host: 'pc',
      isAlive: () => true,
    });
    expect(alive.acquire()).toBe(true);
    const other = createWorkerLease(b.db, b.settings, {
      ttlMs: 30_000,
      now,
      pid: 5,
      host: 'pc',
      isAlive: () => true,
    });
    expect(other.acquire()).toBe(false);
    alive.release();
    const remote = createWorkerLease(a.db, a.settings, {
      ttlMs: 30_000,
      now,
      pid: 7,
      host: 'nas',
      isAlive: () => false,
    });
    expect(remote.acquire()).toBe(true);
    // Its pid means nothing on this machine: not taken over before it expires.
    expect(other.acquire()).toBe(false);
  });
});
