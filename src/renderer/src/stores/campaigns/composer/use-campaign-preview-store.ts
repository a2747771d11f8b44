import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { CampaignPreviewView } from '@shared/dto/campaigns';
import { type ApiError, asApiError, call, isApiError } from '@renderer/api';

/** Names what a preview was merged from: the draft's text and its plain-letters choice. */
export const basisKey = (template: string, plainLetters: boolean) => `${plainLetters ? 1 : 0}:${template}`;

/**
 * The composer's preview: one recipient at a time with the message they get
 * (merged by the core from the saved draft), moved through with
 * next/previous or found by name or phone. Answers to a request the user
 * has already moved on from are dropped.
 */
export const useCampaignPreviewStore = defineStore('campaignPreview', () => {
  const campaignId = ref<string | null>(null);
  const index = ref(0);
  const preview = ref<CampaignPreviewView | null>(null);
  const loading = ref(false);
  const error = ref<ApiError | null>(null);
  /** The search that found nobody (the preview stays where it was). */
  const noMatch = ref<string | null>(null);
  /**
   * What the core merges from: the saved draft's text and plain-letters choice
   * (set by the composer on each save), and what the shown preview was merged
   * from. When they match what is typed, the preview's text is exact.
   */
  const basis = ref<string | null>(null);
  const shownBasis = ref<string | null>(null);
  let seq = 0;

  const total = computed(() => preview.value?.total ?? 0);

  async function fetch(input: { index?: number; query?: string }): Promise<CampaignPreviewView | null> {
    const id = campaignId.value;
    if (!id) return null;
    const mine = ++seq;
    const from = basis.value;
    loading.value = true;
    try {
      const answer = await call('campaigns:preview', { id, ...input });
      if (mine !== seq) return null;
      error.value = null;
      shownBasis.value = from;
      return answer;
    } catch (failure) {
      if (mine !== seq) return null;
      // A search that matches nobody is an answer, not a failure.
      if (input.query !== undefined && isApiError(failure, 'not_found')) {
        noMatch.value = input.query;
        return null;
      }
      error.value = asApiError(failure);
      return null;
    } finally {
      if (mine === seq) loading.value = false;
    }
  }

  function show(answer: CampaignPreviewView | null): void {
    if (!answer) return;
    preview.value = answer;
    index.value = answer.index;
  }

  /** The current recipient again (the draft changed). */
  async function load(): Promise<void> {
    show(await fetch({ index: index.value }));
  }

  /** Recipient `target`, wrapping around at both ends. */
  async function go(target: number): Promise<void> {
    noMatch.value = null;
    const count = total.value;
    const wrapped = count > 0 ? ((target % count) + count) % count : 0;
    index.value = wrapped;
    show(await fetch({ index: wrapped }));
  }

  const next = () => go(index.value + 1);
  const previous = () => go(index.value - 1);

  /** The first recipient whose name or phone matches. */
  async function search(text: string): Promise<void> {
    const query = text.trim();
    noMatch.value = null;
    if (query === '') return;
    const answer = await fetch({ query });
    if (answer && !answer.recipient && answer.total > 0) noMatch.value = query;
    else show(answer);
  }

  function reset(id: string | null = null): void {
    seq++;
    campaignId.value = id;
    index.value = 0;
    preview.value = null;
    basis.value = null;
    shownBasis.value = null;
    loading.value = false;
    error.value = null;
    noMatch.value = null;
  }

  return {
    index,
    preview,
    total,
    loading,
    error,
    noMatch,
    basis,
    shownBasis,
    load,
    go,
    next,
    previous,
    search,
    reset,
  };
});
