import { APP_ERROR_CODES } from '../../shared/app-error';
import { AccountService } from '../account/account-service';
import { uiLanguage } from '../app/ui-settings';
import { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ModuleDeps } from './core-module';
import type { Database } from '../db/open-database';
import { createServiceCacheRepo } from '../db/service-cache-repo';
import { createSettingsRepo } from '../db/settings-repo';
import { EventHub } from './event-hub';
import { AppFailure } from '../app-failure';
import { createKeytarSecretStore } from '../secrets/keytar-secret-store';
import { probeKeychain } from '../secrets/probe-keychain';
import type { SecretStore } from '../secrets/secret-store';
import { ACCOUNT_PROFILE, SessionManager } from '../session/session-manager';
import { loadSavedSession } from '../session/session-store';
import type { Log } from '../log/log';
import type { CreateCoreOptions } from './create-core-options';

/** Picks the keychain, or reports plainly why there is none (the user is asked before memory-only). */
async function chooseKeychain(given: SecretStore | null | undefined) {
  if (given) return { keychain: given, keychainStatus: { available: true } };
  if (given === null) {
    return { keychain: null, keychainStatus: { available: false, reason: 'no keychain was provided' } };
  }
  const store = createKeytarSecretStore();
  const probe = await probeKeychain(store);
  return probe.available
    ? { keychain: store, keychainStatus: { available: true } }
    : { keychain: null, keychainStatus: { available: false, reason: probe.reason } };
}

/**
 * The parts every domain shares, for one data folder: the database and its
 * repos, the events, the connection, the keychain, the session and the
 * account's balance. `wipe` holds what "sign out and delete local data"
 * clears; the modules add to it when they are composed.
 */
export async function openSharedParts(
  options: CreateCoreOptions,
  opened: { db: Database; dbFile: string; log: Log },
  wipe: ((profile: string) => void)[],
) {
  const now = options.now ?? (() => new Date());
  const { host } = options;
  const { db, dbFile, log } = opened;
  const settings = createSettingsRepo(db, { now });
  const cache = createServiceCacheRepo(db, { now });
  const events = new EventHub();
  const connectivity = new ConnectivityMonitor(
    () => host.isOnline(),
    now,
    (view) => events.emit('connectivity:changed', view),
  );
  const { keychain, keychainStatus } = await chooseKeychain(options.secretStore);
  const session = new SessionManager({
    dataDir: options.dataDir,
    settings,
    demo: options.demo ?? null,
    keychain,
    keychainStatus,
    events,
    connectivity,
    now,
    wipeLocalData: (profile) => {
      for (const clear of wipe) clear(profile);
    },
  });
  const deps: ModuleDeps = {
    dataDir: options.dataDir,
    dbFile,
    db,
    settings,
    cache,
    session,
    account: new AccountService(session, cache, connectivity, events, now),
    connectivity,
    events,
    host,
    log,
    now,
    language: () => uiLanguage(settings, host),
    // The signed-in profile's local data; a local-only core (the CLI) uses the folder's last one.
    profile: () => {
      if (session.profile) return session.profile;
      if (options.localOnly) return loadSavedSession(settings)?.profile ?? ACCOUNT_PROFILE;
      throw new AppFailure(APP_ERROR_CODES.notSignedIn, 'Sign in (or start the demo) first.');
    },
    localOnly: options.localOnly ?? false,
  };
  wipe.push((profile) => cache.clearProfile(profile));
  // Whatever a line says, the signed-in account's key and token are taken out of it.
  log.protect(() => session.secrets());
  return deps;
}
