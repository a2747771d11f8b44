import { hostname } from 'node:os';
import type {
  CampaignProgressView,
  DeliveryStallView,
  OutboxWorkerView,
} from '../../../shared/dto/campaigns';
import { toAppError } from '../../to-app-error';
import { dataProblemFailure, dataProblemOf } from '../../db/data-problem';
import type { BalanceView, ConnectivityView } from '../../../shared/dto';
import type { CampaignSpine, CampaignsDeps } from '../campaigns-deps';
import type { Handlers } from '../../kernel/handlers';
import { bindAccount } from '../../account/account-module';
import { createProgressEmitter } from './delivery-progress';
import { deliveryTimings, type DeliveryTimings } from './delivery-timings';
import { createOutboxControls } from '../outbox/outbox-controls';
import { createOutboxStatusReader } from '../outbox/outbox-status';
import { createOutboxStore } from '../outbox/outbox-store';
import { OutboxWorker } from './outbox-worker';
import type { ProgressReader } from '../outbox/progress-read';
import { createWorkerLease, type LeaseRecord } from './worker-lease';
import { createShortLinkRewrite } from './short-link-rewrite';
import type { LinkTracking } from '../../links/links-module';
import type { RulesModule } from '../../rules/rules-module';

/** The delivery's channels. */
export type DeliveryChannel =
  'campaigns:pause' | 'campaigns:resume' | 'campaigns:cancel' | 'campaigns:progress' | 'campaigns:outbox';

export interface Delivery {
  handlers: Pick<Handlers, DeliveryChannel>;
  /** Start draining the outbox whenever the service is reachable (not in a local-only core). */
  start(): void;
  /** Something was queued, or the balance or connectivity changed: look at the outbox now. */
  wake(): void;
  /** Stop the worker after the request in flight settles (its outcome is recorded); the channels still answer. */
  stop(): Promise<void>;
  /** stop(), and the progress events end too. */
  close(): Promise<void>;
  /** A campaign's progress as `campaigns:progress` reads it (null: no such campaign, or a draft). */
  readProgress: ProgressReader;
}

/**
 * The outbox's delivery: the worker (outbox-worker.ts) with its lease, the
 * user's controls (outbox-controls.ts) and progress events. Only a core that
 * runs background work calls start(): the app, and `torpedo worker`; the
 * controls and progress work in any core, online or not.
 *
 * Timings come from `TORPEDO_DELIVERY_TIMINGS` when set (delivery-timings.ts);
 * set `TORPEDO_DEBUG=delivery` to have the worker report unexpected trouble on stderr.
 */
export function createDelivery(
  deps: CampaignsDeps,
  spine: CampaignSpine,
  tracking: LinkTracking,
  rules: Pick<RulesModule, 'rules' | 'sendLog' | 'excluded'>,
  timings: DeliveryTimings = deliveryTimings(),
): Delivery {
  const rewrite = createShortLinkRewrite(deps.db);
  const store = createOutboxStore(deps.db);
  const controls = createOutboxControls(deps.db, store);
  const outbox = createOutboxStatusReader(deps.db);
  const readProgress = spine.progress;
  // The same view the composer's channels return (nullable totals, not_found when missing).
  const campaigns = spine.repo;
  const progress = createProgressEmitter(
    readProgress,
    (view) => deps.events.emit('campaigns:progress', view),
    timings.progressThrottleMs,
  );
  const forgetUnsent = (campaign: { id: string; profile: string; ref: string }) =>
    rules.sendLog.forget(campaign.profile, `c${campaign.ref}`, store.unsentPhones(campaign.id));
  const debug = process.env.TORPEDO_DEBUG?.split(',').includes('delivery') ?? false;
  let stall: DeliveryStallView | null = null;
  const lease = createWorkerLease(deps.db, deps.settings, { ttlMs: timings.leaseTtlMs, now: deps.now });
  const worker = new OutboxWorker({
    store,
    lease,
    timings,
    now: deps.now,
    account: () => (deps.session.profile === null ? null : bindAccount(deps.session, deps.account)),
    balance: () =>
      deps.account.balance().then(
        (view) => view.balance,
        () => null,
      ),
    charged: () => void deps.account.refresh(),
    progress,
    readProgress,
    notify: (notice) => deps.host.notify(notice.title, notice.body),
    language: deps.language,
    log: (line) => {
      if (debug) process.stderr.write(`${line}\n`);
    },
    stalled: (error) => {
      const view = error === null ? null : stallOf(error, deps.dataDir, deps.now());
      // Said once per cause, not every turn: the log keeps the code (SQLITE_FULL), the event says it.
      if (view?.code === stall?.code && view?.reason === stall?.reason) return;
      stall = view;
      if (view) deps.log.warn('outbox.stalled', { code: view.code, reason: view.reason });
      else deps.log.info('outbox.resumed');
      deps.events.emit('campaigns:deliveryStalled', view);
    },
    prepareLinks: async (account, campaign) => {
      const links = await tracking.make(account, campaign);
      rewrite(campaign.id, links, deps.now().toISOString());
    },
    rules: () => rules.rules(),
    forgetUnsent,
    forgetRemoved: (campaign, phones) => rules.sendLog.forget(campaign.profile, `c${campaign.ref}`, phones),
    excluded: (profile, phones, origin, now) => rules.excluded({ profile, phones, origin, now }),
  });

  const now = () => deps.now().toISOString();
  const view = (id: string) => campaigns.view(deps.profile(), id);

  let started = false;
  let unsubscribe: (() => void) | null = null;
  const onEvent = (event: string, payload: unknown) => {
    if (event === 'session:changed') {
      // Signed in again after the key stopped working: the campaigns held for it go on.
      const profile = deps.session.profile;
      if (profile !== null) {
        for (const c of store.heldCampaigns(profile)) {
          if (c.hold?.code === 'not_signed_in') worker.release(c.id, ['not_signed_in']);
        }
      }
      worker.wake();
    } else if (event === 'connectivity:changed' && (payload as ConnectivityView).state === 'online') {
      worker.online();
    } else if (event === 'balance:changed') {
      worker.balanceKnown((payload as BalanceView).balance);
    }
  };

  return {
    readProgress,
    handlers: {
      'campaigns:pause': async ({ id }) => {
        if (controls.pause(deps.profile(), id, now()).changed) progress.changed(id);
        return view(id);
      },
      'campaigns:resume': async ({ id }) => {
        if (controls.resume(deps.profile(), id, now()).changed) progress.changed(id);
        worker.wake();
        return view(id);
      },
      'campaigns:cancel': async ({ id }) => {
        if (controls.cancel(deps.profile(), id, now()).changed) {
          progress.changed(id);
          const campaign = store.campaign(id);
          if (campaign) forgetUnsent(campaign);
        }
        // A batch in flight is reconciled before it may be cancelled: let the worker look.
        worker.wake();
        return view(id);
      },
      'campaigns:progress': async ({ id }) => view(id).progress ?? draftProgress(id, deps.now()),
      'campaigns:outbox': async ({ since }) => ({
        ...outbox(deps.profile(), since, deps.now()),
        worker: holderOf(lease.holder(), deps.now()),
        stalled: stall,
      }),
    },
    start() {
      if (started || deps.localOnly) return;
      started = true;
      unsubscribe = deps.events.on(onEvent);
      worker.start();
    },
    wake: () => worker.wake(),
    async stop() {
      await worker.close();
      unsubscribe?.();
    },
    async close() {
      await this.stop();
      progress.close();
    },
  };
}

/** The lease's holder while its lease runs: this process, or another worker on the folder. */
function holderOf(lease: LeaseRecord | undefined, now: Date): OutboxWorkerView | null {
  if (!lease || Date.parse(lease.expiresAt) <= now.getTime()) return null;
  const sameComputer = lease.host === hostname();
  return { here: sameComputer && lease.pid === process.pid, pid: lease.pid, host: lease.host, sameComputer };
}

/** A draft has no outbox yet: nothing to count. */
function draftProgress(campaignId: string, now: Date): CampaignProgressView {
  return {
    campaignId,
    status: 'draft',
    batches: { queued: 0, sending: 0, accepted: 0, held: 0, failed: 0, cancelled: 0, total: 0 },
    messages: { accepted: 0, total: 0 },
    delivery: { delivered: 0, failed: 0, onTheWay: 0, final: false },
    hold: null,
    etaSeconds: null,
    spend: {
      charged: { messages: 0, segments: 0, cost: 0 },
      pending: { messages: 0, segments: 0, cost: 0 },
    },
    scheduled: null,
    removed: null,
    updatedAt: now.toISOString(),
  };
}

/** Why the worker cannot go on, as the error that would cross IPC (its code, words and underlying code). */
function stallOf(error: unknown, dataDir: string, now: Date): DeliveryStallView {
  // SQLite's bare "I/O error" is told apart by the folder itself (a full disk, a read-only folder).
  const problem = dataProblemOf(error, dataDir);
  const { code, message, details } = toAppError(problem ? dataProblemFailure(problem, dataDir) : error);
  return { code, message, ...(details?.reason ? { reason: details.reason } : {}), since: now.toISOString() };
}
