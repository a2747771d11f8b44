import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { InvoicesPageView } from '@shared/dto';
import { type ApiError, asApiError, call } from '@renderer/api';

export const INVOICES_PER_PAGE = 20;

export interface ExportResult {
  saved: boolean;
  fileName?: string;
  count: number;
  /** Exported from the copy kept on this computer (the service could not be reached). */
  stale: boolean;
}

/** The invoice history, one page at a time (the core keeps a copy for offline reading). */
export const useInvoicesStore = defineStore('invoices', () => {
  const page = ref<InvoicesPageView | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);

  async function load(pageNumber = page.value?.page ?? 1): Promise<void> {
    loading.value = true;
    try {
      page.value = await call('credits:invoices', { page: pageNumber, perPage: INVOICES_PER_PAGE });
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  /** Every invoice as CSV, saved where the user chooses. Throws an ApiError when it cannot. */
  async function exportCsv(): Promise<ExportResult> {
    const exported = await call('credits:exportInvoices', {});
    const result = await call('files:saveText', {
      suggestedName: exported.fileName,
      content: exported.csv,
      kind: 'csv',
    });
    return { ...result, count: exported.count, stale: exported.stale };
  }

  function clear(): void {
    page.value = null;
    error.value = null;
  }

  return { page, error, loading, load, exportCsv, clear };
});
