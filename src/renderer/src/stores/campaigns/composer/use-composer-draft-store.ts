import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type { CampaignAudience, CampaignOptions, CampaignView } from '@shared/dto/campaigns';
import { type ApiError, asApiError, call } from '@renderer/api';
import {
  type ComposerDraft,
  type DirtyKey,
  type OptionKey,
  changesMessages,
  emptyDraft,
  fieldOf,
  saveInput,
} from './draft-parts';
import { draftProblems } from './draft-problems';
import { basisKey, useCampaignPreviewStore } from './use-campaign-preview-store';
import { useComposerFactsStore } from './use-composer-facts-store';

/** Typing pauses this long before the draft is saved. */
export const AUTOSAVE_MS = 600;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/**
 * The draft being edited, saved as the user types (debounced
 * `campaigns:saveDraft`, only the parts that changed). A field with a problem
 * is held back (the last good value stays saved) and shown where it is typed.
 * After a save it tells the composer's facts and preview what changed, so
 * they read again only what that affects.
 */
export const useComposerDraftStore = defineStore('composerDraft', () => {
  const facts = useComposerFactsStore();
  const preview = useCampaignPreviewStore();

  const campaign = ref<CampaignView | null>(null);
  const loadError = ref<ApiError | null>(null);
  const draft = ref<ComposerDraft>(emptyDraft());
  /** The text and plain-letters choice as last saved: what the core merges the preview from. */
  const savedTemplate = ref('');
  const savedPlain = ref(false);
  const saveState = ref<SaveState>('idle');
  const saveError = ref<ApiError | null>(null);
  const savedAt = ref<string | null>(null);
  const dirty = ref(new Set<DirtyKey>());

  const problems = computed(() => draftProblems(draft.value));
  const held = (key: DirtyKey) => {
    const field = fieldOf(key);
    return field !== null && problems.value[field] !== undefined;
  };
  /** Changes waiting for the autosave (those with a problem wait for the fix instead). */
  const unsaved = computed(() => [...dirty.value].some((key) => !held(key)));
  const heldBack = computed(() => [...dirty.value].some(held));
  /** A change to what is sent (text, audience, type, plain letters) is not saved yet: the estimate is about to change. */
  const messagesUnsaved = computed(() => changesMessages(dirty.value));

  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | null = null;
  onScopeDispose(() => clearTimeout(timer));

  /** Loads the draft `id` and, when it is still a draft, what the composer reads about it. */
  async function open(id: string): Promise<void> {
    if (campaign.value?.id !== id) reset();
    loadError.value = null;
    try {
      const loaded = await call('campaigns:get', { id });
      campaign.value = loaded;
      const { name, template, audience: who, options, allowPartial } = loaded;
      draft.value = { name, template, audience: structuredClone(who), options: { ...options }, allowPartial };
      savedTemplate.value = template;
      savedPlain.value = options.plainLetters;
      savedAt.value = loaded.updatedAt;
    } catch (failure) {
      loadError.value = asApiError(failure);
      return;
    }
    if (campaign.value.status !== 'draft') return;
    preview.reset(id);
    preview.basis = basisKey(savedTemplate.value, savedPlain.value);
    await facts.open(id);
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void save(), AUTOSAVE_MS);
  }

  function touch(key: DirtyKey): void {
    dirty.value = new Set(dirty.value).add(key);
    schedule();
  }

  function setName(name: string): void {
    draft.value.name = name;
    touch('name');
  }
  function setTemplate(template: string): void {
    draft.value.template = template;
    touch('template');
  }
  function setAudience(next: CampaignAudience): void {
    draft.value.audience = {
      listIds: [...next.listIds],
      contactIds: [...next.contactIds],
      segmentIds: [...next.segmentIds],
    };
    touch('audience');
    // A pick, not typing: nothing to wait for, the new cost is wanted now.
    void save();
  }
  function setOption<K extends OptionKey>(key: K, value: CampaignOptions[K]): void {
    draft.value.options[key] = value;
    touch(`options.${key}`);
  }
  function setAllowPartial(allow: boolean): void {
    draft.value.allowPartial = allow;
    touch('allowPartial');
  }

  /** Saves what changed now; one save at a time (changes made meanwhile follow in the next). */
  async function save(): Promise<void> {
    clearTimeout(timer);
    if (saving) return saving;
    if (!campaign.value || campaign.value.status !== 'draft') return;
    const keys = [...dirty.value].filter((key) => !held(key));
    if (keys.length === 0) return;
    const next = new Set(dirty.value);
    for (const key of keys) next.delete(key);
    dirty.value = next;
    const input = saveInput(campaign.value.id, draft.value, keys);
    const changes = changesMessages(keys);
    // The figures shown are about to be replaced: say so from now, not only once the new estimate is asked for.
    if (changes) facts.expectEstimate(true);
    saveState.value = 'saving';
    saving = (async () => {
      try {
        campaign.value = await call('campaigns:saveDraft', input);
        saveError.value = null;
        saveState.value = 'saved';
        savedAt.value = campaign.value.updatedAt;
        if (input.template !== undefined) savedTemplate.value = input.template;
        if (input.options?.plainLetters !== undefined) savedPlain.value = input.options.plainLetters;
        preview.basis = basisKey(savedTemplate.value, savedPlain.value);
        void facts.refreshAfter(keys);
      } catch (failure) {
        // Nothing typed is lost: the keys go back, to be saved with the next change or retry.
        dirty.value = new Set([...dirty.value, ...keys]);
        saveError.value = asApiError(failure);
        saveState.value = 'error';
        if (changes) facts.expectEstimate(false);
      }
    })();
    try {
      await saving;
    } finally {
      saving = null;
    }
    // (The save above may have failed: read the state again, as TypeScript cannot see it change.)
    if (unsaved.value && (saveState.value as SaveState) !== 'error') schedule();
  }

  /** Waits until everything savable is saved; false when the last save failed. */
  async function flush(): Promise<boolean> {
    if (saving) await saving;
    if (unsaved.value) await save();
    return saveState.value !== 'error';
  }

  /** Closes the draft (the page closed, or another draft opens), and what was read about it. */
  function reset(): void {
    clearTimeout(timer);
    campaign.value = null;
    loadError.value = null;
    draft.value = emptyDraft();
    savedTemplate.value = '';
    savedPlain.value = false;
    saveState.value = 'idle';
    saveError.value = null;
    savedAt.value = null;
    dirty.value = new Set();
    facts.reset();
  }

  return {
    campaign,
    loadError,
    draft,
    savedTemplate,
    saveState,
    saveError,
    savedAt,
    problems,
    unsaved,
    heldBack,
    messagesUnsaved,
    open,
    setName,
    setTemplate,
    setAudience,
    setOption,
    setAllowPartial,
    save,
    flush,
    reset,
  };
});
