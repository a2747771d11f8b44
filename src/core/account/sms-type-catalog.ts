/**
 * The SMS types and their prices (`GET /v1/sms-types`), read through the
 * service cache like the credit packages (billing/catalog.ts): the last
 * catalogue answers offline, and it is what Send prices a campaign with, so
 * a campaign can be frozen with no connection at all. The account service
 * reads it (its balance is counted in SMS of the default type); the
 * campaigns price with it (campaigns/pricing.ts).
 */
import { z } from 'zod';
import type { SmsTypeView } from '../../shared/dto/campaigns';
import type { SmsTypeItem } from '../api/wire-schemas';
import type { ServiceCacheRepo } from '../db/service-cache-repo';
import type { SessionManager } from '../session/session-module';
import { bindAccount, readThrough } from './service-access';
import type { AccountService } from './account-service';

const CACHE_KEY = 'campaigns:smsTypes';

const cachedTypes = z.object({
  types: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      price: z.number(),
      sale: z.number().nullable(),
      unitPrice: z.number(),
    }),
  ),
});

const toView = (t: SmsTypeItem): SmsTypeView => ({
  id: t.id,
  name: t.name,
  price: t.price,
  sale: t.sale,
  unitPrice: t.sale ?? t.price,
});

export interface SmsTypeCatalogDeps {
  session: SessionManager;
  /** Whose calls record what the service says about the connection. */
  account: Pick<AccountService, 'call'>;
  cache: ServiceCacheRepo;
  now: () => Date;
}

export function createSmsTypeCatalog(deps: SmsTypeCatalogDeps) {
  const fetchTypes = async (): Promise<SmsTypeView[]> => {
    const fresh = await readThrough(
      bindAccount(deps.session, deps.account),
      deps.cache,
      CACHE_KEY,
      async (client) => ({ types: (await client.smsTypes()).map(toView) }),
      deps.now,
    );
    return fresh.types;
  };

  const cached = (profile: string): SmsTypeView[] | null => {
    const parsed = cachedTypes.safeParse(deps.cache.get(profile, CACHE_KEY)?.value);
    return parsed.success ? parsed.data.types : null;
  };

  return {
    /** `campaigns:smsTypes`: fresh when the service answers, else the last catalogue. */
    list: fetchTypes,
    /** The last catalogue read, without asking the service (the freeze's prices). */
    cached,
    /**
     * The catalogue the estimate prices with: the same cached one the freeze
     * will use, read from the service only when none was ever kept and the
     * caller may ask (signed in to this profile and not known to be offline).
     */
    async known(profile: string, mayAsk: boolean): Promise<SmsTypeView[] | null> {
      const kept = cached(profile);
      if (kept !== null || !mayAsk || deps.session.profile !== profile) return kept;
      return fetchTypes().catch(() => null);
    },
  };
}

export type SmsTypeCatalog = ReturnType<typeof createSmsTypeCatalog>;
