import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type { ShortLinksPageView, ShortLinkView } from '@shared/dto/links';
import { call, onEvent } from '@renderer/api';
import { useKeyedLoad } from '@renderer/composables/use-keyed-load';

/** The Links page: the account's links a page at a time (offline from the kept copy), create and deactivate. */
export const useLinksStore = defineStore('links', () => {
  const page = ref(1);
  // The page shown is the key: an answer for a page the user has already left is dropped.
  const pageKey = ref<string | null>(null);
  const listRead = useKeyedLoad<ShortLinksPageView>(pageKey, (at) =>
    call('links:list', { page: Number(at) }),
  );

  async function load(): Promise<void> {
    pageKey.value = String(page.value);
    await listRead.load();
  }

  async function setPage(next: number): Promise<void> {
    page.value = next;
    await load();
  }

  /** Makes a link and shows the first page, where it now is. Throws an ApiError when it cannot. */
  async function create(url: string, title: string): Promise<ShortLinkView> {
    const link = await call('links:create', { url, ...(title.trim() ? { title } : {}) });
    await setPage(1);
    return link;
  }

  /** Throws an ApiError when it cannot. */
  async function deactivate(id: string): Promise<ShortLinkView> {
    const link = await call('links:deactivate', { id });
    const current = listRead.value.value;
    if (current) {
      listRead.value.value = { ...current, links: current.links.map((l) => (l.id === id ? link : l)) };
    }
    return link;
  }

  /** Puts the link's short address on the clipboard (main writes it). */
  async function copy(id: string): Promise<void> {
    await call('links:copy', { id });
  }

  /** A link read again elsewhere (its clicks panel): the row shows what was read last. */
  function patch(link: ShortLinkView): void {
    const current = listRead.value.value;
    if (current?.links.some((l) => l.id === link.id)) {
      listRead.value.value = { ...current, links: current.links.map((l) => (l.id === link.id ? link : l)) };
    }
  }

  // New clicks read in the background: the counts shown may have grown.
  onScopeDispose(onEvent('links:clicked', () => void load()));

  function clear(): void {
    page.value = 1;
    pageKey.value = null;
    listRead.reset();
  }

  return {
    page,
    list: listRead.value,
    error: listRead.error,
    loading: listRead.loading,
    load,
    setPage,
    create,
    deactivate,
    copy,
    patch,
    clear,
  };
});
