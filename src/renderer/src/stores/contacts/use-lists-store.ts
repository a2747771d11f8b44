import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ListView } from '@shared/dto';
import { type ApiError, asApiError, call } from '@renderer/api';

/**
 * The contact lists with their counts: the lists page, the contacts page's
 * filter, the drawer and the import wizard all read this one copy.
 */
export const useListsStore = defineStore('lists', () => {
  const lists = ref<ListView[] | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);

  const byId = computed(() => new Map((lists.value ?? []).map((list) => [list.id, list])));
  const names = computed(() => (lists.value ?? []).map((list) => list.name));

  async function load(): Promise<void> {
    loading.value = true;
    try {
      lists.value = await call('lists:list', {});
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  /** Loads once; later calls reuse the copy (writes below keep it current). */
  async function ensureLoaded(): Promise<void> {
    if (!lists.value && !loading.value) await load();
  }

  /** Throws an ApiError (field `name`) when the core refuses the name. */
  async function create(name: string): Promise<ListView> {
    const list = await call('lists:create', { name });
    await load();
    return list;
  }

  async function rename(id: string, name: string): Promise<ListView> {
    const list = await call('lists:rename', { id, name });
    await load();
    return list;
  }

  /** The contacts stay; they only leave the list. */
  async function remove(id: string): Promise<void> {
    await call('lists:delete', { id });
    await load();
  }

  function clear(): void {
    lists.value = null;
    error.value = null;
  }

  return { lists, error, loading, byId, names, load, ensureLoaded, create, rename, remove, clear };
});
