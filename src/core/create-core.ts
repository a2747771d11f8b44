import { join } from 'node:path';
import { APP_ERROR_CODES } from '../shared/app-error';
import { ASSUMED } from './api/wire';
import { AppFailure } from './app-failure';
import { AccountService } from './account/account-service';
import { ConnectivityMonitor } from './connectivity/connectivity-monitor';
import { IDLE_PROBE_TIMINGS, createIdleProbe, type IdleProbeTimings } from './connectivity/idle-probe';
import type { Core, CoreOptions } from './core';
import { openDatabase } from './db/open-database';
import { createServiceCacheRepo } from './db/service-cache-repo';
import { createSettingsRepo } from './db/settings-repo';
import { createDispatch } from './dispatch';
import { EventHub } from './event-hub';
import type { Handlers } from './handlers';
import { createKeytarSecretStore } from './secrets/keytar-secret-store';
import { probeKeychain } from './secrets/probe-keychain';
import type { SecretStore } from './secrets/secret-store';
import { SessionManager } from './session/session-manager';
import { readUiSettings, updateUiSettings } from './settings/ui-settings';
import { createAttemptRepo } from './billing/purchase/attempt-repo';
import { AutoRechargeService } from './account/auto-recharge';
import { Catalog } from './billing/catalog';
import { createInvoiceCache } from './billing/invoices/invoice-cache';
import { InvoiceService } from './billing/invoices/invoice-service';
import { notifyLanguage } from './notify';
import { PurchaseService, type PurchaseTimings } from './billing/purchase/purchase-service';
import { WebhookSettings } from './account/webhook-settings';
import { importHandlers } from './contacts/import/import-handlers';
import { ImportService } from './contacts/import/import-service';
import { createContactsRepo } from './contacts/contacts-repo';
import { SearchCatchUp } from './contacts/search/search-catch-up';
import { contactsHandlers, requireProfile } from './contacts/contacts-handlers';
import { loadSavedSession } from './session/session-store';
import { ACCOUNT_PROFILE } from './session/session-manager';
import { createCampaignsModule } from './campaigns/campaigns-module';
import { createHistoryModule } from './history/history-module';
import { createSyncModule } from './contacts/sync/sync-module';
import { createUpdatesModule } from './updates/updates-module';
import type { CoreModule, ModuleDeps } from './core-module';

export const DATABASE_FILE = 'torpedo.db';

export interface CreateCoreOptions extends CoreOptions {
  /** Waits of the purchase reconciliation and payment watch; tests shorten them. */
  billingTimings?: Partial<PurchaseTimings>;
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
 * Builds the whole core for one data folder: database, keychain, session,
 * services and the handler for every contract channel. Electron's main, the
 * CLI and the e2e harness all start the app through here.
 */
export async function createCore(options: CreateCoreOptions): Promise<Core> {
  const now = options.now ?? (() => new Date());
  const { host } = options;
  // Main's connection; the import and catch-up threads and the campaign freezer open their own to the same file.
  const dbFile = join(options.dataDir, DATABASE_FILE);
  const db = openDatabase(dbFile);
  const settings = createSettingsRepo(db, { now });
  const cache = createServiceCacheRepo(db, { now });
  const attempts = createAttemptRepo(db, now);
  const invoiceCache = createInvoiceCache(db, now);
  const contacts = createContactsRepo(db, { now });
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
      cache.clearProfile(profile);
      invoiceCache.clearProfile(profile);
      attempts.clearProfile(profile);
      imports.forgetMappings(profile);
      contacts.clearProfile(profile);
      for (const module of modules) module.clearProfile?.(profile);
    },
  });
  // The balance is counted in SMS of the default type, which the campaigns' catalogue knows.
  const account = new AccountService(session, cache, connectivity, events, now, (profile) =>
    campaigns.defaultSmsType(profile),
  );
  const language = () => {
    const chosen = readUiSettings(settings).language;
    return notifyLanguage(chosen === 'system' ? host.osLocale() : chosen);
  };
  const invoices = new InvoiceService(session, account, invoiceCache, language, now);
  const purchases = new PurchaseService({
    attempts,
    invoices,
    session,
    account,
    events,
    host,
    language,
    now,
    timings: options.billingTimings,
  });
  const catalog = new Catalog(session, account, cache, now);
  const autoRecharge = new AutoRechargeService(session, account, cache, now);
  const webhooks = new WebhookSettings(session, account, cache, now);
  const searchCatchUp = new SearchCatchUp({ repo: contacts, dbFile });
  const imports = new ImportService({
    dbFile,
    afterCommit: (indexThere) => searchCatchUp.start(indexThere),
    settings,
    profile: () => {
      if (session.profile) return session.profile;
      if (options.localOnly) return loadSavedSession(settings)?.profile ?? ACCOUNT_PROFILE;
      throw new AppFailure(APP_ERROR_CODES.notSignedIn, 'Sign in (or start the demo) to import contacts.');
    },
    events,
    host,
    now,
  });
  // Local data of the signed-in profile; a local-only core (the CLI) uses the folder's last one.
  const profile = () =>
    options.localOnly && !session.profile
      ? (loadSavedSession(settings)?.profile ?? ACCOUNT_PROFILE)
      : requireProfile(session.profile);
  const deps: ModuleDeps = {
    dataDir: options.dataDir,
    dbFile,
    db,
    settings,
    cache,
    contacts,
    session,
    account,
    connectivity,
    events,
    host,
    now,
    language,
    profile,
    localOnly: options.localOnly ?? false,
  };
  const campaigns = createCampaignsModule(deps);
  const history = createHistoryModule(deps);
  const sync = createSyncModule(deps);
  const updates = createUpdatesModule(deps);
  // Their life-cycle hooks; the probe has no channels of its own.
  const modules: Omit<CoreModule<never>, 'handlers'>[] = [campaigns, history, sync, updates];
  if (options.idleProbe) {
    const timings = options.idleProbe === true ? IDLE_PROBE_TIMINGS : options.idleProbe;
    modules.push(createIdleProbe({ session, account, connectivity, now }, timings));
  }

  // A purchase left in flight by a crash is settled as soon as its account is signed in.
  events.on((event) => {
    if (event === 'session:changed') purchases.resume();
  });

  const handlers: Handlers = {
    'app:info': async () => ({
      version: host.appVersion,
      osLocale: host.osLocale(),
      platform: host.platform,
      assumedWireFacts: ASSUMED,
    }),

    'session:get': async () => session.info(),
    'session:signIn': (input) => session.signIn(input),
    'session:startDemo': () => session.startDemo(),
    'session:signOut': (input) => session.signOut(input.deleteLocalData),
    'demo:reset': () => session.resetDemo(),

    'account:balance': () => account.balance(),
    'account:webhook': () => account.webhook(),
    'account:revealWebhookSecret': async () => ({ secret: await account.webhookSecret() }),
    'account:copyWebhookSecret': async () => {
      const secret = await account.webhookSecret();
      if (secret) host.writeClipboard(secret);
      return { copied: secret !== null };
    },

    'connectivity:get': async () => connectivity.current,
    'connectivity:check': async () => {
      // Any answer from the service proves it reachable; the balance is the cheapest useful one.
      await account.balance().catch(() => undefined);
      return connectivity.current;
    },

    'settings:get': async () => readUiSettings(settings),
    'settings:update': async (patch) => updateUiSettings(settings, patch),

    'shell:openExternal': async ({ url }) => {
      await host.openExternal(url);
      return { opened: true };
    },

    'files:saveText': async ({ suggestedName, content, kind }) => {
      try {
        return await host.saveTextFile(suggestedName, content, kind);
      } catch (error) {
        // Only the failure's kind (EACCES, ENOSPC, EEXIST...): a path may name the user's folders.
        const reason = (error as { code?: unknown }).code;
        throw new AppFailure(APP_ERROR_CODES.fileNotSaved, 'The file could not be saved.', {
          ...(typeof reason === 'string' ? { reason } : {}),
        });
      }
    },

    'credits:plans': () => catalog.plans(),
    'credits:cards': () => catalog.cards(),
    'credits:buy': (input) => purchases.buy(input),
    'credits:attempt': async () => purchases.current(),
    'credits:invoices': (input) => invoices.list(input),
    'credits:exportInvoices': () => invoices.exportCsv(),
    'account:autoRecharge': () => autoRecharge.read(),
    'account:updateAutoRecharge': (input) => autoRecharge.update(input),
    'account:updateWebhook': (input) => webhooks.update(input),
    'account:testWebhook': () => webhooks.sendTest(),

    ...importHandlers(imports, contacts, profile),
    ...contactsHandlers(contacts, profile, searchCatchUp),
    ...campaigns.handlers,
    ...history.handlers,
    ...sync.handlers,
    ...updates.handlers,
  };

  if (!options.localOnly) {
    await session.restore(options.demoWhenSignedOut ?? false);
    if (options.background !== false) for (const module of modules) module.start?.();
  }

  const dispatch = createDispatch(handlers);
  return {
    // One dispatch, validating everything; the typed entry is the same function, seen through the contract.
    dispatch: dispatch as Core['dispatch'],
    dispatchUntrusted: dispatch,
    onEvent: (listener) => events.on(listener),
    close: async () => {
      for (const module of modules) await module.close?.();
      await purchases.close();
      // First: closing the imports ends a catch-up running in one of their threads; none may start after.
      const indexing = searchCatchUp.close();
      await imports.closeAll();
      await indexing;
      await session.close();
      db.close();
    },
  };
}
