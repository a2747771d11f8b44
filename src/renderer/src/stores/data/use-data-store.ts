import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BackupsView, DataExportResult } from '../../../../shared/dto';
import { call } from '../../api';

/** Settings → Meus dados: "Exportar meus dados" and the backups made before data updates. */
export const useDataStore = defineStore('data', () => {
  const backups = ref<BackupsView | null>(null);
  const lastExport = ref<DataExportResult | null>(null);

  /** Throws an ApiError when the list cannot be read. */
  async function loadBackups(): Promise<void> {
    backups.value = await call('data:backups', {});
  }

  /** Asks where to save, then writes the ZIP; throws an ApiError when it could not be written. */
  async function exportData(): Promise<DataExportResult> {
    const result = await call('data:export', {});
    if (result.saved) lastExport.value = result;
    return result;
  }

  return { backups, lastExport, loadBackups, exportData };
});
