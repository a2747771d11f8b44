/**
 * The bearer token: exchanged from the account key, held in memory, optionally
 * persisted (the caller backs the port with the OS keychain so a restart does
 * not cost an exchange), renewed after 47 h as the official SDKs do, and
 * dropped on a 401.
 *
 * Concurrent callers share one exchange (single flight): a campaign start that
 * fires ten requests at once must not mint ten tokens.
 */
import type { Got } from 'got';
import { z } from 'zod';
import { relativePath } from './http';
import { validated } from './client-validate';
import { InvalidResponseError } from './service-error';
import { HEADERS, PATHS, TOKEN_RENEW_AFTER_MS } from './wire';
import { tokenResponse } from './wire-schemas';

/** Where the token survives restarts. Errors from it never fail a request. */
export interface TokenStorePort {
  load(): Promise<string | null>;
  save(json: string): Promise<void>;
  clear(): Promise<void>;
}

export interface HeldToken {
  token: string;
  mode: 'live' | 'test';
  /** `now()` just before the exchange was sent: the token is at least this old. */
  obtainedAt: number;
}

/**
 * A token travels in the Authorization header, which takes visible ASCII
 * only: one with a line break or a space cannot be sent, and Node would
 * refuse it before any byte left (it read as "no connection" before).
 */
const sendable = (token: string): boolean => /^[\x21-\x7e]+$/.test(token);

const heldToken = z.object({
  token: z.string().min(1).refine(sendable),
  mode: z.enum(['live', 'test']),
  obtainedAt: z.number().finite(),
});

export interface TokenManagerOptions {
  http: Got;
  accountKey: string;
  store?: TokenStorePort;
  now?: () => number;
}

export interface TokenManager {
  /** A token young enough to use: held, else loaded from the store, else exchanged. */
  get(): Promise<HeldToken>;
  /** Exchanges the key now, whatever is held (sign-in, "check my key"). */
  refresh(): Promise<HeldToken>;
  /**
   * Drops the token after a 401. Pass the token that failed: when another
   * request already replaced it with a newer one, that newer one is kept.
   */
  invalidate(failed?: string): Promise<void>;
  /** The token held or stored, however old, without exchanging (to revoke it). */
  peek(): Promise<HeldToken | null>;
  /** Drops the token everywhere (after a revoke or sign-out). */
  forget(): Promise<void>;
  /** The token in memory, if any: for `mode` and for masking it out of errors. */
  readonly current: HeldToken | null;
}

export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const { http, accountKey, store } = options;
  const now = options.now ?? Date.now;
  let held: HeldToken | null = null;
  let inflight: Promise<HeldToken> | null = null;
  // The store is read once, on first use; afterwards memory is the truth.
  let storeRead = store === undefined;

  const isFresh = (t: HeldToken): boolean => {
    const age = now() - t.obtainedAt;
    // A negative age means the clock went back: we cannot tell how old it is.
    return age >= 0 && age < TOKEN_RENEW_AFTER_MS;
  };

  async function exchange(): Promise<HeldToken> {
    const obtainedAt = now();
    const response = await http.get(relativePath(PATHS.authToken), {
      headers: { [HEADERS.accountKey]: accountKey },
      responseType: 'json',
    });
    const body = validated(tokenResponse, response.body, {
      method: 'GET',
      path: PATHS.authToken,
      status: response.statusCode,
    });
    if (!sendable(body.token)) {
      throw new InvalidResponseError({
        method: 'GET',
        path: PATHS.authToken,
        status: response.statusCode,
        errors: [{ field: 'token', message: 'has characters a request header cannot carry (a line break?)' }],
      });
    }
    const fresh: HeldToken = { token: body.token, mode: body.mode, obtainedAt };
    held = fresh;
    await quietly(() => store?.save(JSON.stringify(fresh)));
    return fresh;
  }

  async function readStore(): Promise<HeldToken | null> {
    storeRead = true;
    const json = await quietly(() => store?.load());
    if (typeof json !== 'string') return null;
    try {
      const parsed = heldToken.safeParse(JSON.parse(json));
      return parsed.success ? parsed.data : null;
    } catch {
      return null; // not JSON: written by something else; the next save replaces it
    }
  }

  function singleFlight(work: () => Promise<HeldToken>): Promise<HeldToken> {
    inflight ??= work().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function obtain(): Promise<HeldToken> {
    if (!storeRead) {
      const stored = await readStore();
      if (stored !== null && isFresh(stored)) {
        held = stored;
        return stored;
      }
    }
    return exchange();
  }

  async function drop(): Promise<void> {
    held = null;
    storeRead = true; // whatever the store holds is what we are dropping
    await quietly(() => store?.clear());
  }

  return {
    get: async () => (held !== null && isFresh(held) ? held : singleFlight(obtain)),
    refresh: async () => {
      // Wait out an exchange already running, then replace whatever it produced.
      await inflight?.catch(() => undefined);
      held = null;
      storeRead = true;
      return singleFlight(exchange);
    },
    invalidate: async (failed) => {
      // Nothing held, or a newer token than the one that failed: keep it.
      if (failed !== undefined && held?.token !== failed) return;
      await drop();
    },
    peek: async () => {
      // Held from here on, however old, so it is masked in errors like any other; get() still renews it.
      if (held === null && !storeRead) held = await readStore();
      return held;
    },
    forget: drop,
    get current() {
      return held;
    },
  };
}

/**
 * The store is a convenience (a keychain that is locked or missing must not
 * stop the app): without it we exchange the key again, which always works.
 */
async function quietly<T>(work: () => Promise<T> | undefined): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}
