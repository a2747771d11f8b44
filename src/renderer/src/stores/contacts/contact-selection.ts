import { computed, type Ref, shallowRef } from 'vue';

/** What the Contacts page's search and filters ask for (the core's search input without the page). */
export interface ContactsFilter {
  query?: string;
  listId?: string;
  optedOut?: boolean;
}

/** The contacts a bulk action acts on, as the core takes them. */
export type SelectionInput = { ids: string[] } | { matching: ContactsFilter; except: string[] };

/**
 * The ticked contacts, kept as ids, or as "every match of the search" with
 * the ones unticked since: ticking all of a million matches costs nothing,
 * and the core is told the search, not a million ids. Kept across
 * scrolling; the page clears it when the search or the filters change.
 */
export function useContactSelection(total: Ref<number | null>, filter: () => ContactsFilter) {
  /** `all`: every match, `ids` the exceptions; else `ids` are the ticked ones. */
  const state = shallowRef<{ all: boolean; ids: ReadonlySet<string> }>({ all: false, ids: new Set() });

  const count = computed(() =>
    state.value.all ? Math.max(0, (total.value ?? 0) - state.value.ids.size) : state.value.ids.size,
  );
  const all = computed(() => state.value.all && state.value.ids.size === 0 && count.value > 0);
  const matching = computed(() => state.value.all);

  const has = (id: string): boolean => state.value.all !== state.value.ids.has(id);

  function toggle(id: string, on: boolean): void {
    if (has(id) === on) return;
    const ids = new Set(state.value.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    state.value = { all: state.value.all, ids };
  }

  function selectAll(): void {
    state.value = { all: true, ids: new Set() };
  }

  function clear(): void {
    state.value = { all: false, ids: new Set() };
  }

  /** Unticks these (deleted, or gone from the search). */
  function drop(ids: readonly string[]): void {
    if (state.value.all) return;
    const kept = new Set(state.value.ids);
    for (const id of ids) kept.delete(id);
    state.value = { all: false, ids: kept };
  }

  function input(): SelectionInput {
    const { all, ids } = state.value;
    return all ? { matching: filter(), except: [...ids] } : { ids: [...ids] };
  }

  return { count, all, matching, has, toggle, selectAll, clear, drop, input };
}

export type ContactSelection = ReturnType<typeof useContactSelection>;
