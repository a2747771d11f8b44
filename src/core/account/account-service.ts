import type { BalanceView, WebhookView } from '../../shared/dto';
import type { SmsGoClient } from '../api/smsgo-client';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import type { EventHub } from '../event-hub';
import { bindAccount, readThrough } from '../service-access';
import type { SessionManager } from '../session/session-manager';
import { maskSecret } from './mask-secret';

/**
 * Balance and webhook settings of the signed-in account. Every read goes to
 * the service; when it cannot be reached, the last figure read is returned
 * marked stale, so the header and the settings stay readable offline.
 */
export class AccountService {
  constructor(
    private readonly session: SessionManager,
    private readonly cache: ServiceCacheRepo,
    private readonly connectivity: ConnectivityMonitor,
    private readonly events: EventHub,
    private readonly now: () => Date,
  ) {}

  async balance(): Promise<BalanceView> {
    const view = await readThrough(
      bindAccount(this.session, this),
      this.cache,
      'balance',
      async (client) => {
        const b = await client.balance();
        return { balance: b.balance, currency: b.currency, companyName: b.company.name };
      },
      this.now,
    );
    this.events.emit('balance:changed', view);
    return view;
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
