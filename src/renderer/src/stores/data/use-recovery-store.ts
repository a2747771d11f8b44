import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { DataRecoveryView } from '@shared/dto';
import { call } from '@renderer/api';

/**
 * Whether this start is on data put back after a failed update (then the
 * window shows only the recovery page). Read once, before the first route.
 */
export const useRecoveryStore = defineStore('recovery', () => {
  const recovery = ref<DataRecoveryView | null>(null);
  let loaded: Promise<void> | null = null;

  function ensureLoaded(): Promise<void> {
    loaded ??= call('data:recovery', {}).then(
      (view) => void (recovery.value = view),
      // A core that cannot say is not in recovery: the normal screens explain their own errors.
      () => undefined,
    );
    return loaded;
  }

  /** Puts the diagnostics report on the clipboard (main writes it), for support. */
  async function copyDiagnostics(): Promise<void> {
    await call('diagnostics:copy', {});
  }

  return { recovery, ensureLoaded, copyDiagnostics };
});
