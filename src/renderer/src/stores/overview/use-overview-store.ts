import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type { OverviewView } from '@shared/dto/overview';
import { asApiError, call, onEvent, type ApiError } from '@renderer/api';

/**
 * The overview: read from the kept copy (instant, offline too), and read
 * again when what it sums up changes: a campaign's progress, the sends'
 * results, new clicks.
 */
export const useOverviewStore = defineStore('overview', () => {
  const view = ref<OverviewView | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);

  async function load(): Promise<void> {
    loading.value = true;
    try {
      view.value = await call('overview:get', {});
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  let active = false;
  const reload = () => {
    if (active) void load();
  };
  onScopeDispose(onEvent('campaigns:progress', reload));
  onScopeDispose(onEvent('history:updated', reload));
  onScopeDispose(onEvent('links:clicked', reload));

  /** While the overview is on screen it follows the events; returns the function that stops it. */
  function activate(): () => void {
    active = true;
    void load();
    return () => {
      active = false;
    };
  }

  function clear(): void {
    view.value = null;
    error.value = null;
  }

  return { view, error, loading, load, activate, clear };
});
