import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref } from 'vue';
import type {
  AudienceView,
  CampaignAudience,
  CampaignDraftFields,
  CampaignEstimateView,
  CampaignOptions,
  CampaignView,
  MergeFieldView,
  SmsTypeView,
  TestSendResult,
} from '@shared/dto/campaigns';
import type { SendingRules } from '@shared/dto/rules';
import type { InputOf } from '@shared/ipc-contract';
import { type ApiError, asApiError, call } from '@renderer/api';
import { type DraftField, draftProblems } from './draft-problems';
import { basisKey, useCampaignPreviewStore } from './use-campaign-preview-store';

/** Typing pauses this long before the draft is saved. */
export const AUTOSAVE_MS = 600;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

type OptionKey = keyof CampaignOptions;
/** A part of the draft changed since it was last saved. */
type DirtyKey = 'name' | 'template' | 'audience' | 'allowPartial' | `options.${OptionKey}`;

type SaveDraftInput = InputOf<'campaigns:saveDraft'>;

/** Changes that alter who receives what, and so the estimate and the preview. */
const CHANGES_MESSAGES = new Set<DirtyKey>([
  'template',
  'audience',
  'options.smsTypeId',
  'options.plainLetters',
  // Tracked links are counted at the short link's length.
  'options.linkTracking',
]);

const fieldOf = (key: DirtyKey): DraftField | null => {
  if (key === 'name' || key === 'template') return key;
  const option = key.startsWith('options.') ? key.slice(8) : '';
  return ['from', 'callbackUrl', 'scheduleAt'].includes(option) ? (option as DraftField) : null;
};

/**
 * The composer: the draft being edited, saved as the user types (debounced
 * `campaigns:saveDraft`), and what the core works out from it: audience
 * counts, merge fields, the estimate. A field with a problem is held back
 * (the last good value stays saved) and shown where it is typed.
 */
export const useComposerStore = defineStore('composer', () => {
  const preview = useCampaignPreviewStore();

  const campaign = ref<CampaignView | null>(null);
  const loadError = ref<ApiError | null>(null);
  const draft = ref<CampaignDraftFields & { allowPartial: boolean }>(emptyDraft());
  /** The text and plain-letters choice as last saved: what the core merges the preview from. */
  const savedTemplate = ref('');
  const savedPlain = ref(false);
  const saveState = ref<SaveState>('idle');
  const saveError = ref<ApiError | null>(null);
  const savedAt = ref<string | null>(null);
  const dirty = ref(new Set<DirtyKey>());

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

  const problems = computed(() => draftProblems(draft.value));
  const held = (key: DirtyKey) => {
    const field = fieldOf(key);
    return field !== null && problems.value[field] !== undefined;
  };
  /** Changes waiting for the autosave (those with a problem wait for the fix instead). */
  const unsaved = computed(() => [...dirty.value].some((key) => !held(key)));
  const heldBack = computed(() => [...dirty.value].some(held));
  /** A change to what is sent (text, audience, type, plain letters) is not saved yet: the estimate is about to change. */
  const messagesUnsaved = computed(() => [...dirty.value].some((key) => CHANGES_MESSAGES.has(key)));

  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | null = null;
  let estimateSeq = 0;
  onScopeDispose(() => clearTimeout(timer));

  function emptyDraft() {
    return {
      name: '',
      template: '',
      audience: { listIds: [] as string[], contactIds: [] as string[], segmentIds: [] as string[] },
      options: {
        smsTypeId: null,
        from: null,
        scheduleAt: null,
        timeZone: 'America/Sao_Paulo',
        flash: false,
        linkTracking: 'none' as const,
        callbackUrl: null,
        plainLetters: false,
      },
      allowPartial: false,
    };
  }

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
    await Promise.all([loadSmsTypes(), loadRules(), loadAudience(), loadEstimate(), preview.load()]);
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

  function inputOf(keys: DirtyKey[]): SaveDraftInput {
    const input: SaveDraftInput = { id: campaign.value!.id };
    const options: Partial<CampaignOptions> = {};
    for (const key of keys) {
      if (key === 'name') input.name = draft.value.name;
      else if (key === 'template') input.template = draft.value.template;
      else if (key === 'audience') input.audience = draft.value.audience;
      else if (key === 'allowPartial') input.allowPartial = draft.value.allowPartial;
      else {
        const option = key.slice(8) as OptionKey;
        (options as Record<string, unknown>)[option] = draft.value.options[option];
      }
    }
    if (Object.keys(options).length > 0) input.options = options;
    // A plain copy: IPC cannot clone Vue's reactive proxies (and the draft may change while it travels).
    return JSON.parse(JSON.stringify(input)) as SaveDraftInput;
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
    const input = inputOf(keys);
    const changesMessages = keys.some((key) => CHANGES_MESSAGES.has(key));
    // The figures shown are about to be replaced: say so from now, not only once the new estimate is asked for.
    if (changesMessages) estimateLoading.value = true;
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
        void refreshAfter(keys);
      } catch (failure) {
        // Nothing typed is lost: the keys go back, to be saved with the next change or retry.
        dirty.value = new Set([...dirty.value, ...keys]);
        saveError.value = asApiError(failure);
        saveState.value = 'error';
        if (changesMessages) estimateLoading.value = false;
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

  async function refreshAfter(keys: DirtyKey[]): Promise<void> {
    const work: Promise<void>[] = [];
    // The cost first: the core answers in the order asked, and it is what the user waits for.
    if (keys.some((key) => CHANGES_MESSAGES.has(key))) work.push(loadEstimate(), preview.load());
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

  /** Unread (a failure), the counts still show; only the prefix while typing and the cap's numbers wait. */
  async function loadRules(): Promise<void> {
    try {
      rules.value = (await call('rules:get', {})).rules;
    } catch {
      rules.value = null;
    }
  }

  async function loadAudience(): Promise<void> {
    const id = campaign.value?.id;
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
    const id = campaign.value?.id;
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

  /** The rendered message of recipient `index` to one number, before the campaign. */
  async function testSend(phone: string, index: number): Promise<TestSendResult> {
    if (!(await flush())) throw saveError.value;
    return call('campaigns:testSend', { id: campaign.value!.id, phone, index });
  }

  /** Freezes the draft into the outbox (works offline: the worker sends when it can). */
  async function send(): Promise<CampaignView> {
    if (!(await flush())) throw saveError.value;
    const sent = await call('campaigns:send', {
      id: campaign.value!.id,
      allowPartial: draft.value.allowPartial,
    });
    campaign.value = sent;
    return sent;
  }

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
    audience.value = null;
    audienceError.value = null;
    fields.value = null;
    estimate.value = null;
    estimateError.value = null;
    estimateLoading.value = false;
    rules.value = null;
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
    smsTypes,
    smsTypesError,
    audience,
    audienceError,
    fields,
    estimate,
    estimateError,
    estimateLoading,
    rules,
    open,
    setName,
    setTemplate,
    setAudience,
    setOption,
    setAllowPartial,
    save,
    flush,
    loadSmsTypes,
    loadAudience,
    loadEstimate,
    testSend,
    send,
    reset,
  };
});
