import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type {
  CampaignExportResult,
  CampaignNumberStatus,
  CampaignNumberView,
  CampaignReportView,
} from '@shared/dto/history';
import { asApiError, call, onEvent } from '@renderer/api';
import { useDebounced } from '@renderer/composables/use-debounced';
import { useFollow } from '@renderer/composables/use-follow';
import { useKeyedLoad } from '@renderer/composables/use-keyed-load';
import { usePageCache } from '@renderer/composables/use-page-cache';

/** How often the report of a campaign still sending is read again. */
export const REPORT_REFRESH_MS = 10_000;
/** Messages per `history:campaignNumbers` read, as the table scrolls. */
export const REPORT_NUMBERS_PER_PAGE = 50;
/** Pages of messages kept in memory. */
const MAX_CACHED_PAGES = 12;

/**
 * One campaign's report: totals, chart, batches, and its messages with
 * filter and search. It opens from what Torpedo kept (at once), then reads
 * the service in the background while it may know more, saying so
 * (`refreshing`). The messages are read a page at a time as their table
 * scrolls: the renderer never holds a campaign's every message.
 */
export const useCampaignReportStore = defineStore('campaign-report', () => {
  const campaignId = ref<string | null>(null);
  const status = ref<CampaignNumberStatus | null>(null);
  const query = ref('');
  /** The search the messages shown are for (what was typed, once typing paused). */
  const appliedQuery = ref('');

  const keptRead = useKeyedLoad<CampaignReportView>(campaignId, (id) =>
    call('history:campaignReport', { campaignId: id, kept: true }),
  );
  // The core reads the campaign's unfinished sends before it answers.
  const serviceRead = useKeyedLoad<CampaignReportView>(campaignId, (id) =>
    call('history:campaignReport', { campaignId: id }),
  );
  const report = computed(() => serviceRead.value.value ?? keptRead.value.value);
  /** Nothing to show: the kept copy could not be read (nor the service's, when asked). */
  const error = computed(() => (report.value ? null : (keptRead.error.value ?? serviceRead.error.value)));
  /** The service is being asked while the kept copy shows. */
  const refreshing = computed(() => serviceRead.loading.value && report.value !== null);

  const numbers = usePageCache<CampaignNumberView>({
    pageSize: REPORT_NUMBERS_PER_PAGE,
    maxPages: MAX_CACHED_PAGES,
    read: (offset, limit) =>
      call('history:campaignNumbers', {
        campaignId: campaignId.value!,
        query: appliedQuery.value,
        page: offset / limit + 1,
        perPage: limit,
        ...(status.value ? { status: status.value } : {}),
      }),
  });

  const totals = (view: CampaignReportView | null) => JSON.stringify(view?.totals);

  /** Reads the service again, then the messages on screen when their statuses moved (the totals say). */
  async function refresh(): Promise<void> {
    const before = totals(report.value);
    if ((await serviceRead.load()) && totals(report.value) !== before) await numbers.refresh();
  }

  /**
   * The kept copy and its first messages, shown as soon as they come (the core answers them
   * without the network), while the service is asked for what changed since.
   */
  async function open(id: string): Promise<void> {
    if (campaignId.value !== id) {
      clear();
      campaignId.value = id;
    }
    await Promise.all([keptRead.load(), numbers.reload(), serviceRead.load()]);
    // The messages shown were read with the kept copy: again if the service moved them.
    if (serviceRead.value.value && totals(serviceRead.value.value) !== totals(keptRead.value.value))
      await numbers.refresh();
  }

  function setStatus(next: CampaignNumberStatus | null): Promise<void> {
    status.value = next;
    return numbers.reload();
  }

  const searchSoon = useDebounced(() => {
    appliedQuery.value = query.value;
    void numbers.reload();
  });

  /** Search as the user types: asks once the typing pauses. */
  function setQuery(text: string): void {
    query.value = text;
    searchSoon();
  }

  /** The per-number CSV, saved where the user chooses. Throws an ApiError when it cannot. */
  async function exportCsv(): Promise<CampaignExportResult> {
    if (campaignId.value === null) throw asApiError(new Error('No campaign is open.'));
    return call('history:exportCampaign', { campaignId: campaignId.value });
  }

  /** While the campaign may still change, reads the report again every REPORT_REFRESH_MS. */
  const { follow, unfollow, isFollowing } = useFollow(REPORT_REFRESH_MS, () => report.value?.done, refresh);

  onScopeDispose(
    onEvent('history:updated', ({ campaignIds }) => {
      if (campaignId.value !== null && campaignIds.includes(campaignId.value)) void refresh();
    }),
  );

  function clear(): void {
    unfollow();
    searchSoon.cancel();
    campaignId.value = null;
    keptRead.reset();
    serviceRead.reset();
    numbers.forget();
    status.value = null;
    query.value = '';
    appliedQuery.value = '';
  }

  return {
    campaignId,
    report,
    error,
    loading: serviceRead.loading,
    refreshing,
    numbersTotal: numbers.total,
    numberAt: numbers.rowAt,
    numbersInRange: numbers.ensureRange,
    numbersError: numbers.error,
    /** Reads the messages on screen again (their clicks moved). */
    refreshNumbers: () => numbers.refresh(),
    numbersLoading: numbers.loading,
    status,
    query,
    appliedQuery,
    isFollowing,
    open,
    refresh,
    setStatus,
    setQuery,
    exportCsv,
    follow,
    unfollow,
    clear,
  };
});
