import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OptOutsAddResult, OptOutsPageView } from '@shared/dto';
import { type ApiError, asApiError, call } from '@renderer/api';

export const OPT_OUTS_PER_PAGE = 20;

/**
 * The opt-out list (numbers that never receive a message), one page at a
 * time, newest first; `query` keeps numbers containing the digits typed.
 */
export const useOptOutsStore = defineStore('optOuts', () => {
  const page = ref<OptOutsPageView | null>(null);
  const pageNumber = ref(1);
  const query = ref('');
  const error = ref<ApiError | null>(null);
  const loading = ref(false);
  let generation = 0;

  async function load(number = pageNumber.value): Promise<void> {
    const gen = ++generation;
    loading.value = true;
    try {
      const digits = query.value.replace(/\D+/g, '');
      const result = await call('optOuts:list', {
        offset: (number - 1) * OPT_OUTS_PER_PAGE,
        limit: OPT_OUTS_PER_PAGE,
        ...(digits ? { query: digits } : {}),
      });
      if (gen !== generation) return;
      // A page emptied by a removal shows the one before it.
      if (result.rows.length === 0 && number > 1 && result.total > 0) return load(number - 1);
      page.value = result;
      pageNumber.value = number;
      error.value = null;
    } catch (failure) {
      if (gen === generation) error.value = asApiError(failure);
    } finally {
      if (gen === generation) loading.value = false;
    }
  }

  function search(text: string): Promise<void> {
    query.value = text;
    return load(1);
  }

  /** Numbers typed by hand, one per entry, in any format. */
  async function add(phones: string[]): Promise<OptOutsAddResult> {
    const result = await call('optOuts:add', { phones });
    if (result.added > 0) await load(1);
    return result;
  }

  async function remove(phone: string): Promise<void> {
    await call('optOuts:remove', { phones: [phone] });
    await load();
  }

  function clear(): void {
    page.value = null;
    pageNumber.value = 1;
    query.value = '';
    error.value = null;
  }

  return { page, pageNumber, query, error, loading, load, search, add, remove, clear };
});
