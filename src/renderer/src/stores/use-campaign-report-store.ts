import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type {
  CampaignExportResult,
  CampaignNumbersPageView,
  CampaignNumberStatus,
  CampaignReportView,
} from '../../../shared/history-dto';
import { type ApiError, asApiError, call, onEvent } from '../api';

/** How often the report of a campaign still sending is read again. */
export const REPORT_REFRESH_MS = 10_000;
export const REPORT_NUMBERS_PER_PAGE = 50;
/** Typing in the search waits this long after the last key before asking. */
export const SEARCH_DELAY_MS = 250;

/** One campaign's report: totals, chart, batches, and its numbers with filter and search. */
export const useCampaignReportStore = defineStore('campaign-report', () => {
  const campaignId = ref<string | null>(null);
  const report = ref<CampaignReportView | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);
  const numbers = ref<CampaignNumbersPageView | null>(null);
  const numbersError = ref<ApiError | null>(null);
  const numbersLoading = ref(false);
  const status = ref<CampaignNumberStatus | null>(null);
  const query = ref('');
  const page = ref(1);
  const following = ref(false);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let searchTimer: ReturnType<typeof setTimeout> | null = null;

  async function loadNumbers(): Promise<void> {
    const id = campaignId.value;
    if (id === null) return;
    numbersLoading.value = true;
    try {
      const next = await call('history:campaignNumbers', {
        campaignId: id,
        query: query.value,
        page: page.value,
        perPage: REPORT_NUMBERS_PER_PAGE,
        ...(status.value ? { status: status.value } : {}),
      });
      if (campaignId.value !== id) return;
      numbers.value = next;
      numbersError.value = null;
    } catch (failure) {
      if (campaignId.value === id) numbersError.value = asApiError(failure);
    } finally {
      numbersLoading.value = false;
    }
  }

  /** Reads the report again (the core reads the unfinished sends first), then the numbers shown. */
  async function refresh(): Promise<void> {
    const id = campaignId.value;
    if (id === null) return;
    loading.value = true;
    try {
      const next = await call('history:campaignReport', { campaignId: id });
      if (campaignId.value !== id) return;
      report.value = next;
      error.value = null;
    } catch (failure) {
      if (campaignId.value === id) error.value = asApiError(failure);
      return;
    } finally {
      loading.value = false;
    }
    await loadNumbers();
  }

  async function open(id: string): Promise<void> {
    if (campaignId.value !== id) {
      clear();
      campaignId.value = id;
    }
    await refresh();
  }

  function setStatus(next: CampaignNumberStatus | null): Promise<void> {
    status.value = next;
    page.value = 1;
    return loadNumbers();
  }

  /** Search as the user types: asks once the typing pauses. */
  function setQuery(text: string): void {
    query.value = text;
    page.value = 1;
    if (searchTimer !== null) clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      searchTimer = null;
      void loadNumbers();
    }, SEARCH_DELAY_MS);
  }

  function setPage(next: number): Promise<void> {
    page.value = next;
    return loadNumbers();
  }

  /** The per-number CSV, saved where the user chooses. Throws an ApiError when it cannot. */
  async function exportCsv(): Promise<CampaignExportResult> {
    if (campaignId.value === null) throw asApiError(new Error('No campaign is open.'));
    return call('history:exportCampaign', { campaignId: campaignId.value });
  }

  /** While the campaign may still change, reads the report again every REPORT_REFRESH_MS. */
  function follow(): void {
    unfollow();
    following.value = true;
    const next = () => {
      timer = setTimeout(async () => {
        if (!following.value) return;
        if (report.value?.done) return void (following.value = false);
        await refresh();
        if (following.value) next();
      }, REPORT_REFRESH_MS);
    };
    next();
  }

  function unfollow(): void {
    following.value = false;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  onScopeDispose(
    onEvent('history:updated', ({ campaignIds }) => {
      if (campaignId.value !== null && campaignIds.includes(campaignId.value)) void refresh();
    }),
  );

  const isFollowing = computed(() => following.value && report.value !== null && !report.value.done);

  function clear(): void {
    unfollow();
    if (searchTimer !== null) clearTimeout(searchTimer);
    searchTimer = null;
    campaignId.value = null;
    report.value = null;
    error.value = null;
    numbers.value = null;
    numbersError.value = null;
    status.value = null;
    query.value = '';
    page.value = 1;
  }

  return {
    campaignId,
    report,
    error,
    loading,
    numbers,
    numbersError,
    numbersLoading,
    status,
    query,
    page,
    isFollowing,
    open,
    refresh,
    loadNumbers,
    setStatus,
    setQuery,
    setPage,
    exportCsv,
    follow,
    unfollow,
    clear,
  };
});
