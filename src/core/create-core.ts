import { join } from 'node:path';
import { APP_ERROR_CODES } from '../shared/app-error';
import { AccountService } from './account/account-service';
import { createAccountModule } from './account/account-module';
import { createAppModule } from './app/app-module';
import { uiLanguage } from './app/ui-settings';
import { createBillingModule } from './billing/billing-module';
import type { PurchaseTimings } from './billing/purchase/purchase-service';
import { purchaseTimings } from './billing/purchase/purchase-timings';
import { createCampaignsModule } from './campaigns/campaigns-module';
import { createAutomationsModule, type AutomationPorts } from './automations/automations-module';
import { knownBalance } from './service-access';
import { ConnectivityMonitor } from './connectivity/connectivity-monitor';
import type { IdleProbeTimings } from './connectivity/idle-probe';
import { createContactsModule } from './contacts/contacts-module';
import { createImportModule, startIndexThread } from './import/import-module';
import { createSyncModule } from './sync/sync-module';
import { createRulesModule } from './rules/rules-module';
import { createSegmentsModule } from './segments/segments-module';
import type { Core, CoreOptions } from './core';
import { mergeHandlers, type ModuleDeps } from './core-module';
import type { Migration } from './db/migrations/types';
import { openCoreDatabase } from './db/open-core-database';
import type { Database } from './db/open-database';
import { createServiceCacheRepo } from './db/service-cache-repo';
import { createSettingsRepo } from './db/settings-repo';
import { createDispatch } from './dispatch';
import { EventHub } from './event-hub';
import { AppFailure } from './app-failure';
import { createHistoryModule } from './history/history-module';
import { createLinksModule } from './links/links-module';
import { createOverviewModule } from './overview/overview-module';
import { createKeytarSecretStore } from './secrets/keytar-secret-store';
import { probeKeychain } from './secrets/probe-keychain';
import type { SecretStore } from './secrets/secret-store';
import { createSessionModule } from './session/session-module';
import { ACCOUNT_PROFILE, SessionManager } from './session/session-manager';
import { loadSavedSession } from './session/session-store';
import { createUpdatesModule } from './updates/updates-module';
import { createDataModule, type DataDeps } from './data/data-module';
import { createRecoveryCore } from './create-recovery-core';
import { backupsDirOf } from './db/backup';
import { dataProblemOf } from './db/data-problem';
import type { DataProblemCode } from '../shared/data-problem-text';
import { allMigrations } from './db/migrations';
import { reopenableCore, type Reopen } from './reopenable-core';
import type { DataRecoveryView } from '../shared/dto';
import type { Log } from './log/log';
import { logCoreEvents } from './log/event-log';
import { openLog } from './log/open-log';
import { isLogLevel } from './log/log-level';
import { createDiagnosticsModule } from './diagnostics/diagnostics-module';
import { createTemplatesModule } from './templates/templates-module';

export const DATABASE_FILE = 'torpedo.db';

// What a host needs besides createCore (the CLI imports nothing else of the core: eslint/boundaries.js).
export type { Core } from './core';
export type { Host } from './host';
export { defaultDataDir } from './data-dir';
// Which trouble of the data folder a failure is (a full disk, a folder that cannot be written, a newer
// format...), for a failure that never reached a dispatch (the log's folder could not be made).
export { dataProblemOf } from './db/data-problem';
// What a host writes for the owner (an export, the rejected rows) is the owner's only, as the data is.
export { OWNER_ONLY_FILE } from './files/owner-only';

export interface CreateCoreOptions extends CoreOptions {
  /**
   * Waits of the purchase reconciliation and payment watch; tests shorten
   * them. Default: TORPEDO_PURCHASE_TIMINGS in `env`, else the app's own.
   */
  billingTimings?: Partial<PurchaseTimings>;
  /**
   * The environment, for what tests and benchmarks tune through it:
   * TORPEDO_PURCHASE_TIMINGS, and TORPEDO_LOG_LEVEL for a log the core opens. Default process.env.
   */
  env?: NodeJS.ProcessEnv;
  /**
   * The name of the log file the core opens when the host brings no `log`:
   * `torpedo` (default) for the app, `cli` for the command line, so two
   * processes on one data folder never rotate the same file.
   */
  logName?: string;
  /** Values no log line may hold besides the session's own (an account key typed on a command line). */
  logSecrets?: () => readonly string[];
  /**
   * For tools that only touch local data (the CLI's import): do not sign in
   * at start (no keychain, no demo sandbox); the local-data channels act on
   * the folder's last signed-in profile, else the account profile (`default`).
   */
  localOnly?: boolean;
  /**
   * Start the domains' background work (the outbox worker, contact sync)
   * after sign-in; default true. The CLI turns it off for one-shot commands,
   * so `torpedo balance` never starts sending a queued campaign.
   */
  background?: boolean;
  /**
   * While the app is open and nothing else talks to the service, look at it
   * every few seconds (connectivity/idle-probe.ts), so the connection
   * indicator and the balance stay true on every page. The app turns it on;
   * the CLI and most tests leave it off. Timings: tests shorten them.
   */
  idleProbe?: boolean | IdleProbeTimings;
  /** The schema steps; tests pass a list with a broken one to prove a failed update loses nothing. */
  migrations?: readonly Migration[];
  /**
   * Tests only: where the automations find their segments and templates
   * instead of those domains (a stand-in segment or template).
   */
  automationSources?: Partial<Pick<AutomationPorts, 'templates' | 'segments'>>;
}

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
async function openSharedParts(
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

/**
 * Builds the whole core for one data folder: the shared parts, then every
 * domain as a CoreModule, composed. Electron's main, the CLI and the e2e
 * harness all start the app through here. What they get can start itself
 * again (reopenable-core.ts): a restore replaces the data under it.
 */
export async function createCore(options: CreateCoreOptions): Promise<Core> {
  const level = (options.env ?? process.env).TORPEDO_LOG_LEVEL;
  const log =
    options.log ??
    openLog({
      dataDir: options.dataDir,
      ...(options.logName ? { name: options.logName, src: options.logName } : {}),
      ...(isLogLevel(level) ? { level } : {}),
    });
  if (options.logSecrets) log.protect(options.logSecrets);
  // A log the core opened itself closes with it; main's own outlives the core.
  const closeLog = options.log ? async () => undefined : () => log.close();
  try {
    return await reopenableCore((reopen) => startCore({ ...options, log }, reopen), closeLog);
  } catch (error) {
    await closeLog();
    throw error;
  }
}

/**
 * The core on the data folder as it is now: the whole app on data that was
 * checked and is up to date, else the recovery core, saying what is wrong
 * (a damaged file, a newer format, a failed update, a folder that cannot be
 * written, a full disk) and offering what is safe.
 */
async function startCore(options: CreateCoreOptions & { log: Log }, reopen: Reopen): Promise<Core> {
  const { log, dataDir } = options;
  const now = options.now ?? (() => new Date());
  const backups = backupsDirOf(dataDir);
  const dbFile = join(dataDir, DATABASE_FILE);
  const data = { dbFile, reopen };
  let db: Database | null = null;
  try {
    // Main's connection; the import and catch-up threads and the campaign freezer open their own to the same file.
    const opened = await openCoreDatabase(dbFile, {
      dataDir,
      backupsDir: backups,
      log,
      now,
      ...(options.migrations ? { migrations: options.migrations } : {}),
    });
    db = opened.db;
    if (opened.recovery) {
      return createRecoveryCore({
        ...options,
        db,
        recovery: opened.recovery,
        log,
        ...data,
        notices: opened.notices,
      });
    }
    return await composeCore(options, { db: opened.db, dbFile, log }, { ...data, notices: opened.notices });
  } catch (error) {
    if (db?.open) db.close();
    // A folder that cannot be written, a full disk: said on the recovery page, not as a crash.
    const problem = dataProblemOf(error, dataDir);
    log.error('core.startFailed', { ...(problem ? { code: problem.underlying } : {}), error });
    if (!problem) throw error;
    const recovery: DataRecoveryView = {
      stage: RECOVERY_STAGE[problem.code] ?? 'damaged',
      code: problem.underlying,
      dataIntact: true,
      fromVersion: 0,
      toVersion: (options.migrations ?? allMigrations).length,
      dataFolder: dataDir,
      backupsFolder: backups,
    };
    return createRecoveryCore({ ...options, db: null, recovery, log, ...data, notices: [] });
  }
}

/** The recovery page's stage for a problem met while starting. */
const RECOVERY_STAGE: Partial<Record<DataProblemCode, DataRecoveryView['stage']>> = {
  disk_full: 'disk_full',
  data_read_only: 'read_only',
  data_damaged: 'damaged',
  database_too_new: 'too_new',
};

async function composeCore(
  options: CreateCoreOptions,
  opened: { db: Database; dbFile: string; log: Log },
  dataParts: DataDeps,
): Promise<Core> {
  const wipe: ((profile: string) => void)[] = [];
  const deps = await openSharedParts(options, opened, wipe);
  const app = createAppModule(deps, options.idleProbe);
  const session = createSessionModule(deps);
  const account = createAccountModule(deps);
  const billing = createBillingModule(deps, options.billingTimings ?? purchaseTimings(options.env));
  const contacts = createContactsModule(deps, startIndexThread);
  const imports = createImportModule(deps, contacts);
  const sync = createSyncModule(deps, contacts.repo);
  const links = createLinksModule(deps);
  const rules = createRulesModule(deps);
  const segments = createSegmentsModule(deps, contacts);
  const campaigns = createCampaignsModule(deps, links.tracking, segments.audience, rules);
  const templates = createTemplatesModule(deps, campaigns);
  const automations = createAutomationsModule(deps, {
    templates: options.automationSources?.templates ?? templates,
    segments: options.automationSources?.segments ?? {
      // Who is in the segment at the moment of asking, as a condition on the contact's seq.
      condition: (profile, id) => {
        if (segments.audience.nameOf(profile, id) === null) return null;
        const compiled = segments.audience.compile(profile, [id])!;
        return { sql: `c.seq IN (${compiled.sql})`, params: compiled.params };
      },
      name: (profile, id) => segments.audience.nameOf(profile, id),
    },
    outbox: campaigns.handOver,
    money: {
      balance: (profile) => knownBalance(deps, profile),
      autoRecharge: (profile) => {
        const config = account.autoRechargeKnown(profile);
        if (!config) return null;
        return {
          enabled: config.enabled && config.cardId !== null,
          threshold: config.threshold,
          adds: billing.creditsAdded(profile, config.planQuantity),
          alertEnabled: config.alertEnabled,
          alertThreshold: config.alertThreshold,
        };
      },
    },
  });
  const history = createHistoryModule(deps, links.clicksByPhone);
  const overview = createOverviewModule(deps, campaigns);
  const updates = createUpdatesModule(deps);
  const data = createDataModule(deps, dataParts);
  const diagnostics = createDiagnosticsModule({
    ...deps,
    mode: () => deps.session.info().mode,
    recovery: null,
  });

  // The one list of the domains: their handlers (exactly one per channel of the contract, or this does
  // not compile), and their life cycle in this order: started, stopped, and then closed in it (the
  // imports' threads before the contacts' search catch-up that may run in one, the session last).
  const modules = [
    app,
    automations,
    campaigns,
    rules,
    segments,
    templates,
    history,
    links,
    sync,
    updates,
    billing,
    imports,
    contacts,
    overview,
    data,
    diagnostics,
    account,
    session,
  ] as const;
  const handlers = mergeHandlers(modules);
  for (const module of modules) if (module.clearProfile) wipe.push(module.clearProfile);

  if (!options.localOnly) {
    await deps.session.restore(options.demoWhenSignedOut ?? false);
    if (options.background !== false) for (const module of modules) module.start?.();
  }

  // Each part stops and closes whatever another one threw (a full disk fails the last writes): a part
  // left running would keep its timers, and a command would never end.
  const settle = async (part: string, work: () => unknown) => {
    try {
      await work();
    } catch (error) {
      deps.log.error('core.closeFailed', { part, error });
    }
  };
  const stopBackground = async () => {
    for (const [index, module] of modules.entries()) {
      if (module.stop) await settle(`module ${index} (stop)`, () => module.stop?.());
    }
  };
  const stopEventLog = logCoreEvents(deps.events, deps.log);
  const dispatch = createDispatch(handlers, deps.log);
  deps.log.info('core.started', {
    version: options.host.appVersion,
    platform: options.host.platform,
    mode: deps.session.info().mode,
    localOnly: deps.localOnly,
  });
  return {
    // One dispatch, validating everything; the typed entry is the same function, seen through the contract.
    dispatch: dispatch as Core['dispatch'],
    dispatchUntrusted: dispatch,
    onEvent: (listener) => deps.events.on(listener),
    stopBackground,
    close: async () => {
      await stopBackground();
      for (const [index, module] of modules.entries()) {
        if (module.close) await settle(`module ${index}`, () => module.close?.());
      }
      await settle('session', () => deps.session.close());
      await settle('database', () => deps.db.close());
      stopEventLog();
      deps.log.info('core.closed');
    },
  };
}
