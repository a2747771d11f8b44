import { useRouter } from 'vue-router';
import { useCampaignsStore } from '../stores/campaigns/use-campaigns-store';
import { useAction } from './use-action';

/** "Nova campanha" from anywhere (the overview, Ctrl+N): a new draft, opened in the composer. */
export function useNewCampaign() {
  const store = useCampaignsStore();
  const router = useRouter();
  return useAction(async () => {
    const campaign = await store.create();
    await router.push(`/campaigns/${campaign.id}/edit`);
  });
}
