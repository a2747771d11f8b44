import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type {
  NumberOutcome,
  SendDetailView,
  SendNumbersPageView,
  SendsPageView,
} from '../../../shared/history-dto';
import { type ApiError, asApiError, call, onEvent } from '../api';

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

  const send = ref<SendDetailView | null>(null);
  const sendError = ref<ApiError | null>(null);
  const sendLoading = ref(false);
  const numbers = ref<SendNumbersPageView | null>(null);
  const numbersError = ref<ApiError | null>(null);
  const numbersLoading = ref(false);
  const filter = ref<NumberOutcome | null>(null);
  const numbersPage = ref(1);
  /** The send the detail page shows; answers for another (a quick switch) are dropped. */
  const openId = ref<string | null>(null);

  let timer: ReturnType<typeof setTimeout> | null = null;
  const following = ref(false);

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
    const id = openId.value;
    if (id === null) return;
    numbersLoading.value = true;
    try {
      const page = await call('history:numbers', {
        id,
        page: numbersPage.value,
        perPage: NUMBERS_PER_PAGE,
        ...(filter.value ? { status: filter.value } : {}),
      });
      if (openId.value !== id) return;
      numbers.value = page;
      numbersError.value = null;
    } catch (failure) {
      if (openId.value === id) numbersError.value = asApiError(failure);
    } finally {
      numbersLoading.value = false;
    }
  }

  /** Reads the open send again (its summary, then the numbers page shown). */
  async function refreshSend(): Promise<void> {
    const id = openId.value;
    if (id === null) return;
    sendLoading.value = true;
    try {
      const detail = await call('history:send', { id });
      if (openId.value !== id) return;
      send.value = detail;
      sendError.value = null;
    } catch (failure) {
      if (openId.value === id) sendError.value = asApiError(failure);
      return;
    } finally {
      sendLoading.value = false;
    }
    await loadNumbers();
  }

  async function openSend(id: string): Promise<void> {
    if (openId.value !== id) {
      openId.value = id;
      send.value = null;
      sendError.value = null;
      numbers.value = null;
      numbersError.value = null;
      filter.value = null;
      numbersPage.value = 1;
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
  function follow(): void {
    unfollow();
    following.value = true;
    const next = () => {
      timer = setTimeout(async () => {
        if (!following.value) return;
        if (send.value?.counts.done) return void (following.value = false);
        await refreshSend();
        if (following.value) next();
      }, SEND_REFRESH_MS);
    };
    next();
  }

  function unfollow(): void {
    following.value = false;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  // The core's background refresh stored newer statuses: show them.
  onScopeDispose(
    onEvent('history:updated', ({ sendIds }) => {
      if (openId.value !== null && sendIds.includes(openId.value)) void refreshSend();
      if (sends.value?.sends.some((s) => sendIds.includes(s.id))) void loadSends();
    }),
  );

  const isFollowing = computed(() => following.value && send.value !== null && !send.value.counts.done);

  /** The list page is left: its rows need not stay in memory. */
  function closeSends(): void {
    sends.value = null;
    sendsError.value = null;
  }

  /** The send page is left: stop following it and drop it. */
  function closeSend(): void {
    unfollow();
    openId.value = null;
    send.value = null;
    sendError.value = null;
    numbers.value = null;
    numbersError.value = null;
    filter.value = null;
    numbersPage.value = 1;
  }

  function clear(): void {
    closeSends();
    closeSend();
  }

  return {
    sends,
    sendsError,
    sendsLoading,
    send,
    sendError,
    sendLoading,
    numbers,
    numbersError,
    numbersLoading,
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
