import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BlockImportMode, BlockImportResultView, BlockSource } from '@shared/dto/rules';
import type { AppLocale } from '@renderer/i18n';
import { asApiError, call } from '@renderer/api';
import { APP_ERROR_CODES } from '@shared/app-error';
import { numbersFileFlow } from '../numbers-file-flow';
import { useRulesStore } from './use-rules-store';

export { NO_PHONE_COLUMN, type NumbersFileStep as BlockListFileStep } from '../numbers-file-flow';

/**
 * A block list from a file (Procon-SP's "Não Me Ligue" or another list of
 * numbers): read and checked by the import (the shared numbers-file flow),
 * shown, and saved with `import:block` only on the owner's yes. Into a list
 * that has numbers the owner also says whether the file replaces them or
 * adds to them (`mode`; the core refuses without it), so a small file never
 * replaces a large list by accident.
 */
export const useBlockListFileStore = defineStore('blockListFile', () => {
  const source = ref<BlockSource>('procon-sp');
  /** The owner's answer for a list that has numbers; null until given (and for each new file). */
  const mode = ref<BlockImportMode | null>(null);
  /** The file's own date, which the list keeps beside the day it was imported. */
  const fileDate = ref<string | null>(null);
  const flow = numbersFileFlow<BlockImportResultView>({
    async save(importId) {
      try {
        return await call('import:block', {
          importId,
          source: source.value,
          ...(mode.value ? { mode: mode.value } : {}),
          ...(fileDate.value ? { fileDate: fileDate.value } : {}),
        });
      } catch (failure) {
        // The list got numbers since the page read it (the CLI): read it again, so the page asks replace or add.
        if (asApiError(failure).code === APP_ERROR_CODES.blockListNotEmpty)
          await useRulesStore().loadBlockLists();
        throw failure;
      }
    },
    after: () => useRulesStore().loadBlockLists(),
  });

  async function pick(file: File, locale: AppLocale): Promise<void> {
    if (flow.step.value === 'reading' || flow.step.value === 'saving') return;
    mode.value = null;
    fileDate.value = file.lastModified > 0 ? new Date(file.lastModified).toISOString() : null;
    await flow.pick(file, locale);
  }

  return { source, mode, fileDate, ...flow, pick };
});
