import type { BalanceView, WebhookView } from '../../shared/dto';
import type { SmsGoClient } from '../api/smsgo-client';
import { isNetworkError, isServiceError } from '../api/service-error';
import type { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import type { EventHub } from '../event-hub';
import type { SessionManager } from '../session/session-manager';
import { maskSecret } from './mask-secret';

type CachedBalance = Omit<BalanceView, 'fetchedAt' | 'stale'>;
/** The webhook as cached for offline reading: never the secret itself. */
type CachedWebhook = Omit<WebhookView, 'fetchedAt' | 'stale'>;

/** Failures where the last known figure is better than an error: the service did not answer. */
const isUnreachable = (error: unknown) =>
  isNetworkError(error) || (isServiceError(error) && error.status >= 500);

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
    const view = await this.readThroughCache<CachedBalance>('balance', async (client) => {
      const b = await client.balance();
      return { balance: b.balance, currency: b.currency, companyName: b.company.name };
    });
    this.events.emit('balance:changed', view);
    return view;
  }

  webhook(): Promise<WebhookView> {
    return this.readThroughCache<CachedWebhook>('webhook', async (client) => {
      const w = await client.webhook();
      return {
        url: w.url,
        hasSecret: w.secret !== null,
        maskedSecret: w.secret ? maskSecret(w.secret) : null,
      };
    });
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

  private async readThroughCache<T extends object>(
    key: string,
    read: (client: SmsGoClient) => Promise<T>,
  ): Promise<T & { fetchedAt: string; stale: boolean }> {
    const profile = this.session.profile;
    try {
      const value = await this.call(read);
      if (profile) this.cache.put(profile, key, value);
      return { ...value, fetchedAt: this.now().toISOString(), stale: false };
    } catch (error) {
      const cached = profile && isUnreachable(error) ? this.cache.get<T>(profile, key) : undefined;
      if (!cached) throw error;
      return { ...cached.value, fetchedAt: cached.fetchedAt, stale: true };
    }
  }
}
