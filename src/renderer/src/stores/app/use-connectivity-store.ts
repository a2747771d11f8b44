import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type { ConnectivityView } from '@shared/dto';
import { call, onEvent } from '@renderer/api';

/** Whether the service can be reached. Follows `connectivity:changed`. */
export const useConnectivityStore = defineStore('connectivity', () => {
  const view = ref<ConnectivityView>({ state: 'unknown', checkedAt: null });
  const checking = ref(false);

  const state = computed(() => view.value.state);

  onScopeDispose(onEvent('connectivity:changed', (next) => (view.value = next)));

  async function load(): Promise<void> {
    try {
      view.value = await call('connectivity:get', {});
    } catch {
      // Leave the state as it was: the indicator already says what is known.
    }
  }

  /** Asks main to check now (the user clicked the indicator). */
  async function check(): Promise<void> {
    if (checking.value) return;
    checking.value = true;
    try {
      view.value = await call('connectivity:check', {});
    } catch {
      // As in load(): a failed check changes nothing the user can act on.
    } finally {
      checking.value = false;
    }
  }

  return { view, state, checking, load, check };
});
