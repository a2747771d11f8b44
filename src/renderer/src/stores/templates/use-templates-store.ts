import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { TemplateCheckView, TemplateDeletedView, TemplateView } from '@shared/dto/templates';
import type { SmsTypeView } from '@shared/dto/campaigns';
import type { InputOf } from '@shared/ipc-contract';
import { templateNameKey } from '@shared/contract/templates';
import { type ApiError, asApiError, call } from '@renderer/api';

export type TemplateInput = InputOf<'templates:create'>;

/**
 * The saved messages (the Modelos page, and the composer's "Usar modelo"
 * and "Salvar como modelo"): the list, kept in name order; create, edit and
 * delete with undo until the core's deadline.
 */
export const useTemplatesStore = defineStore('templates', () => {
  const templates = ref<TemplateView[] | null>(null);
  const error = ref<ApiError | null>(null);
  const loading = ref(false);
  /** The last delete, while it can still be undone. */
  const undo = ref<TemplateDeletedView | null>(null);
  /** The SMS types a template may start a campaign with (the catalogue the composer uses). */
  const smsTypes = ref<SmsTypeView[] | null>(null);

  /** Folded names in use, so a form says "already used" before asking the core. */
  const nameKeys = computed(() => new Map((templates.value ?? []).map((t) => [templateNameKey(t.name), t])));

  async function load(): Promise<void> {
    loading.value = true;
    try {
      templates.value = await call('templates:list', {});
      error.value = null;
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      loading.value = false;
    }
  }

  /** Loads once (the composer's dialog asks each time it opens; the page reloads on mount). */
  async function ensureLoaded(): Promise<void> {
    if (templates.value === null) await load();
  }

  /** Throws an ApiError when the core refuses (a name in use, an unclosed field). */
  async function create(input: TemplateInput): Promise<TemplateView> {
    const created = await call('templates:create', input);
    await load();
    return created;
  }

  async function update(id: string, patch: Omit<InputOf<'templates:update'>, 'id'>): Promise<TemplateView> {
    const updated = await call('templates:update', { id, ...patch });
    await load();
    return updated;
  }

  /** Deletes at once and offers the undo until the core's deadline. */
  async function remove(id: string): Promise<TemplateDeletedView> {
    const deleted = await call('templates:delete', { id });
    undo.value = deleted;
    await load();
    return deleted;
  }

  async function undoDelete(): Promise<TemplateView | null> {
    const pending = undo.value;
    if (!pending) return null;
    undo.value = null;
    const restored = await call('templates:restore', { id: pending.id });
    await load();
    return restored;
  }

  async function loadSmsTypes(): Promise<void> {
    try {
      smsTypes.value = await call('campaigns:smsTypes', {});
    } catch {
      // Offline before the catalogue was ever read: the template keeps the service's default.
      smsTypes.value ??= [];
    }
  }

  /** A text as typed in the editor, checked against the whole contact book. */
  const checkText = (text: string): Promise<TemplateCheckView> => call('templates:check', { text });

  /** A new campaign with the template's text (copied: the template stays free to change), and its defaults. */
  async function startCampaign(template: TemplateView): Promise<string> {
    const campaign = await call('campaigns:create', { name: template.name });
    const options = {
      ...(template.from !== null ? { from: template.from } : {}),
      ...(template.smsTypeId !== null ? { smsTypeId: template.smsTypeId } : {}),
    };
    await call('campaigns:saveDraft', { id: campaign.id, template: template.text, options });
    return campaign.id;
  }

  function dismissUndo(): void {
    undo.value = null;
  }

  function clear(): void {
    templates.value = null;
    error.value = null;
    undo.value = null;
  }

  return {
    templates,
    error,
    loading,
    undo,
    smsTypes,
    nameKeys,
    load,
    ensureLoaded,
    create,
    update,
    remove,
    undoDelete,
    dismissUndo,
    loadSmsTypes,
    checkText,
    startCampaign,
    clear,
  };
});
