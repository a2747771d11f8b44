import type { SmsGoClient } from '../api/smsgo-client';
import { backoffMs, gaveUp, judge, sleep, SyncCancelled, SyncStop, type SyncTunables } from './retry-policy';

/** Runs one call for the account the sync started with (BoundAccount.call: records connectivity too). */
export type ServiceCall = <T>(fn: (client: SmsGoClient) => Promise<T>) => Promise<T>;

/**
 * Every request of a sync goes through here: at most `concurrency` in flight,
 * and when the service answers 429 every request waits (the limit is the
 * account's, not one request's) for as long as Retry-After says, then goes
 * on. A 429 is never a failure. 5xx and cut connections are retried with
 * backoff by `send` (idempotent requests only); `once` leaves that to the
 * caller, which must first find out whether the request took effect.
 */
export class RequestGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private resumeAt = 0;

  constructor(
    private readonly call: ServiceCall,
    private readonly tunables: SyncTunables,
    private readonly signal: AbortSignal,
    /** Told when a 429 wait starts (seconds) and ends (null), for the progress bar. */
    private readonly onWait: (seconds: number | null) => void = () => undefined,
  ) {}

  /**
   * An idempotent request (a read, an update by id, a delete, an upsert by
   * phone). Refusals (4xx) are thrown as the client threw them; a run-level
   * problem as SyncStop; giving up after `maxAttempts` as SyncStop `gave_up`.
   */
  async send<T>(fn: (client: SmsGoClient) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(fn);
      } catch (error) {
        if (error instanceof SyncStop || error instanceof SyncCancelled) throw error;
        const verdict = judge(error, this.tunables);
        if (verdict.kind !== 'retry') throw error;
        if (attempt >= this.tunables.maxAttempts) throw gaveUp(attempt, verdict.reason);
        await sleep(backoffMs(attempt, this.tunables), this.signal);
      }
    }
  }

  /**
   * One request as far as the service is concerned: only a 429 (which the
   * service answers without doing anything) is repeated. Any other failure
   * is thrown: SyncStop for a run-level problem, else the client's error.
   */
  async once<T>(fn: (client: SmsGoClient) => Promise<T>): Promise<T> {
    for (;;) {
      await this.acquire();
      try {
        if (this.signal.aborted) throw new SyncCancelled();
        return await abortable(this.call(fn), this.signal);
      } catch (error) {
        if (error instanceof SyncCancelled) throw error;
        const verdict = judge(error, this.tunables);
        if (verdict.kind === 'stop') throw new SyncStop(verdict.code, verdict.detail);
        if (verdict.kind !== 'wait') throw error;
        this.pause(verdict.ms);
      } finally {
        this.release();
      }
    }
  }

  /** Waits before the next try of a request the caller retries itself (see `once`). */
  backoff(attempt: number): Promise<void> {
    return sleep(backoffMs(attempt, this.tunables), this.signal);
  }

  private pause(ms: number): void {
    const until = Date.now() + ms;
    if (until > this.resumeAt) {
      this.resumeAt = until;
      this.onWait(Math.ceil(ms / 1000));
    }
  }

  private async acquire(): Promise<void> {
    if (this.signal.aborted) throw new SyncCancelled();
    // A freed slot is handed straight to the next waiter (see release), so none can jump the queue.
    if (this.active < this.tunables.concurrency) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let paused = false;
    try {
      for (let left = this.resumeAt - Date.now(); left > 0; left = this.resumeAt - Date.now()) {
        paused = true;
        await sleep(left, this.signal);
      }
    } catch (error) {
      this.release();
      throw error;
    }
    if (paused) this.onWait(null);
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

/**
 * The request's outcome, or SyncCancelled as soon as the run is stopped: a
 * closing app must not wait for a slow answer (up to 30 s). The request
 * itself runs on; nothing of the run writes its outcome (see guard), and
 * the next run finds out what it did (lists by name, contacts by phone).
 */
function abortable<T>(request: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SyncCancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    request.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
