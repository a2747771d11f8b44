import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type {
  CampaignExportResult,
  CampaignNumbersPageView,
  CampaignNumberStatus,
  CampaignReportView,
} from '../../../../shared/dto/history';
import { asApiError, call, onEvent } from '../../api';
import { useDebounced } from '../../composables/use-debounced';
import { useFollow } from '../../composables/use-follow';
import { useKeyedLoad } from '../../composables/use-keyed-load';

/** How often the report of a campaign still sending is read again. */
export const REPORT_REFRESH_MS = 10_000;
export const REPORT_NUMBERS_PER_PAGE = 50;

/** One campaign's report: totals, chart, batches, and its numbers with filter and search. */
export const useCampaignReportStore = defineStore('campaign-report', () => {
  const campaignId = ref<string | null>(null);
  const status = ref<CampaignNumberStatus | null>(null);
  const query = ref('');
  const page = ref(1);
  // The core reads the campaign's unfinished sends before it answers.
  const reportRead = useKeyedLoad<CampaignReportView>(campaignId, (id) =>
    call('history:campaignReport', { campaignId: id }),
  );
  const numbersRead = useKeyedLoad<CampaignNumbersPageView>(campaignId, (id) =>
    call('history:campaignNumbers', {
      campaignId: id,
      query: query.value,
      page: page.value,
      perPage: REPORT_NUMBERS_PER_PAGE,
      ...(status.value ? { status: status.value } : {}),
    }),
  );

  async function loadNumbers(): Promise<void> {
    await numbersRead.load();
  }

  /** Reads the report again, then the numbers shown. */
  async function refresh(): Promise<void> {
    if (await reportRead.load()) await numbersRead.load();
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

  const searchSoon = useDebounced(() => void loadNumbers());

  /** Search as the user types: asks once the typing pauses. */
  function setQuery(text: string): void {
    query.value = text;
    page.value = 1;
    searchSoon();
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
  const { follow, unfollow, isFollowing } = useFollow(
    REPORT_REFRESH_MS,
    () => reportRead.value.value?.done,
    refresh,
  );

  onScopeDispose(
    onEvent('history:updated', ({ campaignIds }) => {
      if (campaignId.value !== null && campaignIds.includes(campaignId.value)) void refresh();
    }),
  );

  function clear(): void {
    unfollow();
    searchSoon.cancel();
    campaignId.value = null;
    reportRead.reset();
    numbersRead.reset();
    status.value = null;
    query.value = '';
    page.value = 1;
  }

  return {
    campaignId,
    report: reportRead.value,
    error: reportRead.error,
    loading: reportRead.loading,
    numbers: numbersRead.value,
    numbersError: numbersRead.error,
    numbersLoading: numbersRead.loading,
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
