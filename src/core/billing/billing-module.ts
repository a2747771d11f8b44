import type { BillingChannel } from '../../shared/contract/billing';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { Catalog } from './catalog';
import { createInvoiceCache } from './invoices/invoice-cache';
import { InvoiceService } from './invoices/invoice-service';
import { createAttemptRepo } from './purchase/attempt-repo';
import { PurchaseService, type PurchaseTimings } from './purchase/purchase-service';
import { creditsAdded } from '../../shared/credits-added';

export interface BillingModule extends CoreModule<BillingChannel> {
  /**
   * R$ that `quantity` credits add to the balance (an auto-recharge's), at the
   * packages' prices as last read; null when they were never read.
   */
  creditsAdded(profile: string, quantity: number): number | null;
}

/**
 * Buying credits, never charged twice (purchase/), the invoice history kept
 * for offline reading (invoices/), and the packages and saved cards.
 */
export function createBillingModule(
  deps: Pick<ModuleDeps, 'db' | 'session' | 'account' | 'cache' | 'events' | 'host' | 'language' | 'now'>,
  timings?: Partial<PurchaseTimings>,
): BillingModule {
  const { db, session, account, events, now } = deps;
  const attempts = createAttemptRepo(db, now);
  const invoiceCache = createInvoiceCache(db, now);
  const invoices = new InvoiceService(session, account, invoiceCache, deps.language, now);
  const purchases = new PurchaseService({
    attempts,
    invoices,
    session,
    account,
    events,
    host: deps.host,
    language: deps.language,
    now,
    timings,
  });
  const catalog = new Catalog(session, account, deps.cache, now);
  // A purchase left in flight by a crash is settled as soon as its account is signed in.
  const unsubscribe = events.on((event) => {
    if (event === 'session:changed') purchases.resume();
  });
  return {
    creditsAdded: (profile, quantity) => {
      const plans = catalog.cachedPlans(profile);
      return plans ? creditsAdded(quantity, plans) : null;
    },
    handlers: {
      'credits:plans': () => catalog.plans(),
      'credits:cards': () => catalog.cards(),
      'credits:buy': (input) => purchases.buy(input),
      'credits:attempt': async () => purchases.current(),
      'credits:invoices': (input) => invoices.list(input),
      'credits:exportInvoices': () => invoices.exportCsv(),
    },
    clearProfile: (profile) => {
      invoiceCache.clearProfile(profile);
      attempts.clearProfile(profile);
    },
    close: async () => {
      unsubscribe();
      await purchases.close();
    },
  };
}
