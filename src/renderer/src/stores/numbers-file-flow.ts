import { ref, type Ref } from 'vue';
import type { ImportPlanView } from '@shared/dto';
import type { AppLocale } from '@renderer/i18n';
import { type ApiError, asApiError, call } from '@renderer/api';

/** Where the import of a file of numbers stands: nothing, the file being read, waiting for a yes, saving, saved. */
export type NumbersFileStep = 'idle' | 'reading' | 'review' | 'saving' | 'done';

/** The file had no column of phone numbers the import could recognise. */
export const NO_PHONE_COLUMN = 'no_phone_column';

export interface NumbersFileOptions<R> {
  /** Saves the planned numbers (the user said yes). */
  save(importId: string): Promise<R>;
  /** After a save: what shows the numbers reads them again. */
  after?(): Promise<void>;
}

/**
 * A file of numbers (a one-column list, a DDD column beside the numbers, or
 * a sheet with a phone column) for a list of numbers: the opt-out list, a
 * block list. The contact import reads and checks it in its worker
 * (`import:open` for numbers, `import:plan`: any format, encoding and phone
 * format it takes), the user sees what it found, and only their yes writes
 * anything (`options.save`). Old 8-digit mobiles are taken with the 9 in
 * front: the number the person is reached on today. A store's setup.
 */
export function numbersFileFlow<R>(options: NumbersFileOptions<R>) {
  const step = ref<NumbersFileStep>('idle');
  const fileName = ref('');
  const importId = ref<string | null>(null);
  const counts = ref<ImportPlanView['counts'] | null>(null);
  /** Old 8-digit mobiles in the file, taken with the 9 in front. */
  const nineDigitFixes = ref(0);
  const result = ref<R | null>(null) as Ref<R | null>;
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
      const opened = await call('import:open', { fileName: file.name, data, purpose: 'numbers' });
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

  /** The user's yes: the numbers are saved where the flow saves them. */
  async function confirm(): Promise<void> {
    if (step.value !== 'review' || !importId.value) return;
    step.value = 'saving';
    try {
      result.value = await options.save(importId.value);
      step.value = 'done';
      await options.after?.();
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
}
