import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type { CampaignStatus, HoldView } from '@shared/dto/campaigns';
import { call, onEvent } from '@renderer/api';

export interface BuyingFor {
  id: string;
  name: string;
  status: CampaignStatus;
  hold: HoldView | null;
  /** R$ missing, as the button that brought the owner here said. */
  need: number;
}

/**
 * The campaign a purchase is for, when the owner came from its "Comprar
 * créditos (faltam R$ 4,54)" button: its name for the note on the credits
 * page, and its hold followed live (`campaigns:progress`), so that after
 * the purchase the page says it is resuming only once it is.
 */
export const useBuyingForStore = defineStore('buyingFor', () => {
  const campaign = ref<BuyingFor | null>(null);

  onScopeDispose(
    onEvent('campaigns:progress', (progress) => {
      const c = campaign.value;
      if (c && c.id === progress.campaignId) {
        campaign.value = { ...c, status: progress.status, hold: progress.hold };
      }
    }),
  );

  /** Looks the campaign up; without it (deleted meanwhile) there is simply no note. */
  async function open(id: string, need: number): Promise<void> {
    try {
      const view = await call('campaigns:get', { id });
      campaign.value = {
        id,
        name: view.name,
        status: view.progress?.status ?? view.status,
        hold: view.progress?.hold ?? null,
        need,
      };
    } catch {
      campaign.value = null;
    }
  }

  function clear(): void {
    campaign.value = null;
  }

  return { campaign, open, clear };
});
