import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AudienceView, CampaignEstimateView, MergeFieldView, SmsTypeView } from '@shared/dto/campaigns';
import type { HowToStopView, SendingRules } from '@shared/dto/rules';
import { frameOf, NO_FRAME, type MessageFrame } from '@shared/rules/message-frame';
import { type ApiError, asApiError, call } from '@renderer/api';
import { type DirtyKey, changesMessages } from './draft-parts';
import { useCampaignPreviewStore } from './use-campaign-preview-store';

/**
 * What the composer reads about the saved draft, worked out by the core: the
 * audience's counts and merge fields, the estimate, and beside them the SMS
 * types and the sending rules. Read when the draft opens, and again after
 * each save for only what the saved parts change (the draft store says which).
 */
export const useComposerFactsStore = defineStore('composerFacts', () => {
  const preview = useCampaignPreviewStore();

  /** The draft these facts are about (null once the composer closes). */
  const campaignId = ref<string | null>(null);
  const smsTypes = ref<SmsTypeView[] | null>(null);
  const smsTypesError = ref<ApiError | null>(null);
  const audience = ref<AudienceView | null>(null);
  const audienceError = ref<ApiError | null>(null);
  const fields = ref<MergeFieldView[] | null>(null);
  const estimate = ref<CampaignEstimateView | null>(null);
  const estimateError = ref<ApiError | null>(null);
  const estimateLoading = ref(false);
  /** The owner's sending rules: the business name put in front of each message, the cap's numbers. Null until read. */
  const rules = ref<SendingRules | null>(null);
  /** "Como sair" now: whether messages end with it, and whether a server reads the replies. Null until read. */
  const howToStop = ref<HowToStopView | null>(null);
  /** What the rules put around the message (name, "Como sair"), as the core does: the live count matches the cost. */
  const frame = computed<MessageFrame>(() =>
    rules.value ? frameOf(rules.value, howToStop.value?.serverConnected ?? false) : NO_FRAME,
  );

  let estimateSeq = 0;

  /** Everything, for the draft `id` just opened (its preview included). */
  async function open(id: string): Promise<void> {
    campaignId.value = id;
    await Promise.all([loadSmsTypes(), loadRules(), loadAudience(), loadEstimate(), preview.load()]);
  }

  /** A save that changes what is sent has left: the figures shown are about to be replaced (false: it failed, they stay). */
  function expectEstimate(expected: boolean): void {
    estimateLoading.value = expected;
  }

  /** Reads again what the saved `keys` change. */
  async function refreshAfter(keys: DirtyKey[]): Promise<void> {
    const work: Promise<void>[] = [];
    // The cost first: the core answers in the order asked, and it is what the user waits for.
    if (changesMessages(keys)) work.push(loadEstimate(), preview.load());
    if (keys.includes('audience')) work.push(loadAudience());
    await Promise.all(work);
  }

  async function loadSmsTypes(): Promise<void> {
    try {
      smsTypes.value = await call('campaigns:smsTypes', {});
      smsTypesError.value = null;
    } catch (failure) {
      smsTypesError.value = asApiError(failure);
    }
  }

  /** Unread (a failure), the counts still show; only the frame while typing and the cap's numbers wait. */
  async function loadRules(): Promise<void> {
    try {
      const view = await call('rules:get', {});
      rules.value = view.rules;
      howToStop.value = view.howToStop;
    } catch {
      rules.value = null;
      howToStop.value = null;
    }
  }

  async function loadAudience(): Promise<void> {
    const id = campaignId.value;
    if (!id) return;
    try {
      const [counts, merge] = await Promise.all([
        call('campaigns:audience', { id }),
        call('campaigns:fields', { id }),
      ]);
      audience.value = counts;
      fields.value = merge;
      audienceError.value = null;
    } catch (failure) {
      audienceError.value = asApiError(failure);
    }
  }

  async function loadEstimate(): Promise<void> {
    const id = campaignId.value;
    if (!id) return;
    const seq = ++estimateSeq;
    estimateLoading.value = true;
    try {
      const next = await call('campaigns:estimate', { id });
      if (seq !== estimateSeq) return;
      estimate.value = next;
      estimateError.value = null;
    } catch (failure) {
      if (seq === estimateSeq) estimateError.value = asApiError(failure);
    } finally {
      if (seq === estimateSeq) estimateLoading.value = false;
    }
  }

  /** Forgets the draft's facts; the SMS types are the account's, not the draft's, and stay. */
  function reset(): void {
    campaignId.value = null;
    audience.value = null;
    audienceError.value = null;
    fields.value = null;
    estimate.value = null;
    estimateError.value = null;
    estimateLoading.value = false;
    rules.value = null;
    howToStop.value = null;
  }

  return {
    smsTypes,
    smsTypesError,
    audience,
    audienceError,
    fields,
    estimate,
    estimateError,
    estimateLoading,
    rules,
    howToStop,
    frame,
    open,
    expectEstimate,
    refreshAfter,
    loadSmsTypes,
    loadAudience,
    loadEstimate,
    reset,
  };
});
