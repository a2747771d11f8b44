import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ImportPlanView, ImportPreviewView, ImportProgressView, ImportResultView } from '@shared/dto';
import type { ConsentFileEvidence } from '@shared/dto/contacts';
import type { ImportChangeView } from '@shared/dto/last-import';
import { ApiError, asApiError, call, isApiError, onEvent } from '@renderer/api';
import { type ColumnChoice, choicesOf, mappingOf } from '@renderer/composables/contacts/import-mapping';
import { type ConsentForm, consentForm, readConsentForm } from '@renderer/composables/contacts/consent-input';
import type { AppLocale } from '@renderer/i18n';
import { useContactsStore } from './use-contacts-store';
import { useLastImportStore } from './use-last-import-store';
import { useListsStore } from './use-lists-store';

/** The wizard's steps, in order. */
export const IMPORT_STEPS = ['pick', 'preview', 'mapping', 'review', 'importing', 'result'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

export type OnDuplicate = 'update' | 'skip';

/** The code `import:commit` fails with when the user cancelled (nothing was imported). */
export const IMPORT_CANCELLED = 'import_cancelled';

/** Contacts an update would change, read per click of "show more" (the plan holds the first 50). */
export const CHANGES_PAGE = 100;

/** The list the imported contacts join: none, one that exists, or a new one by name. */
export type ListChoice = { kind: 'none' } | { kind: 'existing'; id: string } | { kind: 'new'; name: string };

/**
 * The import wizard: one file at a time, from its bytes to the result. The
 * core keeps the parsed file under `importId`; this store only holds the
 * preview, the user's choices and what the core answers.
 */
const NO_EVIDENCE: ConsentFileEvidence = { words: null, channel: null, collectedBy: null };

/** The evidence goes with consent given (not legitimate interest), once the owner said any of it. */
function evidenceToSend(
  basis: string | undefined,
  e: ConsentFileEvidence,
): { consentEvidence?: ConsentFileEvidence } {
  const words = e.words?.trim() || null;
  const collectedBy = e.collectedBy?.trim() || null;
  if (basis !== 'consent' || (!words && !collectedBy && !e.channel)) return {};
  return { consentEvidence: { words, channel: e.channel, collectedBy } };
}

export const useImportStore = defineStore('import', () => {
  const contacts = useContactsStore();
  const lists = useListsStore();
  const lastImport = useLastImportStore();

  const step = ref<ImportStep>('pick');
  const fileName = ref('');
  const importId = ref<string | null>(null);
  const preview = ref<ImportPreviewView | null>(null);
  const choices = ref<ColumnChoice[]>([]);
  const plan = ref<ImportPlanView | null>(null);
  /** What an update would change in existing contacts: the plan's first ones, then as many as were asked for. */
  const changes = ref<ImportChangeView[]>([]);
  // Existing contacts stay as they are unless the user, having seen what would change, chooses otherwise.
  const onDuplicate = ref<OnDuplicate>('skip');
  const acceptNineDigit = ref(true);
  const listChoice = ref<ListChoice>({ kind: 'none' });
  /** One legal basis for the whole file (LGPD), chosen on the review step; 'none' records nothing. */
  const consent = ref<ConsentForm>(consentForm(null));
  const consentReading = computed(() => readConsentForm(consent.value));
  /** The evidence of that consent for the whole file (the words agreed to, the channel, who collected it). */
  const consentEvidence = ref<ConsentFileEvidence>({ ...NO_EVIDENCE });
  const progress = ref<ImportProgressView | null>(null);
  const result = ref<ImportResultView | null>(null);
  /** Why the file could not be opened (shown on the first step, with a way to pick another). */
  const fileError = ref<ApiError | null>(null);
  /** Why the last step failed (planning, importing). */
  const error = ref<ApiError | null>(null);
  /** The import was cancelled on the user's request. */
  const cancelled = ref(false);
  const busy = ref(false);
  const cancelling = ref(false);
  const errorsSaved = ref<string | null>(null);

  const stepIndex = computed(() => IMPORT_STEPS.indexOf(step.value));
  const headers = computed(() => preview.value?.headers ?? []);

  let stopProgress: (() => void) | undefined;

  /** `adopt`: while a file is being opened, its first event names the import (so reading can be cancelled). */
  function listenToProgress(adopt = false): void {
    stopProgress?.();
    stopProgress = onEvent('import:progress', (payload) => {
      if (adopt && importId.value === null) importId.value = payload.importId;
      if (payload.importId === importId.value) progress.value = payload;
    });
  }

  function stopListening(): void {
    stopProgress?.();
    stopProgress = undefined;
  }

  function usePreview(next: ImportPreviewView): void {
    preview.value = next;
    choices.value = choicesOf(next.mapping, next.headers, next.columnTypes);
    plan.value = null;
    changes.value = [];
  }

  /** Step 1: the file's bytes to the core, which reads and previews it. */
  async function open(file: File): Promise<void> {
    // One file at a time: a second pick while the first is read is refused out loud, not dropped in silence.
    if (busy.value) {
      fileError.value = new ApiError({
        code: 'import_busy',
        message: `"${fileName.value ?? ''}" is still being read: wait for it, or cancel it and pick "${file.name}" again.`,
        details: { params: { reading: fileName.value ?? '', picked: file.name } },
      });
      return;
    }
    await discard();
    busy.value = true;
    fileError.value = null;
    fileName.value = file.name;
    progress.value = null;
    listenToProgress(true);
    try {
      const data = new Uint8Array(await file.arrayBuffer());
      const opened = await call('import:open', { fileName: file.name, data });
      importId.value = opened.importId;
      usePreview(opened.preview);
      step.value = 'preview';
    } catch (failure) {
      importId.value = null;
      // Cancelled while reading: back to picking a file, with nothing to explain.
      if (!isApiError(failure, IMPORT_CANCELLED)) fileError.value = asApiError(failure);
    } finally {
      busy.value = false;
      cancelling.value = false;
      progress.value = null;
      stopListening();
    }
  }

  /** Step 2: read the file again with another encoding, delimiter or sheet. */
  async function reparse(options: { encoding?: string; delimiter?: string; sheet?: string }): Promise<void> {
    if (!importId.value) return;
    busy.value = true;
    error.value = null;
    try {
      usePreview(await call('import:reparse', { importId: importId.value, ...options }));
    } catch (failure) {
      error.value = asApiError(failure);
    } finally {
      busy.value = false;
    }
  }

  /** Step 4: what the import would do with these choices (nothing is written yet). */
  async function makePlan(locale: AppLocale): Promise<boolean> {
    if (!importId.value) return false;
    busy.value = true;
    error.value = null;
    progress.value = null;
    listenToProgress();
    try {
      plan.value = await call('import:plan', {
        importId: importId.value,
        mapping: mappingOf(choices.value),
        defaultCountry: 'BR',
        acceptNineDigitFix: acceptNineDigit.value,
        locale,
      });
      changes.value = plan.value.changes.items;
      return true;
    } catch (failure) {
      error.value = asApiError(failure);
      return false;
    } finally {
      busy.value = false;
      progress.value = null;
      stopListening();
    }
  }

  /** The next page of what an update would change (the review's "show more"). */
  async function moreChanges(): Promise<void> {
    const id = importId.value;
    if (!id || !plan.value || changes.value.length >= plan.value.changes.total) return;
    const page = await call('import:changes', {
      importId: id,
      offset: changes.value.length,
      limit: CHANGES_PAGE,
    });
    if (id === importId.value && page.offset === changes.value.length) {
      changes.value = [...changes.value, ...page.items];
    }
  }

  function listName(): string | undefined {
    const choice = listChoice.value;
    if (choice.kind === 'existing') return lists.byId.get(choice.id)?.name;
    if (choice.kind === 'new') return choice.name.trim().replace(/\s+/g, ' ');
    return undefined;
  }

  /** Step 5: the import itself, one transaction in the core, with progress and cancel. */
  async function start(): Promise<void> {
    const given = consentReading.value;
    if (!importId.value || busy.value || !given.ok) return;
    busy.value = true;
    error.value = null;
    cancelled.value = false;
    progress.value = null;
    step.value = 'importing';
    listenToProgress();
    const name = listName();
    try {
      const done = await call('import:commit', {
        importId: importId.value,
        onDuplicate: onDuplicate.value,
        ...(name ? { listName: name } : {}),
        ...(given.consent ? { consent: { ...given.consent } } : {}),
        ...evidenceToSend(given.consent?.basis, consentEvidence.value),
      });
      if (done.cancelled) {
        cancelled.value = true;
        step.value = 'review';
        return;
      }
      result.value = done;
      step.value = 'result';
      // The last import now: this one, offered for undo on the result step (unless it changed nothing).
      lastImport.dismissUndone();
      await Promise.all([contacts.reload(), lists.load(), lastImport.load()]);
    } catch (failure) {
      if (isApiError(failure, IMPORT_CANCELLED)) cancelled.value = true;
      else error.value = asApiError(failure);
      step.value = 'review';
    } finally {
      busy.value = false;
      cancelling.value = false;
      stopListening();
    }
  }

  /** Stops the import; the core rolls back, so nothing changes. */
  async function cancel(): Promise<void> {
    if (!importId.value || cancelling.value) return;
    cancelling.value = true;
    try {
      await call('import:cancel', { importId: importId.value });
    } catch {
      cancelling.value = false;
    }
  }

  /** Step 6: the rejected rows, in the file's own format with a reason column, where the user chooses. */
  async function saveErrorFile(locale: AppLocale): Promise<boolean> {
    if (!importId.value) return false;
    const saved = await call('import:saveErrorFile', { importId: importId.value, locale });
    if (saved.saved) errorsSaved.value = saved.fileName ?? '';
    return saved.saved;
  }

  function goTo(target: ImportStep): void {
    error.value = null;
    cancelled.value = false;
    step.value = target;
  }

  /** Lets the core forget a file the user walked away from. */
  async function discard(): Promise<void> {
    const id = importId.value;
    importId.value = null;
    if (id && step.value !== 'result') await call('import:cancel', { importId: id }).catch(() => undefined);
  }

  async function reset(): Promise<void> {
    await discard();
    stopListening();
    step.value = 'pick';
    fileName.value = '';
    preview.value = null;
    choices.value = [];
    plan.value = null;
    changes.value = [];
    onDuplicate.value = 'skip';
    acceptNineDigit.value = true;
    listChoice.value = { kind: 'none' };
    consent.value = consentForm(null);
    consentEvidence.value = { ...NO_EVIDENCE };
    progress.value = null;
    result.value = null;
    fileError.value = null;
    error.value = null;
    cancelled.value = false;
    busy.value = false;
    cancelling.value = false;
    errorsSaved.value = null;
  }

  return {
    step,
    stepIndex,
    fileName,
    importId,
    preview,
    headers,
    choices,
    plan,
    changes,
    onDuplicate,
    acceptNineDigit,
    listChoice,
    consent,
    consentReading,
    consentEvidence,
    progress,
    result,
    fileError,
    error,
    cancelled,
    busy,
    cancelling,
    errorsSaved,
    open,
    reparse,
    makePlan,
    moreChanges,
    start,
    cancel,
    saveErrorFile,
    goTo,
    reset,
  };
});
