import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AutoRechargeView } from '@shared/dto';
import type { InputOf } from '@shared/ipc-contract';
import { type ApiError, asApiError, call } from '@renderer/api';
import { useAccountStore } from './use-account-store';

/**
 * Auto-recharge and the low-balance alert. Read once signed in (the header's
 * warning needs the alert threshold) and after every save.
 */
export const useAutoRechargeStore = defineStore('autoRecharge', () => {
  const config = ref<AutoRechargeView | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);

  /** The alert is on and the balance has fallen below its threshold. */
  const lowBalance = computed(() => {
    const balance = useAccountStore().balance;
    const c = config.value;
    return !!c && !!balance && c.alertEnabled && balance.balance < c.alertThreshold;
  });

  async function load(): Promise<void> {
    loading.value = true;
    try {
      config.value = await call('account:autoRecharge', {});
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  /** Sends only what changed; throws an ApiError (fields named) when the core or the service refuses. */
  async function save(patch: InputOf<'account:updateAutoRecharge'>): Promise<void> {
    config.value = await call('account:updateAutoRecharge', patch);
    error.value = null;
  }

  function clear(): void {
    config.value = null;
    error.value = null;
  }

  return { config, error, loading, lowBalance, load, save, clear };
});
