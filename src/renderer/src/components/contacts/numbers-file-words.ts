import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';
import type { ImportPlanView } from '@shared/dto';
import type { ApiError } from '@renderer/api';
import { useImportFileError } from '@renderer/composables/contacts/import-file-error';
import { formatCount } from '@renderer/composables/use-money';
import { NO_PHONE_COLUMN } from '@renderer/stores/numbers-file-flow';

/** What NumbersFileSteps says at each step, in the user's language. */
export interface NumbersFileWords {
  reading: string;
  /** One sentence per fact of the file. */
  review: string[];
  done: string;
  confirm: string;
  cancel: string;
  pick: string;
  another: string;
  hint: string;
  saveErrors: string;
  /** Where the rejected lines were saved, once they were. */
  errorsSaved: string | null;
  problem: string;
}

/**
 * Where a use's messages live: `optOuts.file` (optOuts.fileReading, optOuts.fileFound…)
 * or `rules.block.` (rules.block.reading, rules.block.found…). Each has the same
 * words: reading, found, nothing, nineDigit, repeated, invalid, confirm, cancel,
 * pick, another, hint, saveErrors, errorsSaved, noPhone.
 */
export type NumbersFilePrefix = 'optOuts.file' | 'rules.block.';

/** The state of a numbers-file store (stores/numbers-file-flow.ts) the words are made from. */
export interface NumbersFileState {
  readonly fileName: string;
  readonly counts: ImportPlanView['counts'] | null;
  readonly nineDigitFixes: number;
  readonly errorsSaved: string | null;
  readonly error: ApiError | { code: typeof NO_PHONE_COLUMN } | null;
}

/** What only one use says: the review's sentence about the list the numbers join, and the saved result. */
export interface OwnWords {
  /** Second sentence of the review ('' for none): the numbers already there, the list replaced. */
  listNote(): string;
  done(): string;
}

/** The words of NumbersFileSteps for one use of it, from its messages' prefix and its store. */
export function useNumbersFileWords(
  prefix: NumbersFilePrefix,
  state: NumbersFileState,
  own: OwnWords,
): ComputedRef<NumbersFileWords> {
  const { t, locale } = useI18n();
  const fileErrorText = useImportFileError();
  const key = (word: string) =>
    prefix.endsWith('.') ? `${prefix}${word}` : `${prefix}${word[0]!.toUpperCase()}${word.slice(1)}`;
  const count = (n: number) => formatCount(n, locale.value);

  /** What the review says, one sentence per fact that is not zero. */
  const review = (): string[] => {
    const c = state.counts;
    if (!c) return [];
    const name = state.fileName;
    return [
      c.valid > 0 ? t(key('found'), { name, count: count(c.valid) }, c.valid) : t(key('nothing'), { name }),
      own.listNote(),
      state.nineDigitFixes > 0 ? t(key('nineDigit')) : '',
      c.duplicatesInFile > 0
        ? t(key('repeated'), { count: count(c.duplicatesInFile) }, c.duplicatesInFile)
        : '',
      c.invalid > 0 ? t(key('invalid'), { count: count(c.invalid) }, c.invalid) : '',
    ].filter(Boolean);
  };
  const problem = (): string => {
    const error = state.error;
    if (!error) return '';
    return error.code === NO_PHONE_COLUMN
      ? t(key('noPhone'), { name: state.fileName })
      : fileErrorText(error);
  };

  return computed(() => {
    const valid = state.counts?.valid ?? 0;
    return {
      reading: t(key('reading'), { name: state.fileName }),
      review: review(),
      done: own.done(),
      confirm: t(key('confirm'), { count: count(valid) }, valid),
      cancel: t(key('cancel')),
      pick: t(key('pick')),
      another: t(key('another')),
      hint: t(key('hint')),
      saveErrors: t(key('saveErrors')),
      errorsSaved: state.errorsSaved === null ? null : t(key('errorsSaved'), { name: state.errorsSaved }),
      problem: problem(),
    };
  });
}
