import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BlockListView, RulesView, SendingRules } from '@shared/dto/rules';
import type { OptOutConfirmationView } from '@shared/dto/inbox';
import { type ApiError, asApiError, call } from '@renderer/api';

/**
 * The owner's sending rules (window, Sundays, holidays, the business name in
 * front, the frequency cap), this year's holidays and the block lists, as the
 * core holds them. Read when Settings › Sending rules opens, after each save
 * and after a block list is imported, removed or its import undone.
 */
export const useRulesStore = defineStore('rules', () => {
  const view = ref<RulesView | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);
  /** The opt-out confirmation's text and price (null: not read, or signed out). */
  const confirmation = ref<OptOutConfirmationView | null>(null);

  /** Its price needs the signed-in account; without it the page says the cost is not known yet. */
  async function loadConfirmation(): Promise<void> {
    try {
      confirmation.value = await call('inbox:optOutConfirmation', {});
    } catch {
      confirmation.value = null;
    }
  }

  async function load(): Promise<void> {
    loading.value = true;
    try {
      view.value = await call('rules:get', {});
      error.value = null;
      void loadConfirmation();
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  /** Sends only the rules that changed; throws an ApiError (fields named) when the core refuses. */
  async function save(patch: Partial<SendingRules>): Promise<void> {
    view.value = await call('rules:set', patch);
    error.value = null;
    void loadConfirmation();
  }

  /** Re-reads the block lists only (after an import). */
  async function loadBlockLists(): Promise<void> {
    const lists = await call('rules:blockLists', {});
    if (view.value) view.value = { ...view.value, blockLists: lists };
    else await load();
  }

  /** The list and its numbers are gone: they may be messaged again. Returns how many numbers went. */
  async function removeBlockList(list: string): Promise<number> {
    const { removed } = await call('rules:removeBlockList', { list });
    await loadBlockLists();
    return removed;
  }

  /** The list's last import taken back (the list before it, as it was); returns the list now. */
  async function undoBlockImport(list: string): Promise<BlockListView> {
    const back = await call('rules:undoBlockImport', { list });
    await loadBlockLists();
    return back;
  }

  function clear(): void {
    view.value = null;
    error.value = null;
  }

  return {
    view,
    error,
    loading,
    confirmation,
    load,
    save,
    loadBlockLists,
    removeBlockList,
    undoBlockImport,
    clear,
  };
});
