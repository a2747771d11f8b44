import type { CardsView, PlansView } from '../../shared/dto';
import { type AccountService, bindAccount, readThrough } from '../account/account-module';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import type { SessionManager } from '../session/session-module';

/**
 * The packages and saved cards offered on the credits page, cached for
 * offline reading. A card is shown by brand and last four digits only: that
 * is all the service sends, and all the app keeps.
 */
export class Catalog {
  constructor(
    private readonly session: SessionManager,
    private readonly account: AccountService,
    private readonly cache: ServiceCacheRepo,
    private readonly now: () => Date,
  ) {}

  plans(): Promise<PlansView> {
    const bound = bindAccount(this.session, this.account);
    return readThrough(
      bound,
      this.cache,
      'billing:plans',
      async (client) => ({
        plans: (await client.plans()).map((p) => ({
          id: p.id,
          quantity: p.quantity,
          price: p.price,
          sale: p.sale,
          unit: p.unit,
          total: p.total,
          popular: p.popular,
        })),
      }),
      this.now,
    );
  }

  /** The packages as last read (never asks the service); null: never read. */
  cachedPlans(profile: string): PlansView['plans'] | null {
    return this.cache.get<Pick<PlansView, 'plans'>>(profile, 'billing:plans')?.value.plans ?? null;
  }

  cards(): Promise<CardsView> {
    const bound = bindAccount(this.session, this.account);
    return readThrough(
      bound,
      this.cache,
      'billing:cards',
      async (client) => ({
        cards: (await client.cards()).map((c) => ({
          id: c.id,
          brand: c.flag,
          last4: c.number.slice(-4),
          holder: c.name,
          alias: c.alias,
          expiry: c.validate,
          isDefault: c.default,
        })),
      }),
      this.now,
    );
  }
}
