import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  ConsentView,
  ContactBirthday,
  ContactView,
  ContactsDeleteResult,
  ContactsPageView,
} from '@shared/dto';
import type { BrazilClock } from '@shared/rules/ddd-zones';
import { call } from '@renderer/api';
import { useDebounced } from '@renderer/composables/use-debounced';
import { usePageCache } from '@renderer/composables/use-page-cache';
import { type ContactsFilter, type SelectionInput, useContactSelection } from './contact-selection';
import { useListsStore } from './use-lists-store';

/** Rows per `contacts:search` call (the core accepts 1 to 200). */
export const PAGE_SIZE = 100;
/** Pages kept in memory; the ones farthest from what is on screen go first. */
export const MAX_CACHED_PAGES = 12;
/**
 * How long typing pauses before the search runs: shorter than other search boxes' (250 ms), as
 * a search costs the core tens of milliseconds at any size and the table only the rows on screen.
 */
export const CONTACTS_SEARCH_PAUSE_MS = 150;

export type OptedOutFilter = 'all' | 'active' | 'optedOut';

export interface ContactDraft {
  name: string;
  phone: string;
  email: string;
  fields: Record<string, string>;
  listIds: string[];
  /** Absent: left as it is; null: cleared. */
  birthday?: ContactBirthday | null;
  /** The legal basis on record (LGPD). Absent: left as it is; null: cleared. */
  consent?: ConsentView | null;
  /** The contact's own clock (its DDD covers two). Absent: left as it is; null: its DDD decides. */
  timeZone?: BrazilClock | null;
}

/** Contacts named by id (a drawer's one contact), or a bulk action's selection. */
type Which = readonly string[] | SelectionInput;
const byIds = (which: Which): which is readonly string[] => Array.isArray(which);
const asInput = (which: Which): SelectionInput => (byIds(which) ? { ids: [...which] } : which);

/**
 * The contacts page: the search (debounced), the list and opt-out filters,
 * the matching contacts, fetched a page at a time as the table scrolls, and
 * the ticked ones. The renderer never holds every contact, nor anything per
 * contact it does not show: the table asks for rows by position, and they
 * come from a small cache of pages (use-page-cache.ts).
 */
export const useContactsStore = defineStore('contacts', () => {
  const lists = useListsStore();

  const query = ref('');
  /** The query the shown results are for (what was typed, once typing paused). */
  const appliedQuery = ref('');
  const listId = ref<string | null>(null);
  const optedOut = ref<OptedOutFilter>('all');

  const undo = ref<ContactsDeleteResult | null>(null);
  /** Counts this window's writes to contacts (what depends on them, like the last import's undo, reads again). */
  const writes = ref(0);

  function filter(): ContactsFilter {
    const q = appliedQuery.value.trim();
    return {
      ...(q ? { query: q } : {}),
      ...(listId.value ? { listId: listId.value } : {}),
      ...(optedOut.value === 'all' ? {} : { optedOut: optedOut.value === 'optedOut' }),
    };
  }

  const cache = usePageCache<ContactView>({
    pageSize: PAGE_SIZE,
    maxPages: MAX_CACHED_PAGES,
    read: (offset, limit) => call('contacts:search', { offset, limit, ...filter() }),
  });
  const selection = useContactSelection(cache.total, filter);

  /** Searches what was typed, unless the results shown are already for it. */
  function searchTyped(): void {
    if (appliedQuery.value === query.value) return;
    appliedQuery.value = query.value;
    void reload();
  }
  // The search runs once typing pauses.
  const applyQuery = useDebounced(searchTyped, CONTACTS_SEARCH_PAUSE_MS);

  const filtered = computed(
    () => appliedQuery.value.trim() !== '' || !!listId.value || optedOut.value !== 'all',
  );
  /** No contact at all (not merely none matching): the page invites an import. */
  const empty = computed(() => cache.total.value === 0 && !filtered.value);

  /** A new search: forgets the old results and the selection, then loads the first page. */
  function reload(): Promise<void> {
    selection.clear();
    return cache.reload();
  }

  function setQuery(text: string): void {
    query.value = text;
    // Cleared (the ✕, Esc, or the last letter erased): every contact at once, nothing to wait for.
    if (text.trim() === '') {
      applyQuery.cancel();
      searchTyped();
    } else applyQuery();
  }

  function setList(id: string | null): void {
    listId.value = id;
    void reload();
  }

  function setOptedOut(next: OptedOutFilter): void {
    optedOut.value = next;
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

  /** One contact as it is now (a row on screen may be a moment old). */
  function get(id: string): Promise<ContactView> {
    return call('contacts:get', { id });
  }

  /** The first `limit` contacts matching `text` (all when blank), apart from the page on screen: a picker's list. */
  function firstMatches(text: string, limit: number): Promise<ContactsPageView> {
    const query = text.trim();
    return call('contacts:search', { offset: 0, limit, ...(query ? { query } : {}) });
  }

  /** Every ticked contact's id, for a campaign (at most `max`; null when more are ticked). */
  async function selectedIds(max: number): Promise<string[] | null> {
    const which = selection.input();
    if ('ids' in which) return which.ids.length <= max ? which.ids : null;
    const found = await call('contacts:matchingIds', { ...which, limit: max });
    return found.total <= max ? found.ids : null;
  }

  // ------------------------------------------------------------ writes

  /** Creates or updates a contact, then its lists. Throws an ApiError (with fields) when the core refuses it. */
  async function save(id: string | null, draft: ContactDraft, before?: ContactView): Promise<ContactView> {
    const email = draft.email.trim() || null;
    // Plain copies: a form's reactive arrays cannot cross IPC (structured clone refuses proxies).
    const fields = { ...draft.fields };
    const listIds = [...draft.listIds];
    const birthday =
      draft.birthday === undefined ? {} : { birthday: draft.birthday && { ...draft.birthday } };
    const consent = draft.consent === undefined ? {} : { consent: draft.consent && { ...draft.consent } };
    const timeZone = draft.timeZone === undefined ? {} : { timeZone: draft.timeZone };
    let contact: ContactView;
    if (id === null) {
      contact = await call('contacts:create', {
        name: draft.name,
        phone: draft.phone,
        email,
        fields,
        ...birthday,
        ...consent,
        ...timeZone,
        listIds,
      });
    } else {
      contact = await call('contacts:update', {
        id,
        name: draft.name,
        phone: draft.phone,
        email,
        fields,
        ...birthday,
        ...consent,
        ...timeZone,
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

  async function addToList(listId: string, which: Which): Promise<number> {
    const result = await call('contacts:addToList', { listId, ...asInput(which) });
    await afterWrite();
    return result.added;
  }

  async function optOut(which: Which): Promise<void> {
    await call('contacts:optOut', asInput(which));
    await afterWrite();
  }

  /** Deletes at once and offers the undo until the core's deadline; the deleted leave the selection. */
  async function remove(which: Which): Promise<ContactsDeleteResult> {
    const input = asInput(which);
    const result = await call('contacts:delete', input);
    undo.value = result;
    if ('ids' in input) selection.drop(input.ids);
    else selection.clear();
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
    await Promise.all([cache.refresh(), lists.load()]);
  }

  function clear(): void {
    applyQuery.cancel();
    cache.forget();
    selection.clear();
    query.value = '';
    appliedQuery.value = '';
    listId.value = null;
    optedOut.value = 'all';
    undo.value = null;
  }

  return {
    query,
    appliedQuery,
    listId,
    optedOut,
    total: cache.total,
    error: cache.error,
    loading: cache.loading,
    /** How many contacts are ticked (all matching: every match but those unticked). */
    selectedCount: selection.count,
    /** Every match is ticked. */
    allSelected: selection.all,
    isSelected: selection.has,
    toggle: selection.toggle,
    selectAll: selection.selectAll,
    clearSelection: selection.clear,
    /** The ticked contacts as a bulk action takes them. */
    selectionInput: selection.input,
    undo,
    writes,
    filtered,
    empty,
    rowAt: cache.rowAt,
    ensureRange: cache.ensureRange,
    reload,
    refresh: cache.refresh,
    setQuery,
    setList,
    setOptedOut,
    clearFilters,
    get,
    firstMatches,
    selectedIds,
    save,
    addToList,
    optOut,
    remove,
    undoDelete,
    dismissUndo,
    clear,
  };
});
