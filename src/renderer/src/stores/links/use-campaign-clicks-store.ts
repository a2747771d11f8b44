import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type { CampaignClicksView } from '@shared/dto/links';
import { call, onEvent } from '@renderer/api';
import { useKeyedLoad } from '@renderer/composables/use-keyed-load';

/** A campaign report's clicks: each link of the campaign with its clicks, read again with the report. */
export const useCampaignClicksStore = defineStore('campaign-clicks', () => {
  const campaignId = ref<string | null>(null);
  const read = useKeyedLoad<CampaignClicksView>(campaignId, (id) =>
    call('links:campaign', { campaignId: id }),
  );

  async function open(id: string): Promise<void> {
    if (campaignId.value !== id) {
      read.reset();
      campaignId.value = id;
    }
    await read.load();
  }

  // The background read found new clicks of this campaign.
  onScopeDispose(
    onEvent('links:clicked', ({ campaignIds }) => {
      if (campaignId.value !== null && campaignIds.includes(campaignId.value)) void read.load();
    }),
  );

  function clear(): void {
    campaignId.value = null;
    read.reset();
  }

  return {
    campaignId,
    view: read.value,
    error: read.error,
    loading: read.loading,
    open,
    refresh: read.load,
    clear,
  };
});
