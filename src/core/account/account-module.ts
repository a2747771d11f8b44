import type { AccountChannel } from '../../shared/contract/account';
import type { AutoRechargeConfig } from '../api/wire-schemas';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { AutoRechargeService } from './auto-recharge';
import { WEBHOOK_CACHE_KEY, WebhookSettings } from './webhook-settings';

export type { AccountService } from './account-service';
export type { WebhookUpdateInput } from './webhook-settings';
export type { SmsTypeCatalog } from './sms-type-catalog';
// How every domain reads the service through the signed-in account (a kept answer when it cannot ask).
export * from './service-access';

export interface AccountModule extends CoreModule<AccountChannel> {
  /** Auto-recharge and the low-balance alert as last read (never asks the service); null: never read. */
  autoRechargeKnown(profile: string): AutoRechargeConfig | null;
  /** Sets the webhook as account:updateWebhook does (the server domain points it at its server). */
  webhooks: Pick<WebhookSettings, 'update'>;
  /** The webhook address as last read or set (never asks the service); undefined: never read. */
  knownWebhookUrl(profile: string): string | null | undefined;
}

/**
 * The account's operations in the service's interface: the balance (one
 * figure, read by AccountService, a shared part), the webhook (address,
 * signing secret, a test event) and the automatic recharge with its
 * low-balance alert.
 */
export function createAccountModule(
  deps: Pick<ModuleDeps, 'session' | 'account' | 'cache' | 'host' | 'now'>,
): AccountModule {
  const { session, account, cache, host, now } = deps;
  const autoRecharge = new AutoRechargeService(session, account, cache, now);
  const webhooks = new WebhookSettings(session, account, cache, now);
  return {
    autoRechargeKnown: (profile) => autoRecharge.cached(profile),
    webhooks,
    knownWebhookUrl: (profile) => {
      const url = cache.get<{ url?: unknown }>(profile, WEBHOOK_CACHE_KEY)?.value.url;
      return typeof url === 'string' || url === null ? url : undefined;
    },
    handlers: {
      'account:balance': () => account.balance(),
      'account:webhook': () => account.webhook(),
      'account:revealWebhookSecret': async () => ({ secret: await account.webhookSecret() }),
      'account:copyWebhookSecret': async () => {
        const secret = await account.webhookSecret();
        if (secret) host.writeClipboard(secret);
        return { copied: secret !== null };
      },
      'account:updateWebhook': (input) => webhooks.update(input),
      'account:testWebhook': () => webhooks.sendTest(),
      'account:autoRecharge': () => autoRecharge.read(),
      'account:updateAutoRecharge': (input) => autoRecharge.update(input),
    },
  };
}
