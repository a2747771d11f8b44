import type { BalanceView, SmsWorthView, WebhookView } from '../../shared/dto';
import type { SmsGoClient } from '../api/smsgo-client';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import type { EventHub } from '../kernel/event-hub';
import { defaultSmsType } from '../api/wire';
import { bindAccount, mayAskService, readThrough } from './service-access';
import type { SessionManager } from '../session/session-module';
import { maskSecret } from './mask-secret';
import { createSmsTypeCatalog, type SmsTypeCatalog } from './sms-type-catalog';
import { smsCountOf } from '../../shared/sms-worth';

/**
 * Balance and webhook settings of the signed-in account. Every read goes to
 * the service; when it cannot be reached, the last figure read is returned
 * marked stale, so the header and the settings stay readable offline.
 *
 * Every balance read is announced (`balance:changed`): the app shows one
 * balance, and whoever learns that money moved calls refresh().
 */
export class AccountService {
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  /**
   * The SMS types and their prices: the balance is counted in SMS of the
   * default type, and the campaigns price with the same catalogue.
   */
  readonly smsTypes: SmsTypeCatalog;

  constructor(
    private readonly session: SessionManager,
    private readonly cache: ServiceCacheRepo,
    private readonly connectivity: ConnectivityMonitor,
    private readonly events: EventHub,
    private readonly now: () => Date,
  ) {
    this.smsTypes = createSmsTypeCatalog({ session, account: this, cache, now });
  }

  async balance(): Promise<BalanceView> {
    const bound = bindAccount(this.session, this);
    const read = await readThrough(
      bound,
      this.cache,
      'balance',
      async (client) => {
        const b = await client.balance();
        return { balance: b.balance, currency: b.currency, companyName: b.company.name };
      },
      this.now,
    );
    const view: BalanceView = { ...read, smsWorth: await this.worth(bound.profile, read.balance) };
    this.events.emit('balance:changed', view);
    return view;
  }

  /**
   * Money moved (a batch accepted, a test send, the idle probe's look): read
   * the balance again. Never throws; calls that arrive during a read share
   * one more read after it, so a burst of batches costs two requests, not twenty.
   */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        if (this.session.profile === null) return;
        await this.balance().catch(() => undefined);
      } while (this.refreshAgain);
    })().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  /** What is cached for offline reading is the masked secret, never the secret itself. */
  webhook(): Promise<WebhookView> {
    return readThrough(
      bindAccount(this.session, this),
      this.cache,
      'webhook',
      async (client) => {
        const w = await client.webhook();
        return {
          url: w.url,
          hasSecret: w.secret !== null,
          maskedSecret: w.secret ? maskSecret(w.secret) : null,
        };
      },
      this.now,
    );
  }

  /** The secret itself, read fresh and never cached: only on an explicit reveal or copy. */
  async webhookSecret(): Promise<string | null> {
    return (await this.call((client) => client.webhook())).secret;
  }

  private async worth(profile: string, balance: number): Promise<SmsWorthView | null> {
    const mayAsk = mayAskService(this.session, this.connectivity, profile);
    const types = await this.smsTypes.known(profile, mayAsk).catch(() => null);
    const type = (types && defaultSmsType(types)) ?? null;
    const count = type ? smsCountOf(balance, type.unitPrice) : null;
    return type && count !== null ? { typeName: type.name, unitPrice: type.unitPrice, count } : null;
  }

  /** Runs a service call for the signed-in account and records what it says about connectivity. */
  async call<T>(fn: (client: SmsGoClient) => Promise<T>): Promise<T> {
    const client = this.session.client();
    try {
      const value = await fn(client);
      this.connectivity.record();
      return value;
    } catch (error) {
      this.connectivity.record(error);
      throw error;
    }
  }
}
