/**
 * How long to wait before trying again: exponential backoff with jitter.
 *
 * "Equal jitter": half of the exponential step is fixed and half is random.
 * The fixed half keeps a struggling service from being hit again at once;
 * the random half keeps many Torpedos (or many batches) that failed together
 * from coming back together.
 */

export interface BackoffPolicy {
  /** The first delay's ceiling. */
  baseMs: number;
  /** No delay is longer than this. */
  maxMs: number;
}

/** The delay after the `failures`-th failure in a row (1 for the first). */
export function backoffDelay(
  failures: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const n = Math.max(1, Math.floor(failures));
  // 2 ** n grows past any ceiling quickly; cap the exponent so it stays a finite number.
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(n - 1, 40));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The delay before retrying a request the service turned away: the backoff,
 * or the service's own `Retry-After` when it asks for longer (a 429 says
 * exactly when to come back; coming back sooner would only earn another).
 */
export function retryDelay(
  failures: number,
  policy: BackoffPolicy,
  retryAfterSeconds?: number,
  random: () => number = Math.random,
): number {
  const backoff = backoffDelay(failures, policy, random);
  return retryAfterSeconds === undefined ? backoff : Math.max(backoff, retryAfterSeconds * 1000);
}
