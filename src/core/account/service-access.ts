import type { AccountService } from './account-service';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { SmsGoClient } from '../api/smsgo-client';
import { isNetworkError, isServiceError } from '../api/service-error';
import { AppFailure } from '../app-failure';
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import type { SessionManager } from '../session/session-module';

/** Failures where the last known answer beats an error: the service did not answer. */
export const isUnreachable = (error: unknown): boolean =>
  isNetworkError(error) || (isServiceError(error) && error.status >= 500);

/**
 * The signed-in account as billing sees it: its profile and client, captured
 * together so that a long operation (a reconciliation, a payment watch) keeps
 * talking to the account it started with even if the user switches meanwhile,
 * and every call recorded for the connectivity indicator (AccountService.call).
 */
export interface BoundAccount {
  profile: string;
  call<T>(fn: (client: SmsGoClient) => Promise<T>): Promise<T>;
}

export function bindAccount(session: SessionManager, account: Pick<AccountService, 'call'>): BoundAccount {
  const client = session.client();
  const profile = session.profile;
  if (profile === null) throw new AppFailure(APP_ERROR_CODES.notSignedIn, 'Sign in first.');
  return { profile, call: (fn) => account.call(() => fn(client)) };
}

export type Fresh<T> = T & { fetchedAt: string; stale: boolean };

/**
 * Reads from the service and keeps the answer for offline reading; when the
 * service cannot be reached, the last answer comes back marked stale. Only
 * for non-secret values (service_cache is plain on disk).
 */
export async function readThrough<T extends object>(
  bound: BoundAccount,
  cache: ServiceCacheRepo,
  key: string,
  read: (client: SmsGoClient) => Promise<T>,
  now: () => Date,
): Promise<Fresh<T>> {
  try {
    const value = await bound.call(read);
    cache.put(bound.profile, key, value);
    return { ...value, fetchedAt: now().toISOString(), stale: false };
  } catch (error) {
    const cached = isUnreachable(error) ? cache.get<T>(bound.profile, key) : undefined;
    if (!cached) throw error;
    return { ...cached.value, fetchedAt: cached.fetchedAt, stale: true };
  }
}

/**
 * Whether a read for `profile` may go to the service: signed in to that
 * profile, and not known to be offline. Otherwise the last answer kept serves.
 */
export const mayAskService = (
  session: Pick<SessionManager, 'profile'>,
  connectivity: Pick<ConnectivityMonitor, 'current'>,
  profile: string,
): boolean => session.profile === profile && !['offline', 'unreachable'].includes(connectivity.current.state);

/**
 * The balance when it can be known: fresh, else the last one read (stale is
 * fine for a comparison the worker checks again before each batch, or a
 * forecast), else null. A local-only core (the CLI) never asks the service.
 */
export async function knownBalance(
  deps: {
    session: Pick<SessionManager, 'profile'>;
    connectivity: Pick<ConnectivityMonitor, 'current'>;
    account: Pick<AccountService, 'balance'>;
    cache: ServiceCacheRepo;
  },
  profile: string,
): Promise<number | null> {
  if (mayAskService(deps.session, deps.connectivity, profile)) {
    try {
      return (await deps.account.balance()).balance;
    } catch {
      // Unreachable with nothing cached, or signed out meanwhile: fall back to the cache below.
    }
  }
  const cached = deps.cache.get<{ balance?: unknown }>(profile, 'balance')?.value.balance;
  return typeof cached === 'number' ? cached : null;
}
