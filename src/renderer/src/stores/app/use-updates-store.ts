import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import { updateBanner } from '@shared/update-banner';
import type { RestartOutcome, UpdateStatusView } from '@shared/dto/updates';
import { call, onEvent } from '@renderer/api';

/**
 * The app's updates, as main's updater reports them (Settings → Sobre and
 * the restart banner). Follows `updates:changed`; the banner's wording is
 * decided by shared/update-banner.ts.
 */
export const useUpdatesStore = defineStore('updates', () => {
  const status = ref<UpdateStatusView | null>(null);
  /** The version whose banner the user put off with "Later", until the app starts again. */
  const dismissedVersion = ref<string | null>(null);

  onScopeDispose(onEvent('updates:changed', (next) => (status.value = next)));

  const banner = computed(() => updateBanner(status.value, dismissedVersion.value));

  async function load(): Promise<void> {
    try {
      status.value = await call('updates:status', {});
    } catch {
      // No status, no banner: updates are never in the way of the app.
    }
  }

  async function check(): Promise<void> {
    status.value = await call('updates:check', {});
  }

  /** `delivering`: refused because a campaign is being sent; the caller asks the user. */
  async function restart(whenIdle: boolean): Promise<RestartOutcome> {
    const { outcome } = await call('updates:restart', { whenIdle });
    return outcome;
  }

  async function cancelRestart(): Promise<void> {
    status.value = await call('updates:cancelRestart', {});
  }

  function dismiss(): void {
    dismissedVersion.value = status.value?.available?.version ?? null;
  }

  return { status, banner, load, check, restart, cancelRestart, dismiss };
});
