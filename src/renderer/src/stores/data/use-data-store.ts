import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type { BackupsView, DataExportResult, DataNoticeView, RestoreResultView } from '@shared/dto';
import type { DeliveryStallView } from '@shared/dto/campaigns';
import { ApiError, call, onEvent } from '@renderer/api';

/**
 * Settings → Meus dados: "Exportar meus dados", the backups and their
 * restore; and what the owner must hear about the data folder wherever they
 * are: what this start did to it (a stray WAL set aside) and a delivery that
 * cannot go on (a full disk).
 */
export const useDataStore = defineStore('data', () => {
  const backups = ref<BackupsView | null>(null);
  const lastExport = ref<DataExportResult | null>(null);
  const notices = ref<DataNoticeView[]>([]);
  const stall = ref<DeliveryStallView | null>(null);

  onScopeDispose(onEvent('campaigns:deliveryStalled', (view) => (stall.value = view)));
  /** The stall as an error the window explains in its own words (by its code). */
  const stallError = computed(() =>
    stall.value ? new ApiError({ code: stall.value.code, message: stall.value.message }) : null,
  );

  /** Throws an ApiError when the list cannot be read. */
  async function loadBackups(): Promise<void> {
    backups.value = await call('data:backups', {});
  }

  /** What this start did to the data folder; nothing to say when it cannot be read. */
  async function loadNotices(): Promise<void> {
    notices.value = await call('data:notices', {}).catch(() => []);
  }

  function dismissNotices(): void {
    notices.value = [];
  }

  /** Asks where to save, then writes the ZIP; throws an ApiError when it could not be written. */
  async function exportData(): Promise<DataExportResult> {
    const result = await call('data:export', {});
    if (result.saved) lastExport.value = result;
    return result;
  }

  /**
   * Puts a backup back (the core keeps the current data in the backups folder
   * and starts again on it). The window then reloads: every screen reads the
   * restored data. Throws an ApiError (`data_in_use`, `data_damaged`...).
   */
  async function restore(name: string): Promise<RestoreResultView> {
    return call('data:restore', { name });
  }

  return {
    backups,
    lastExport,
    notices,
    stall,
    stallError,
    loadBackups,
    loadNotices,
    dismissNotices,
    exportData,
    restore,
  };
});
