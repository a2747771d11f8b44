import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type {
  NumberOutcome,
  SendDetailView,
  SendNumbersPageView,
  SendsPageView,
} from '../../../../shared/dto/history';
import { type ApiError, asApiError, call, onEvent } from '../../api';
import { useFollow } from '../../composables/use-follow';
import { useKeyedLoad } from '../../composables/use-keyed-load';

/** How often an open send still in progress is read again. */
export const SEND_REFRESH_MS = 5_000;
export const NUMBERS_PER_PAGE = 50;

/**
 * The sends list, and the one send open with its numbers. The core keeps a
 * copy of everything, so these work offline (the views say when it is stale).
 */
export const useHistoryStore = defineStore('history', () => {
  const sends = ref<SendsPageView | null>(null);
  const sendsError = ref<ApiError | null>(null);
  const sendsLoading = ref(false);

  /** The send the detail page shows; answers for another (a quick switch) are dropped. */
  const openId = ref<string | null>(null);
  const filter = ref<NumberOutcome | null>(null);
  const numbersPage = ref(1);
  const detail = useKeyedLoad<SendDetailView>(openId, (id) => call('history:send', { id }));
  const numbersRead = useKeyedLoad<SendNumbersPageView>(openId, (id) =>
    call('history:numbers', {
      id,
      page: numbersPage.value,
      perPage: NUMBERS_PER_PAGE,
      ...(filter.value ? { status: filter.value } : {}),
    }),
  );

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

  async function loadNumbers(): Promise<void> {
    await numbersRead.load();
  }

  /** Reads the open send again (its summary, then the numbers page shown). */
  async function refreshSend(): Promise<void> {
    if (await detail.load()) await numbersRead.load();
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
    numbersPage.value = 1;
    return loadNumbers();
  }

  function setNumbersPage(page: number): Promise<void> {
    numbersPage.value = page;
    return loadNumbers();
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
    numbersRead.reset();
    filter.value = null;
    numbersPage.value = 1;
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
    numbers: numbersRead.value,
    numbersError: numbersRead.error,
    numbersLoading: numbersRead.loading,
    filter,
    numbersPage,
    isFollowing,
    loadSends,
    openSend,
    refreshSend,
    loadNumbers,
    setFilter,
    setNumbersPage,
    follow,
    unfollow,
    closeSends,
    closeSend,
    clear,
  };
});
