/**
 * The delivery on real parts: a real SQLite data folder, a real session
 * signed into a real sandbox over HTTP, the real account service, event hub
 * and connectivity monitor, wired the way create-core.ts wires them, with
 * the worker's waits shortened. The composer is not needed: campaigns are
 * frozen with the SQL fixture (frozen-campaign.ts).
 */
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { AccountService } from '@core/account/account-service';
import { createDelivery, type Delivery, type DeliveryChannel } from '@core/campaigns/delivery/delivery';
import { createCampaignSpine } from '@core/campaigns/campaigns-deps';
import { DEFAULT_DELIVERY_TIMINGS, type DeliveryTimings } from '@core/campaigns/delivery/delivery-timings';
import { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import { openLog } from '@core/log/open-log';
import type { ModuleDeps } from '@core/kernel/core-module';
import { openDatabase, type Database } from '@core/db/open-database';
import { createServiceCacheRepo } from '@core/db/service-cache-repo';
import { createSettingsRepo } from '@core/db/settings-repo';
import { EventHub } from '@core/kernel/event-hub';
import { createLinksModule } from '@core/links/links-module';
import { createRulesModule } from '@core/rules/rules-module';
import type { Handlers } from '@core/kernel/handlers';
import { createMemorySecretStore } from '@core/secrets/memory-secret-store';
import { SessionManager } from '@core/session/session-manager';
import type { CampaignProgressView } from '@shared/dto/campaigns';
import { createRecordingHost, type RecordingHost } from './test-host';
import { tempDir } from './temp-dir';
import { eventually as poll } from './eventually';

/** Waits short enough for tests: reconcile after 300 ms, retries within a fraction of a second. */
export const FAST_DELIVERY: DeliveryTimings = {
  ...DEFAULT_DELIVERY_TIMINGS,
  settleMs: 300,
  clockSkewMs: 60_000,
  retryBaseMs: 20,
  retryMaxMs: 200,
  offlineBaseMs: 50,
  offlineMaxMs: 300,
  leaseTtlMs: 3_000,
  leaseRetryMs: 100,
  idlePollMs: 100,
  balancePollMs: 300,
  progressThrottleMs: 20,
};

export interface DeliveryUnderTest {
  db: Database;
  dataDir: string;
  host: RecordingHost;
  session: SessionManager;
  delivery: Delivery;
  progress: CampaignProgressView[];
  /** The worker's clock runs this far ahead of real time (quiet-hours tests move it). */
  clock: { offsetMs: number };
  signIn(accountKey: string, baseUrl: string): Promise<void>;
  call<C extends DeliveryChannel>(channel: C, input: Parameters<Handlers[C]>[0]): ReturnType<Handlers[C]>;
  close(): Promise<void>;
}

export async function startDelivery(
  opts: { dataDir?: string; timings?: Partial<DeliveryTimings>; language?: string } = {},
): Promise<DeliveryUnderTest> {
  const dataDir = opts.dataDir ?? tempDir();
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const host = createRecordingHost(opts.language ?? 'en-US');
  const db = openDatabase(join(dataDir, 'torpedo.db'));
  const settings = createSettingsRepo(db, { now });
  const cache = createServiceCacheRepo(db, { now });
  const events = new EventHub();
  const connectivity = new ConnectivityMonitor(
    () => host.isOnline(),
    now,
    (view) => events.emit('connectivity:changed', view),
  );
  const session = new SessionManager({
    dataDir,
    settings,
    keychain: createMemorySecretStore(),
    keychainStatus: { available: true },
    events,
    connectivity,
    now,
    wipeLocalData: () => undefined,
    demo: null,
  });
  const account = new AccountService(session, cache, connectivity, events, now);
  const log = openLog({ dataDir });
  const deps: ModuleDeps = {
    dataDir,
    dbFile: join(dataDir, 'torpedo.db'),
    db,
    settings,
    cache,
    session,
    account,
    connectivity,
    events,
    host,
    log,
    now,
    language: () => (host.osLocale().startsWith('pt') ? 'pt-BR' : 'en'),
    profile: () => session.profile ?? 'default',
    localOnly: false,
  };
  const delivery = createDelivery(
    deps,
    createCampaignSpine(deps.db, deps.now),
    createLinksModule(deps).tracking,
    createRulesModule(deps, { serverConnected: () => false }),
    {
      ...FAST_DELIVERY,
      ...opts.timings,
    },
  );
  const progress: CampaignProgressView[] = [];
  events.on((event, payload) => {
    if (event === 'campaigns:progress') progress.push(payload as CampaignProgressView);
  });
  delivery.start();

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await delivery.close();
    await session.close();
    db.close();
    await log.close();
  };
  onTestFinished(close);
  return {
    db,
    dataDir,
    host,
    session,
    delivery,
    progress,
    clock,
    signIn: async (accountKey, baseUrl) => {
      await session.signIn({ accountKey, baseUrl });
    },
    call: (channel, input) => (delivery.handlers[channel] as (i: unknown) => never)(input),
    close,
  };
}

/** Polls until `check` passes: the worker runs in the background, so it gets 15 s by default. */
export const eventually = <T>(check: () => T | Promise<T>, timeoutMs = 15_000): Promise<T> =>
  poll(check, timeoutMs);
