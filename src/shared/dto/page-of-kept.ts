/**
 * A page of what the service lists, as last read: `fetchedAt` says when, and
 * `stale` that the service could not be reached and this is the kept copy.
 * The sends, the invoices, the short links and a link's clicks are paged so.
 */
export interface PageOfKept {
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
  fetchedAt: string;
  stale: boolean;
}
