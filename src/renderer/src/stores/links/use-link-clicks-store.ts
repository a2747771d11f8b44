import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { LinkClicksView } from '@shared/dto/links';
import { call } from '@renderer/api';
import { useKeyedLoad } from '@renderer/composables/use-keyed-load';

/** The link whose clicks are open on the Links page: its chart and a page of its clicks. */
export const useLinkClicksStore = defineStore('link-clicks', () => {
  const linkId = ref<string | null>(null);
  const page = ref(1);
  const read = useKeyedLoad<LinkClicksView>(linkId, (id) => call('links:clicks', { id, page: page.value }));

  async function open(id: string): Promise<void> {
    if (linkId.value !== id) {
      read.reset();
      page.value = 1;
      linkId.value = id;
    }
    await read.load();
  }

  async function setPage(next: number): Promise<void> {
    page.value = next;
    await read.load();
  }

  function close(): void {
    linkId.value = null;
    read.reset();
  }

  return {
    linkId,
    page,
    view: read.value,
    error: read.error,
    loading: read.loading,
    open,
    setPage,
    refresh: read.load,
    close,
  };
});
