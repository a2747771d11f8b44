import type { InvoicesExport, InvoicesPageView } from '../../../shared/dto';
import {
  type AccountService,
  bindAccount,
  isUnreachable,
  type BoundAccount,
} from '../../account/account-module';
import type { InvoiceItem } from '../../api/wire-schemas';
import type { SessionManager } from '../../session/session-module';
import type { InvoiceCache } from './invoice-cache';
import { invoicesCsv, invoicesFileName } from './invoices-csv';
import { invoiceView } from './invoice-views';
import type { NotifyLanguage } from '../../notify';

export const DEFAULT_PER_PAGE = 20;
/** The service caps `perPage` at 100; the export reads at most this many pages. */
const EXPORT_PER_PAGE = 100;
const EXPORT_MAX_PAGES = 100;

/**
 * The invoice history: read through to the service and kept locally, so the
 * page and the export still work offline (marked stale).
 */
export class InvoiceService {
  constructor(
    private readonly session: SessionManager,
    private readonly account: AccountService,
    private readonly cache: InvoiceCache,
    private readonly language: () => NotifyLanguage,
    private readonly now: () => Date,
  ) {}

  async list(input: { page?: number; perPage?: number }): Promise<InvoicesPageView> {
    const page = input.page ?? 1;
    const perPage = input.perPage ?? DEFAULT_PER_PAGE;
    const bound = bindAccount(this.session, this.account);
    try {
      const { data, meta } = await bound.call((c) => c.invoices({ page, perPage }));
      this.cache.put(bound.profile, data);
      return {
        invoices: data.map(invoiceView),
        page: meta.currentPage,
        perPage: meta.perPage,
        total: meta.total,
        lastPage: meta.lastPage,
        fetchedAt: this.now().toISOString(),
        stale: false,
      };
    } catch (error) {
      const { count, fetchedAt } = this.cache.stats(bound.profile);
      if (!isUnreachable(error) || fetchedAt === null) throw error;
      return {
        invoices: this.cache.page(bound.profile, page, perPage).map(invoiceView),
        page,
        perPage,
        total: count,
        lastPage: Math.max(1, Math.ceil(count / perPage)),
        fetchedAt,
        stale: true,
      };
    }
  }

  /** Every invoice as CSV text; from the local copy when the service cannot be reached. */
  async exportCsv(): Promise<InvoicesExport> {
    const bound = bindAccount(this.session, this.account);
    let invoices: InvoiceItem[];
    let stale = false;
    try {
      invoices = await this.readAll(bound);
      this.cache.put(bound.profile, invoices);
    } catch (error) {
      if (!isUnreachable(error) || this.cache.stats(bound.profile).fetchedAt === null) throw error;
      invoices = this.cache.all(bound.profile);
      stale = true;
    }
    const day = this.now().toISOString().slice(0, 10);
    const language = this.language();
    return {
      csv: invoicesCsv(invoices, language),
      fileName: invoicesFileName(day, language),
      count: invoices.length,
      stale,
    };
  }

  /** Keeps invoices read elsewhere (a reconciliation, a payment watch) for offline reading. */
  remember(profile: string, invoices: readonly InvoiceItem[]): void {
    this.cache.put(profile, invoices);
  }

  private async readAll(bound: BoundAccount): Promise<InvoiceItem[]> {
    const all: InvoiceItem[] = [];
    for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
      const { data, meta } = await bound.call((c) => c.invoices({ page, perPage: EXPORT_PER_PAGE }));
      all.push(...data);
      if (meta.nextPageUrl === null || data.length === 0 || page >= meta.lastPage) break;
    }
    return all;
  }
}
