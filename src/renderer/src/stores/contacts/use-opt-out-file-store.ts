import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ImportOptOutResultView, ImportPlanView } from '../../../../shared/dto';
import type { AppLocale } from '../../i18n';
import { type ApiError, asApiError, call } from '../../api';
import { useOptOutsStore } from './use-opt-outs-store';

/** Where the import of a file of numbers stands: nothing, the file being read, waiting for a yes, saving, saved. */
export type OptOutFileStep = 'idle' | 'reading' | 'review' | 'saving' | 'done';

/** The file had no column of phone numbers the import could recognise. */
export const NO_PHONE_COLUMN = 'no_phone_column';

/**
 * A file of numbers (a one-column list, or a sheet with a phone column)
 * added to the opt-out list. The contact import reads and checks it in its
 * worker (`import:open`, `import:plan`: any format, encoding and phone
 * format it takes), the user sees what it found, and only their yes writes
 * anything (`import:optOut`). Old 8-digit mobiles opt out with the 9 in
 * front: the number the person is reached on today.
 */
export const useOptOutFileStore = defineStore('optOutFile', () => {
  const step = ref<OptOutFileStep>('idle');
  const fileName = ref('');
  const importId = ref<string | null>(null);
  const counts = ref<ImportPlanView['counts'] | null>(null);
  /** Old 8-digit mobiles in the file, opted out with the 9 in front. */
  const nineDigitFixes = ref(0);
  const result = ref<ImportOptOutResultView | null>(null);
  const error = ref<ApiError | { code: typeof NO_PHONE_COLUMN } | null>(null);
  const errorsSaved = ref<string | null>(null);
  // A pick still reading when the user starts over (or leaves the page) must not come back as a review.
  let generation = 0;

  async function pick(file: File, locale: AppLocale): Promise<void> {
    if (step.value === 'reading' || step.value === 'saving') return;
    await discard();
    const gen = generation;
    step.value = 'reading';
    fileName.value = file.name;
    error.value = null;
    try {
      const data = new Uint8Array(await file.arrayBuffer());
      const opened = await call('import:open', { fileName: file.name, data });
      if (gen !== generation) {
        await call('import:cancel', { importId: opened.importId }).catch(() => undefined);
        return;
      }
      importId.value = opened.importId;
      const { mapping } = opened.preview;
      if (mapping.phone === undefined) {
        error.value = { code: NO_PHONE_COLUMN };
        await discard();
        return;
      }
      const plan = await call('import:plan', {
        importId: opened.importId,
        mapping,
        defaultCountry: 'BR',
        acceptNineDigitFix: true,
        locale,
      });
      if (gen !== generation) return;
      counts.value = plan.counts;
      nineDigitFixes.value = plan.suggestions.total;
      step.value = 'review';
    } catch (failure) {
      if (gen !== generation) return;
      error.value = asApiError(failure);
      await discard();
    }
  }

  /** The user's yes: the numbers join the opt-out list. */
  async function confirm(): Promise<void> {
    if (step.value !== 'review' || !importId.value) return;
    step.value = 'saving';
    try {
      result.value = await call('import:optOut', { importId: importId.value });
      step.value = 'done';
      await useOptOutsStore().load(1);
    } catch (failure) {
      error.value = asApiError(failure);
      step.value = 'review';
    }
  }

  /** The rejected lines, in the file's own format with a reason column, where the user chooses. */
  async function saveErrors(locale: AppLocale): Promise<void> {
    if (!importId.value) return;
    try {
      const saved = await call('import:saveErrorFile', { importId: importId.value, locale });
      if (saved.saved) errorsSaved.value = saved.fileName ?? '';
    } catch (failure) {
      error.value = asApiError(failure);
    }
  }

  /**
   * Back to nothing. A file not saved yet is dropped in the core (nothing was
   * written); a saved one stays there for its error file until the core lets
   * idle imports go, as after the contact import's result.
   */
  async function discard(): Promise<void> {
    generation++;
    const id = importId.value;
    const saved = step.value === 'done';
    importId.value = null;
    step.value = 'idle';
    counts.value = null;
    nineDigitFixes.value = 0;
    result.value = null;
    errorsSaved.value = null;
    if (id && !saved) await call('import:cancel', { importId: id }).catch(() => undefined);
  }

  /** Starts over: also forgets the last error. */
  async function reset(): Promise<void> {
    error.value = null;
    await discard();
  }

  return {
    step,
    fileName,
    counts,
    nineDigitFixes,
    result,
    error,
    errorsSaved,
    pick,
    confirm,
    saveErrors,
    discard,
    reset,
  };
});
