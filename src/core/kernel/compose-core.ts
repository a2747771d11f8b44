import { createAccountModule, knownBalance } from '../account/account-module';
import { createAppModule } from '../app/app-module';
import { createBillingModule } from '../billing/billing-module';
import { purchaseTimings } from '../billing/purchase/purchase-timings';
import { createCampaignsModule } from '../campaigns/campaigns-module';
import { createAutomationsModule } from '../automations/automations-module';
import { createContactsModule } from '../contacts/contacts-module';
import { createImportModule, startIndexThread } from '../import/import-module';
import { createSyncModule } from '../sync/sync-module';
import { createRulesModule } from '../rules/rules-module';
import { createSegmentsModule } from '../segments/segments-module';
import type { Core } from './core';
import { mergeHandlers } from './core-module';
import type { Database } from '../db/open-database';
import { createDispatch } from './dispatch';
import { createHistoryModule } from '../history/history-module';
import { createInboxModule } from '../inbox/inbox-module';
import { createLinksModule } from '../links/links-module';
import { createServerModule, type ServerModule } from '../server/server-module';
import { createOverviewModule } from '../overview/overview-module';
import { createPrivacyModule, type PrivacyModule } from '../privacy/privacy-module';
import { createPrivacyRequestsModule } from '../privacy-requests/privacy-requests-module';
import { createProcessingRecordModule } from '../processing-record/processing-record-module';
import { createSessionModule } from '../session/session-module';
import { createUpdatesModule } from '../updates/updates-module';
import { createDataModule, type DataDeps } from '../data/data-module';
import type { Log } from '../log/log';
import { logCoreEvents } from '../log/event-log';
import { createDiagnosticsModule } from '../diagnostics/diagnostics-module';
import { createTemplatesModule } from '../templates/templates-module';
import { createGalleryModule } from '../gallery/gallery-module';
import { createBestHourModule } from '../best-hour/best-hour-module';
import type { CreateCoreOptions } from './create-core-options';
import { openSharedParts } from './shared-parts';

/**
 * Every domain as a CoreModule on the shared parts, composed: one list serves
 * the handlers and the life cycle (start, stop, clear a profile, close), in
 * its order.
 */
export async function composeCore(
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
  // The privacy domain is made later (it erases from every domain's tables); the import asks it late.
  let privacy: PrivacyModule | null = null;
  const imports = createImportModule(
    deps,
    contacts,
    async (profile) => (await privacy?.erasedKey(profile)) ?? null,
  );
  const sync = createSyncModule(deps, contacts.repo);
  const links = createLinksModule(deps);
  // The rules ("Como sair") and the inbox ask whether replies can arrive; the server is made after
  // them (it hands the inbox what it reads), so they ask it late.
  let server: ServerModule | null = null;
  const serverConnected = (profile: string) => server?.connected(profile) ?? false;
  const rules = createRulesModule(deps, { serverConnected });
  const segments = createSegmentsModule(deps, contacts);
  const campaigns = createCampaignsModule(deps, links.tracking, segments.audience, rules);
  const templates = createTemplatesModule(deps, campaigns);
  const gallery = createGalleryModule(deps, { templates, segments, campaigns, rules });
  const bestHour = createBestHourModule(deps, rules);
  const automations = createAutomationsModule(deps, {
    templates: options.automationSources?.templates ?? templates,
    segments: options.automationSources?.segments ?? segments.membership,
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
  const history = createHistoryModule(deps, links.clicksByPhone, (id) => campaigns.progress(id));
  const inbox = createInboxModule(deps, {
    optOuts: contacts.repo,
    rules,
    serverConnected,
  });
  server = createServerModule(deps, {
    account,
    history,
    links,
    intake: options.inboxIntake ?? inbox.intake,
    unread: (profile) => inbox.unread(profile),
  });
  const privacyRequests = createPrivacyRequestsModule(deps);
  privacy = createPrivacyModule(deps, {
    contacts: contacts.repo,
    requests: privacyRequests,
    progress: campaigns.progress,
  });
  const overview = createOverviewModule(deps, campaigns);
  const processingRecord = createProcessingRecordModule(deps, serverConnected);
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
    gallery,
    bestHour,
    history,
    inbox,
    links,
    privacy,
    server,
    sync,
    updates,
    billing,
    imports,
    contacts,
    overview,
    privacyRequests,
    processingRecord,
    data,
    diagnostics,
    account,
    session,
  ] as const;
  const handlers = mergeHandlers(modules);
  for (const module of modules) if (module.clearProfile) wipe.push(module.clearProfile);

  // Before any audience is read: the keys of the erased numbers' hashes, and an erase a restore undid.
  await privacy.opened;
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
