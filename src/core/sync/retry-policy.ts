import { APP_ERROR_CODES } from '../../shared/app-error';
import type { SyncErrorCode } from '../../shared/dto/sync';
import { InvalidResponseError, isNetworkError, isServiceError } from '../api/service-error';
import { AppFailure } from '../app-failure';

/** How hard a sync leans on the service; tests shorten the waits. */
export interface SyncTunables {
  /** Requests in flight at once: the service rate-limits per account, and a sync is background work. */
  concurrency: number;
  /** Tries of one request on 5xx or a cut connection before the run gives up. */
  maxAttempts: number;
  /** First backoff; doubles each try, with full jitter, up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A 429 without a usable Retry-After waits this long. */
  defaultRetryAfterMs: number;
  /** A Retry-After above this is cut to it (the run stays cancellable meanwhile anyway). */
  maxRetryAfterMs: number;
  /** Rows per page asked of the service (its cap is 100). */
  pageSize: number;
}

export const DEFAULT_TUNABLES: SyncTunables = {
  concurrency: 3,
  maxAttempts: 4,
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
  defaultRetryAfterMs: 5_000,
  maxRetryAfterMs: 5 * 60_000,
  pageSize: 100,
};

/** The run stops here; its changes stay queued for the next one. */
export class SyncStop extends Error {
  override name = 'SyncStop';
  constructor(
    readonly code: SyncErrorCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** The run was cancelled (by the user, a sign-out or the app closing). */
export class SyncCancelled extends Error {
  override name = 'SyncCancelled';
  constructor() {
    super('The sync was cancelled.');
  }
}

/**
 * What to do after a failed request:
 * - `wait`: 429, the service did nothing and said when to come back: wait it out, never count it as a failure;
 * - `retry`: 5xx, or a connection cut or timed out: maybe transient, back off and try a few times;
 * - `stop`: the run cannot go on (nothing listens at the address, the key was refused, signed out);
 * - `refused`: the service refused this one request (a 4xx): the caller decides (skip a contact, look a list up).
 */
export type Verdict =
  | { kind: 'wait'; ms: number }
  | { kind: 'retry'; reason: string }
  | { kind: 'stop'; code: SyncErrorCode; detail: string }
  | { kind: 'refused' };

export function judge(error: unknown, tunables: SyncTunables): Verdict {
  if (error instanceof InvalidResponseError) {
    return { kind: 'stop', code: 'unexpected', detail: error.message };
  }
  if (isServiceError(error)) {
    if (error.status === 429) {
      const asked = error.retryAfterSeconds === undefined ? undefined : error.retryAfterSeconds * 1000;
      return { kind: 'wait', ms: Math.min(asked ?? tunables.defaultRetryAfterMs, tunables.maxRetryAfterMs) };
    }
    if (error.status >= 500) return { kind: 'retry', reason: error.message };
    if (error.status === 401) return { kind: 'stop', code: 'unauthorized', detail: error.message };
    return { kind: 'refused' };
  }
  if (isNetworkError(error)) {
    // Nothing answers at that address at all: retrying now only delays the
    // "offline" the user should see; the background runs again once the
    // service answers (connectivity back, or the next periodic run).
    if (['dns', 'refused', 'unreachable', 'connect_timeout'].includes(error.kind)) {
      return { kind: 'stop', code: 'unreachable', detail: error.message };
    }
    return { kind: 'retry', reason: error.message };
  }
  if (error instanceof AppFailure && error.code === APP_ERROR_CODES.notSignedIn) {
    return { kind: 'stop', code: 'signed_out', detail: error.message };
  }
  const name = error instanceof Error ? error.name : typeof error;
  return { kind: 'stop', code: 'unexpected', detail: `unexpected failure (${name})` };
}

/** Exponential backoff with full jitter, so that clients failing together do not retry together. */
export function backoffMs(
  attempt: number,
  tunables: SyncTunables,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(tunables.backoffMaxMs, tunables.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(random() * ceiling);
}

/** Waits `ms`, or rejects with SyncCancelled as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new SyncCancelled());
  return new Promise((resolve, reject) => {
    const done = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new SyncCancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Gives up on a request that kept failing, with a reason a person can act on. */
export function gaveUp(attempts: number, lastReason: string): SyncStop {
  return new SyncStop('gave_up', `gave up after ${attempts} tries: ${lastReason}`);
}
