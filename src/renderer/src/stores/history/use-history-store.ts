import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type { NumberOutcome, SendDetailView, SendNumberView, SendsPageView } from '@shared/dto/history';
import { type ApiError, asApiError, call, onEvent } from '@renderer/api';
import { useFollow } from '@renderer/composables/use-follow';
import { useKeyedLoad } from '@renderer/composables/use-keyed-load';
import { usePageCache } from '@renderer/composables/use-page-cache';

/** How often an open send still in progress is read again. */
export const SEND_REFRESH_MS = 5_000;
/** A send's numbers per `history:numbers` read, as their table scrolls. */
export const NUMBERS_PER_PAGE = 50;
const MAX_CACHED_PAGES = 12;

/**
 * The sends list, and the one send open with its numbers (read a page at a
 * time as their table scrolls). The core keeps a copy of everything, so
 * these work offline (the views say when it is stale).
 */
export const useHistoryStore = defineStore('history', () => {
  const sends = ref<SendsPageView | null>(null);
  const sendsError = ref<ApiError | null>(null);
  const sendsLoading = ref(false);

  /** The send the detail page shows; answers for another (a quick switch) are dropped. */
  const openId = ref<string | null>(null);
  const filter = ref<NumberOutcome | null>(null);
  const detail = useKeyedLoad<SendDetailView>(openId, (id) => call('history:send', { id }));
  const numbers = usePageCache<SendNumberView>({
    pageSize: NUMBERS_PER_PAGE,
    maxPages: MAX_CACHED_PAGES,
    read: (offset, limit) =>
      call('history:numbers', {
        id: openId.value!,
        page: offset / limit + 1,
        perPage: limit,
        ...(filter.value ? { status: filter.value } : {}),
      }),
  });

  async function loadSends(page = sends.value?.page ?? 1): Promise<void> {
    sendsLoading.value = true;
    try {
      sends.value = await call('history:sends', { page });
      sendsError.value = null;
    } catch (failure) {
      sendsError.value = asApiError(failure);
    } finally {
      sendsLoading.value = false;
    }
  }

  /** Reads the open send again (its summary, then the numbers on screen). */
  async function refreshSend(): Promise<void> {
    if (!(await detail.load())) return;
    await (numbers.total.value === null ? numbers.reload() : numbers.refresh());
  }

  async function openSend(id: string): Promise<void> {
    if (openId.value !== id) {
      forgetSend();
      openId.value = id;
    }
    await refreshSend();
  }

  function setFilter(status: NumberOutcome | null): Promise<void> {
    filter.value = status;
    return numbers.reload();
  }

  /** While the open send is not done, reads it again every SEND_REFRESH_MS. */
  const { follow, unfollow, isFollowing } = useFollow(
    SEND_REFRESH_MS,
    () => detail.value.value?.counts.done,
    refreshSend,
  );

  // The core's background refresh stored newer statuses: show them.
  onScopeDispose(
    onEvent('history:updated', ({ sendIds }) => {
      if (openId.value !== null && sendIds.includes(openId.value)) void refreshSend();
      if (sends.value?.sends.some((s) => sendIds.includes(s.id))) void loadSends();
    }),
  );

  /** The list page is left: its rows need not stay in memory. */
  function closeSends(): void {
    sends.value = null;
    sendsError.value = null;
  }

  function forgetSend(): void {
    openId.value = null;
    detail.reset();
    numbers.forget();
    filter.value = null;
  }

  /** The send page is left: stop following it and drop it. */
  function closeSend(): void {
    unfollow();
    forgetSend();
  }

  function clear(): void {
    closeSends();
    closeSend();
  }

  return {
    sends,
    sendsError,
    sendsLoading,
    send: detail.value,
    sendError: detail.error,
    sendLoading: detail.loading,
    numbersTotal: numbers.total,
    numberAt: numbers.rowAt,
    numbersInRange: numbers.ensureRange,
    numbersError: numbers.error,
    filter,
    isFollowing,
    loadSends,
    openSend,
    refreshSend,
    setFilter,
    follow,
    unfollow,
    closeSends,
    closeSend,
    clear,
  };
});
