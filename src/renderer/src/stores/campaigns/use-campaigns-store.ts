import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type {
  CampaignProgressView,
  CampaignStatus,
  CampaignSummaryView,
  CampaignView,
} from '@shared/dto/campaigns';
import { type ApiError, asApiError, call, onEvent } from '@renderer/api';
import { isDelivering } from '@shared/campaign-delivering';

/** Statuses of a campaign the worker still has to deal with. */
export const ACTIVE_STATUSES: readonly CampaignStatus[] = ['queued', 'sending', 'paused', 'held'];

export const isActive = (status: CampaignStatus) => ACTIVE_STATUSES.includes(status);

/** Whether `next` is older than what is shown (events and call answers travel separately). */
const isStale = (shown: CampaignProgressView | null | undefined, next: CampaignProgressView) =>
  !!shown && next.updatedAt < shown.updatedAt;

/**
 * The campaigns page and the campaign page: the list (drafts, active,
 * finished), the campaign being looked at, and live progress from
 * `campaigns:progress` events, which update both.
 */
export const useCampaignsStore = defineStore('campaigns', () => {
  const campaigns = ref<CampaignSummaryView[] | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);
  /** The campaign page's campaign. */
  const current = ref<CampaignView | null>(null);
  const currentError = ref<ApiError | null>(null);

  const drafts = computed(() => (campaigns.value ?? []).filter((c) => c.status === 'draft'));
  // All out but still delivering (the service has not said every message reached a final state): in progress.
  const ongoing = (c: CampaignSummaryView) => isActive(c.status) || isDelivering(c.progress);
  const active = computed(() => (campaigns.value ?? []).filter(ongoing));
  const finished = computed(() =>
    (campaigns.value ?? []).filter(
      (c) => (c.status === 'completed' || c.status === 'cancelled') && !ongoing(c),
    ),
  );

  onScopeDispose(onEvent('campaigns:progress', (progress) => applyProgress(progress)));
  // The service's delivery counts of a campaign's sends changed: its progress carries them.
  onScopeDispose(
    onEvent('history:updated', ({ campaignIds }) => {
      const shown = new Set([...(campaigns.value ?? []).map((c) => c.id), current.value?.id]);
      for (const id of campaignIds) {
        if (shown.has(id)) void call('campaigns:progress', { id }).then(applyProgress, () => undefined);
      }
    }),
  );

  function applyProgress(progress: CampaignProgressView): void {
    const summary = campaigns.value?.find((c) => c.id === progress.campaignId);
    if (summary && !isStale(summary.progress, progress)) {
      summary.progress = progress;
      summary.status = progress.status;
    }
    const shown = current.value;
    if (shown?.id === progress.campaignId && !isStale(shown.progress, progress)) {
      shown.progress = progress;
      shown.status = progress.status;
      if (progress.status === 'completed' || progress.status === 'cancelled')
        shown.finishedAt ??= progress.updatedAt;
    }
  }

  async function load(): Promise<void> {
    loading.value = true;
    try {
      campaigns.value = await call('campaigns:list', {});
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  /** The campaign page: the campaign, then its latest progress (the campaign's copy may be older). */
  async function open(id: string): Promise<void> {
    if (current.value?.id !== id) current.value = null;
    currentError.value = null;
    try {
      current.value = await call('campaigns:get', { id });
      if (current.value.status !== 'draft') applyProgress(await call('campaigns:progress', { id }));
    } catch (failure) {
      currentError.value = asApiError(failure);
    }
  }

  /** A new draft, optionally for contacts chosen on the contacts page. */
  async function create(contactIds: string[] = []): Promise<CampaignView> {
    let campaign = await call('campaigns:create', {});
    if (contactIds.length > 0)
      campaign = await call('campaigns:saveDraft', {
        id: campaign.id,
        audience: { listIds: [], contactIds },
      });
    return campaign;
  }

  async function duplicate(id: string): Promise<CampaignView> {
    const copy = await call('campaigns:duplicate', { id });
    await load();
    return copy;
  }

  async function remove(id: string): Promise<void> {
    await call('campaigns:delete', { id });
    if (campaigns.value) campaigns.value = campaigns.value.filter((c) => c.id !== id);
    if (current.value?.id === id) current.value = null;
  }

  function adopt(campaign: CampaignView): void {
    if (current.value?.id === campaign.id) current.value = campaign;
    if (campaign.progress) applyProgress(campaign.progress);
    const summary = campaigns.value?.find((c) => c.id === campaign.id);
    if (summary) summary.status = campaign.status;
  }

  async function pause(id: string): Promise<void> {
    adopt(await call('campaigns:pause', { id }));
  }

  async function resume(id: string): Promise<void> {
    adopt(await call('campaigns:resume', { id }));
  }

  /** Removes only the batches not sent yet. */
  async function cancel(id: string): Promise<void> {
    adopt(await call('campaigns:cancel', { id }));
  }

  function clear(): void {
    campaigns.value = null;
    error.value = null;
    current.value = null;
    currentError.value = null;
  }

  return {
    campaigns,
    error,
    loading,
    current,
    currentError,
    drafts,
    active,
    finished,
    applyProgress,
    load,
    open,
    create,
    duplicate,
    remove,
    pause,
    resume,
    cancel,
    clear,
  };
});
