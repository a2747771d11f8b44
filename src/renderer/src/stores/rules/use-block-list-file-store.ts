import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BlockImportResultView, BlockSource } from '@shared/dto/rules';
import { call } from '@renderer/api';
import { numbersFileFlow } from '../numbers-file-flow';
import { useRulesStore } from './use-rules-store';

export { NO_PHONE_COLUMN, type NumbersFileStep as BlockListFileStep } from '../numbers-file-flow';

/**
 * A block list from a file (Procon-SP's "Não Me Ligue" or another list of
 * numbers): read and checked by the import (the shared numbers-file flow),
 * shown, and saved with `import:block` only on the owner's yes. The file
 * replaces the list of its source.
 */
export const useBlockListFileStore = defineStore('blockListFile', () => {
  const source = ref<BlockSource>('procon-sp');
  const flow = numbersFileFlow<BlockImportResultView>({
    save: (importId) => call('import:block', { importId, source: source.value }),
    after: () => useRulesStore().loadBlockLists(),
  });
  return { source, ...flow };
});
