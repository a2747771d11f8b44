import type { CampaignDraftFields, CampaignOptions } from '@shared/dto/campaigns';
import type { InputOf } from '@shared/ipc-contract';
import type { DraftField } from './draft-problems';

/** What the composer edits: the draft's fields and whether it may go out short of credits. */
export type ComposerDraft = CampaignDraftFields & { allowPartial: boolean };

export type OptionKey = keyof CampaignOptions;
/** A part of the draft changed since it was last saved. */
export type DirtyKey = 'name' | 'template' | 'audience' | 'allowPartial' | `options.${OptionKey}`;

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

export const changesMessages = (keys: Iterable<DirtyKey>): boolean =>
  [...keys].some((key) => CHANGES_MESSAGES.has(key));

/** The field a key is checked as (a key with none is never held back). */
export const fieldOf = (key: DirtyKey): DraftField | null => {
  if (key === 'name' || key === 'template') return key;
  const option = key.startsWith('options.') ? key.slice(8) : '';
  return ['from', 'callbackUrl', 'scheduleAt'].includes(option) ? (option as DraftField) : null;
};

export function emptyDraft(): ComposerDraft {
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

/** The `campaigns:saveDraft` input that saves the parts `keys` names, as they are in `draft` now. */
export function saveInput(id: string, draft: ComposerDraft, keys: DirtyKey[]): SaveDraftInput {
  const input: SaveDraftInput = { id };
  const options: Partial<CampaignOptions> = {};
  for (const key of keys) {
    if (key === 'name') input.name = draft.name;
    else if (key === 'template') input.template = draft.template;
    else if (key === 'audience') input.audience = draft.audience;
    else if (key === 'allowPartial') input.allowPartial = draft.allowPartial;
    else {
      const option = key.slice(8) as OptionKey;
      (options as Record<string, unknown>)[option] = draft.options[option];
    }
  }
  if (Object.keys(options).length > 0) input.options = options;
  // A plain copy: IPC cannot clone Vue's reactive proxies (and the draft may change while it travels).
  return JSON.parse(JSON.stringify(input)) as SaveDraftInput;
}
