/**
 * One outbox worker per data folder, across processes: the desktop app and
 * `torpedo worker` may both run on the same folder, and two workers would
 * race each other's reconciles (claims are atomic anyway, so the lease is
 * about not doubling the work and the reads, not the last line of defence).
 *
 * The lease is a row of the `settings` table (no migration needed):
 * `{token, pid, host, expiresAt}`. It is taken, renewed and given back in
 * IMMEDIATE transactions, so two processes cannot both see it free. Another
 * holder's lease is taken over when it has expired, or at once when that
 * holder was on this machine and its process is gone (killed, crashed).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/open-database';
import type { SettingsRepo } from '../../db/settings-repo';

export const LEASE_KEY = 'outbox.workerLease';

export interface LeaseRecord {
  token: string;
  pid: number;
  host: string;
  expiresAt: string;
}

export interface WorkerLease {
  /** Takes the lease, or keeps it (renewing it when a third of its life is gone); true when this worker holds it. */
  acquire(): boolean;
  /** Extends the lease this worker holds; false when it was lost (taken over). */
  renew(): boolean;
  /** Gives the lease back, if this worker holds it. */
  release(): void;
  /** The current holder (this worker or another), if any. */
  holder(): LeaseRecord | undefined;
  readonly held: boolean;
}

export interface LeaseOptions {
  ttlMs: number;
  now: () => Date;
  pid?: number;
  host?: string;
  /** Whether a process of this machine is still running (default: signal 0). */
  isAlive?: (pid: number) => boolean;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function createWorkerLease(db: Database, settings: SettingsRepo, options: LeaseOptions): WorkerLease {
  const token = randomUUID();
  const pid = options.pid ?? process.pid;
  const host = options.host ?? hostname();
  const isAlive = options.isAlive ?? isProcessAlive;
  let held = false;
  let renewedAt = 0;

  const read = () => settings.get<LeaseRecord>(LEASE_KEY);
  const write = () => {
    const now = options.now().getTime();
    settings.set(LEASE_KEY, { token, pid, host, expiresAt: new Date(now + options.ttlMs).toISOString() });
    renewedAt = now;
  };
  const isFree = (lease: LeaseRecord | undefined): boolean => {
    if (!lease || lease.token === token) return true;
    if (Date.parse(lease.expiresAt) <= options.now().getTime()) return true;
    // Same machine, and its process is gone: no need to wait out the expiry.
    return lease.host === host && lease.pid !== pid && !isAlive(lease.pid);
  };

  const take = db.transaction((): boolean => {
    if (!isFree(read())) return false;
    write();
    return true;
  });
  const extend = db.transaction((): boolean => {
    if (read()?.token !== token) return false;
    write();
    return true;
  });
  const giveBack = db.transaction(() => {
    if (read()?.token === token) settings.delete(LEASE_KEY);
  });

  return {
    get held() {
      return held;
    },
    acquire() {
      if (held && options.now().getTime() - renewedAt < options.ttlMs / 3) return true;
      held = held ? extend.immediate() : take.immediate();
      return held;
    },
    renew() {
      if (!held) return false;
      held = extend.immediate();
      return held;
    },
    release() {
      if (!held) return;
      held = false;
      giveBack.immediate();
    },
    holder: read,
  };
}
