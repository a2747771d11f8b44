import { ref, shallowReactive } from 'vue';
import { type ApiError, asApiError } from '@renderer/api';

export interface Page<Row> {
  rows: readonly Row[];
  /** Every row the query matches, not only this page's. */
  total: number;
}

export interface PageCacheOptions<Row> {
  /** Rows per read. */
  pageSize: number;
  /** Pages kept in memory; the ones farthest from what is on screen go first. */
  maxPages: number;
  /** One page of the current query: rows `offset` to `offset + limit - 1`, and the total. */
  read: (offset: number, limit: number) => Promise<Page<Row>>;
}

/**
 * A long list read a page at a time, as a windowed table scrolls over it:
 * the count of matches, and a few pages of rows around what is on screen.
 * Nothing here grows with the list: no entry per row, only the pages kept.
 * A generation number drops answers to a query the user has already left.
 */
export function usePageCache<Row>(options: PageCacheOptions<Row>) {
  const { pageSize, maxPages } = options;
  const total = ref<number | null>(null);
  const pages = shallowReactive(new Map<number, readonly Row[]>());
  const error = ref<ApiError | null>(null);
  const loading = ref(false);

  let generation = 0;
  let inFlight = new Set<number>();
  let range = { first: 0, last: pageSize - 1 };

  const rowAt = (index: number): Row | undefined =>
    pages.get(Math.floor(index / pageSize))?.[index % pageSize];

  async function fetchPage(page: number, gen: number): Promise<void> {
    inFlight.add(page);
    const own = inFlight;
    try {
      const result = await options.read(page * pageSize, pageSize);
      if (gen !== generation) return;
      pages.set(page, result.rows);
      total.value = result.total;
      evict();
      error.value = null;
    } catch (failure) {
      if (gen === generation) error.value = asApiError(failure);
    } finally {
      own.delete(page);
    }
  }

  /** Keeps the cache small: drops the pages farthest from the rows on screen. */
  function evict(): void {
    if (pages.size <= maxPages) return;
    const centre = (range.first + range.last) / 2 / pageSize;
    const far = [...pages.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
    for (const page of far.slice(0, pages.size - maxPages)) pages.delete(page);
  }

  /** The table shows rows `first` to `last` (with a margin around the screen): load their pages. */
  function ensureRange(first: number, last: number): void {
    range = { first: Math.max(0, first), last: Math.max(first, last) };
    if (total.value === null) return;
    const lastPage = Math.max(0, Math.ceil(total.value / pageSize) - 1);
    const from = Math.floor(range.first / pageSize);
    const to = Math.min(lastPage, Math.floor(range.last / pageSize));
    for (let page = from; page <= to; page++) {
      if (!pages.has(page) && !inFlight.has(page)) void fetchPage(page, generation);
    }
  }

  /** A new query: forgets the old rows, then loads the first page. */
  async function reload(): Promise<void> {
    forget();
    loading.value = true;
    const gen = generation;
    await fetchPage(0, gen);
    if (gen === generation) loading.value = false;
  }

  /** After a change: the same query again, keeping the rows on screen until their new copy arrives. */
  async function refresh(): Promise<void> {
    generation++;
    inFlight = new Set();
    const gen = generation;
    const from = Math.floor(range.first / pageSize);
    const to = Math.floor(range.last / pageSize);
    for (const page of [...pages.keys()]) if (page < from || page > to) pages.delete(page);
    const wanted = [];
    for (let page = from; page <= to; page++) wanted.push(page);
    await Promise.all(wanted.map((page) => fetchPage(page, gen)));
    // The list may have shrunk below what was on screen: the pages now past its end are stale.
    if (gen === generation && total.value !== null) {
      for (const page of [...pages.keys()]) if (page * pageSize >= total.value) pages.delete(page);
      ensureRange(range.first, range.last);
    }
  }

  /** Nothing read, nothing on its way (a late answer is dropped). */
  function forget(): void {
    generation++;
    inFlight = new Set();
    pages.clear();
    total.value = null;
    error.value = null;
    loading.value = false;
    range = { first: 0, last: pageSize - 1 };
  }

  return { total, error, loading, rowAt, ensureRange, reload, refresh, forget };
}

export type PageCache<Row> = ReturnType<typeof usePageCache<Row>>;
