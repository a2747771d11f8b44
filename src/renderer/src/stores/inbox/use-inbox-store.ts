import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type { ConversationSummary, InboxListView } from '@shared/dto/inbox';
import { type ApiError, asApiError, call, onEvent } from '@renderer/api';
import { useDebounced } from '@renderer/composables/use-debounced';

/**
 * Respostas' list of conversations, and the navigation's unread badge (the
 * shell reads the list once for it; the page reads it with its filters).
 * New replies (`inbox:changed`) and a server connected or read
 * (`server:status`) read it again, so the badge and the page follow along.
 */
export const useInboxStore = defineStore('inbox', () => {
  const search = ref('');
  const unreadOnly = ref(false);
  const list = ref<InboxListView | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);
  /** The badge's figure: from the last list, or newer from an event. */
  const unread = ref(0);
  // Each read numbered: an answer that comes after a newer read started (the user typed on) is dropped.
  let reads = 0;

  async function load(): Promise<void> {
    const read = ++reads;
    loading.value = true;
    try {
      const text = search.value.trim();
      const next = await call('inbox:list', {
        ...(text ? { search: text } : {}),
        unreadOnly: unreadOnly.value,
      });
      if (read !== reads) return;
      list.value = next;
      unread.value = next.unread;
      error.value = null;
    } catch (failure) {
      if (read === reads) error.value = asApiError(failure);
    } finally {
      if (read === reads) loading.value = false;
    }
  }

  const searchLater = useDebounced(() => void load());
  function setSearch(text: string): void {
    search.value = text;
    searchLater();
  }
  function setUnreadOnly(only: boolean): void {
    unreadOnly.value = only;
    void load();
  }

  /** A conversation read again elsewhere (opened, marked handled): its row shows what was read last. */
  function patch(summary: ConversationSummary): void {
    const current = list.value;
    if (!current) return;
    const before = current.conversations.find((c) => c.phone === summary.phone);
    if (!before) return;
    const conversations = current.conversations.map((c) => (c.phone === summary.phone ? summary : c));
    const unreadChange = (summary.unread > 0 ? 1 : 0) - (before.unread > 0 ? 1 : 0);
    list.value = { ...current, conversations, unread: Math.max(0, current.unread + unreadChange) };
    unread.value = list.value.unread;
  }

  onScopeDispose(
    onEvent('inbox:changed', (event) => {
      unread.value = event.unread;
      void load();
    }),
  );
  onScopeDispose(
    // Connected, disconnected or read: whether replies can arrive, and what came, may have changed.
    onEvent('server:status', () => void load()),
  );

  const serverConnected = computed(() => list.value?.serverConnected ?? null);

  function clear(): void {
    reads++;
    searchLater.cancel();
    search.value = '';
    unreadOnly.value = false;
    list.value = null;
    error.value = null;
    unread.value = 0;
  }

  return {
    search,
    unreadOnly,
    list,
    error,
    loading,
    unread,
    serverConnected,
    load,
    setSearch,
    setUnreadOnly,
    patch,
    clear,
  };
});
