import { useRouter } from 'vue-router';
import { useAction } from './use-action';

/**
 * "Nova campanha" from anywhere (the overview, Ctrl+N): a new draft, opened in
 * the composer. The caller hands over how a draft is made (the campaigns
 * store's `create`): composables never import stores.
 */
export function useNewCampaign(createDraft: () => Promise<{ id: string }>) {
  const router = useRouter();
  return useAction(async () => {
    const campaign = await createDraft();
    await router.push(`/campaigns/${campaign.id}/edit`);
  });
}
