import type { Core } from '../../core/kernel/create-core';
import type { CampaignSummaryView } from '../../shared/dto/campaigns';
import type { DeliveryWatch } from './updater-service';

/** Campaign states in which the outbox still has messages to hand to the service. */
const DELIVERING = new Set(['queued', 'sending']);

/**
 * Whether the outbox is delivering, asked of the core through its own
 * channel (main never reaches into the core's modules), and re-asked on
 * every campaign progress event and sign-in change.
 */
export function coreDeliveryWatch(core: Pick<Core, 'dispatch' | 'onEvent'>): DeliveryWatch {
  return {
    isDelivering: async () => {
      const result = await core.dispatch('campaigns:list', {});
      // Signed out: no outbox runs.
      if (!result.ok) return false;
      return (result.value as CampaignSummaryView[]).some((campaign) => DELIVERING.has(campaign.status));
    },
    onChange: (listener) =>
      core.onEvent((event) => {
        if (event === 'campaigns:progress' || event === 'session:changed') listener();
      }),
  };
}
