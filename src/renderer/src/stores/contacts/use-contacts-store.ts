import { defineStore } from 'pinia';
import { computed, ref, shallowReactive, shallowRef } from 'vue';
import type { ContactView, ContactsDeleteResult } from '../../../../shared/dto';
import { type ApiError, asApiError, call } from '../../api';
import { useDebounced } from '../../composables/use-debounced';
import { useListsStore } from './use-lists-store';

/** Rows per `contacts:search` call (the core accepts 1 to 200). */
export const PAGE_SIZE = 100;
/** Pages kept in memory; the ones farthest from what is on screen go first. */
export const MAX_CACHED_PAGES = 12;
/** "Select all" fetches the ids of every match; beyond this many, the user narrows the search first. */
export const SELECT_ALL_MAX = 5000;

/** One table row: just a position. Its contact is read from the page cache, when loaded. */
export interface ContactSlot {
  readonly index: number;
}

export type OptedOutFilter = 'all' | 'active' | 'optedOut';

export interface ContactDraft {
  name: string;
  phone: string;
  email: string;
  fields: Record<string, string>;
  listIds: string[];
}

const slotsOf = (count: number): ContactSlot[] => Array.from({ length: count }, (_, index) => ({ index }));

/**
 * The contacts page: the search (debounced), the list and opt-out filters,
 * and the matching contacts, fetched a page at a time as the table scrolls.
 * The renderer never holds every contact: the table gets one light slot per
 * match and reads each row from a small cache of pages. A generation number
 * drops answers to a search the user has already moved on from.
 */
export const useContactsStore = defineStore('contacts', () => {
  const lists = useListsStore();

  const query = ref('');
  /** The query the shown results are for (what was typed, once typing paused). */
  const appliedQuery = ref('');
  const listId = ref<string | null>(null);
  const optedOut = ref<OptedOutFilter>('all');

  const total = ref<number | null>(null);
  const slots = shallowRef<ContactSlot[]>([]);
  const pages = shallowReactive(new Map<number, ContactView[]>());
  const error = ref<ApiError | null>(null);
  const loading = ref(false);
  /** Contact ids, kept across scrolling; cleared when the search or filters change. */
  const selected = shallowRef<ReadonlySet<string>>(new Set());
  const undo = ref<ContactsDeleteResult | null>(null);
  /** Counts this window's writes to contacts (what depends on them, like the last import's undo, reads again). */
  const writes = ref(0);

  let generation = 0;
  let inFlight = new Set<number>();
  let range = { first: 0, last: PAGE_SIZE - 1 };
  // The search runs once typing pauses, and only when the text changed.
  const applyQuery = useDebounced(() => {
    if (appliedQuery.value === query.value) return;
    appliedQuery.value = query.value;
    void reload();
  });

  const filtered = computed(
    () => appliedQuery.value.trim() !== '' || !!listId.value || optedOut.value !== 'all',
  );
  /** No contact at all (not merely none matching): the page invites an import. */
  const empty = computed(() => total.value === 0 && !filtered.value);

  const rowAt = (index: number): ContactView | undefined =>
    pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];

  function searchInput(offset: number) {
    const q = appliedQuery.value.trim();
    return {
      offset,
      limit: PAGE_SIZE,
      ...(q ? { query: q } : {}),
      ...(listId.value ? { listId: listId.value } : {}),
      ...(optedOut.value === 'all' ? {} : { optedOut: optedOut.value === 'optedOut' }),
    };
  }

  function applyTotal(count: number): void {
    if (count !== total.value) {
      total.value = count;
      slots.value = slotsOf(count);
    }
  }

  async function fetchPage(page: number, gen: number): Promise<void> {
    inFlight.add(page);
    const own = inFlight;
    try {
      const result = await call('contacts:search', searchInput(page * PAGE_SIZE));
      if (gen !== generation) return;
      pages.set(page, result.rows);
      applyTotal(result.total);
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
    if (pages.size <= MAX_CACHED_PAGES) return;
    const centre = (range.first + range.last) / 2 / PAGE_SIZE;
    const far = [...pages.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
    for (const page of far.slice(0, pages.size - MAX_CACHED_PAGES)) pages.delete(page);
  }

  /** The table shows rows `first` to `last` (with a margin around the screen): load their pages. */
  function ensureRange(first: number, last: number): void {
    range = { first: Math.max(0, first), last: Math.max(first, last) };
    if (total.value === null) return;
    const lastPage = Math.max(0, Math.ceil(total.value / PAGE_SIZE) - 1);
    const from = Math.floor(range.first / PAGE_SIZE);
    const to = Math.min(lastPage, Math.floor(range.last / PAGE_SIZE));
    for (let page = from; page <= to; page++) {
      if (!pages.has(page) && !inFlight.has(page)) void fetchPage(page, generation);
    }
  }

  /** A new search: forgets the old results and the selection, then loads the first page. */
  async function reload(): Promise<void> {
    generation++;
    inFlight = new Set();
    pages.clear();
    selected.value = new Set();
    total.value = null;
    slots.value = [];
    range = { first: 0, last: PAGE_SIZE - 1 };
    loading.value = true;
    const gen = generation;
    await fetchPage(0, gen);
    if (gen === generation) loading.value = false;
  }

  /** After a change: the same search again, keeping the rows on screen until their new copy arrives. */
  async function refresh(): Promise<void> {
    generation++;
    inFlight = new Set();
    const gen = generation;
    const from = Math.floor(range.first / PAGE_SIZE);
    const to = Math.floor(range.last / PAGE_SIZE);
    for (const page of [...pages.keys()]) if (page < from || page > to) pages.delete(page);
    const wanted = [];
    for (let page = from; page <= to; page++) wanted.push(page);
    await Promise.all(wanted.map((page) => fetchPage(page, gen)));
    // The list may have shrunk below what was on screen: the pages now past its end are stale.
    if (gen === generation && total.value !== null) {
      for (const page of [...pages.keys()]) if (page * PAGE_SIZE >= total.value) pages.delete(page);
      ensureRange(range.first, range.last);
    }
  }

  function setQuery(text: string): void {
    query.value = text;
    applyQuery();
  }

  function setList(id: string | null): void {
    listId.value = id;
    void reload();
  }

  function setOptedOut(filter: OptedOutFilter): void {
    optedOut.value = filter;
    void reload();
  }

  function clearFilters(): void {
    applyQuery.cancel();
    query.value = '';
    appliedQuery.value = '';
    listId.value = null;
    optedOut.value = 'all';
    void reload();
  }

  // ------------------------------------------------------------ selection

  function toggle(id: string, on: boolean): void {
    const next = new Set(selected.value);
    if (on) next.add(id);
    else next.delete(id);
    selected.value = next;
  }

  const allSelected = computed(
    () => total.value !== null && total.value > 0 && selected.value.size >= total.value,
  );
  const canSelectAll = computed(
    () => total.value !== null && total.value > 0 && total.value <= SELECT_ALL_MAX,
  );
  const selectingAll = ref(false);

  /** Every match of the search, by id (pages are fetched for their ids only, then dropped). */
  async function selectAll(): Promise<void> {
    if (!canSelectAll.value || selectingAll.value) return;
    const gen = generation;
    const ids = new Set<string>();
    selectingAll.value = true;
    try {
      for (let offset = 0; offset < (total.value ?? 0); offset += PAGE_SIZE) {
        const page =
          pages.get(offset / PAGE_SIZE) ?? (await call('contacts:search', searchInput(offset))).rows;
        if (gen !== generation) return;
        for (const row of page) ids.add(row.id);
        if (page.length < PAGE_SIZE) break;
      }
      selected.value = ids;
    } finally {
      selectingAll.value = false;
    }
  }

  function clearSelection(): void {
    selected.value = new Set();
  }

  // ------------------------------------------------------------ writes

  /** Creates or updates a contact, then its lists. Throws an ApiError (with fields) when the core refuses it. */
  async function save(id: string | null, draft: ContactDraft, before?: ContactView): Promise<ContactView> {
    const email = draft.email.trim() || null;
    // Plain copies: a form's reactive arrays cannot cross IPC (structured clone refuses proxies).
    const fields = { ...draft.fields };
    const listIds = [...draft.listIds];
    let contact: ContactView;
    if (id === null) {
      contact = await call('contacts:create', {
        name: draft.name,
        phone: draft.phone,
        email,
        fields,
        listIds,
      });
    } else {
      contact = await call('contacts:update', {
        id,
        name: draft.name,
        phone: draft.phone,
        email,
        fields,
      });
      const had = new Set((before ?? contact).lists.map((list) => list.id));
      const wants = new Set(listIds);
      for (const listId of wants) {
        if (!had.has(listId)) await call('contacts:addToList', { listId, ids: [id] });
      }
      for (const listId of had) {
        if (!wants.has(listId)) await call('contacts:removeFromList', { listId, ids: [id] });
      }
      if (had.size !== wants.size || [...wants].some((l) => !had.has(l))) {
        contact = await call('contacts:get', { id });
      }
    }
    await afterWrite();
    return contact;
  }

  async function addToList(listId: string, ids: readonly string[]): Promise<number> {
    const result = await call('contacts:addToList', { listId, ids: [...ids] });
    await afterWrite();
    return result.added;
  }

  async function optOut(ids: readonly string[]): Promise<void> {
    await call('contacts:optOut', { ids: [...ids] });
    await afterWrite();
  }

  /** Deletes at once and offers the undo until the core's deadline. */
  async function remove(ids: readonly string[]): Promise<ContactsDeleteResult> {
    const result = await call('contacts:delete', { ids: [...ids] });
    undo.value = result;
    const next = new Set(selected.value);
    for (const id of ids) next.delete(id);
    selected.value = next;
    await afterWrite();
    return result;
  }

  async function undoDelete(): Promise<void> {
    const pending = undo.value;
    if (!pending) return;
    undo.value = null;
    try {
      await call('contacts:undoDelete', { undoToken: pending.undoToken });
    } finally {
      await afterWrite();
    }
  }

  function dismissUndo(): void {
    undo.value = null;
  }

  async function afterWrite(): Promise<void> {
    writes.value++;
    await Promise.all([refresh(), lists.load()]);
  }

  function clear(): void {
    generation++;
    applyQuery.cancel();
    pages.clear();
    inFlight = new Set();
    query.value = '';
    appliedQuery.value = '';
    listId.value = null;
    optedOut.value = 'all';
    total.value = null;
    slots.value = [];
    selected.value = new Set();
    undo.value = null;
    error.value = null;
  }

  return {
    query,
    appliedQuery,
    listId,
    optedOut,
    total,
    slots,
    error,
    loading,
    selected,
    undo,
    writes,
    filtered,
    empty,
    rowAt,
    ensureRange,
    reload,
    refresh,
    setQuery,
    setList,
    setOptedOut,
    clearFilters,
    allSelected,
    canSelectAll,
    selectingAll,
    toggle,
    selectAll,
    clearSelection,
    save,
    addToList,
    optOut,
    remove,
    undoDelete,
    dismissUndo,
    clear,
  };
});
