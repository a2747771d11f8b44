import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  BlockImportMode,
  BlockImportResultView,
  BlockListTarget,
  BlockListView,
  PublicBlockListKind,
} from '@shared/dto/rules';
import { isPublicKind } from '@shared/rules/block-list-kinds';
import type { AppLocale } from '@renderer/i18n';
import { asApiError, call } from '@renderer/api';
import { APP_ERROR_CODES } from '@shared/app-error';
import { numbersFileFlow } from '../numbers-file-flow';
import { useRulesStore } from './use-rules-store';

export { NO_PHONE_COLUMN, type NumbersFileStep as BlockListFileStep } from '../numbers-file-flow';

/** Which list a file goes to: a public register, an owner's list that exists (its id), or a new named one. */
export type BlockListChoice = PublicBlockListKind | `id:${string}` | 'new';

/**
 * A block list from a file (a Procon's register, or a list of the owner's,
 * new or not): read and checked by the import (the shared numbers-file flow),
 * shown, and saved with `import:block` only on the owner's yes. Into a list
 * that has numbers the owner also says whether the file replaces them or
 * adds to them (`mode`; the core refuses without it), so a small file never
 * replaces a large list by accident.
 */
export const useBlockListFileStore = defineStore('blockListFile', () => {
  const choice = ref<BlockListChoice>('procon-sp');
  /** The name of a new owner's list (choice 'new'). */
  const newName = ref('');
  /** Where the file goes, or null while a new list has no name yet. */
  const target = computed<BlockListTarget | null>(() => {
    const c = choice.value;
    if (c === 'new') return newName.value.trim() ? { kind: 'owner', name: newName.value.trim() } : null;
    return c.startsWith('id:') ? { id: c.slice(3) } : isPublicKind(c) ? { kind: c } : null;
  });
  /** The list the file goes to, when it exists already (a new name may be an existing list's, case aside). */
  const existing = (lists: readonly BlockListView[]): BlockListView | undefined => {
    const to = target.value;
    if (!to) return undefined;
    if ('id' in to) return lists.find((l) => l.id === to.id);
    if (to.kind !== 'owner') return lists.find((l) => l.id === to.kind);
    const name = to.name.toLocaleLowerCase('pt-BR');
    return lists.find((l) => l.name?.toLocaleLowerCase('pt-BR') === name);
  };
  /** The owner's answer for a list that has numbers; null until given (and for each new file). */
  const mode = ref<BlockImportMode | null>(null);
  /** The file's own date, which the list keeps beside the day it was imported. */
  const fileDate = ref<string | null>(null);
  const flow = numbersFileFlow<BlockImportResultView>({
    async save(importId) {
      try {
        const list = target.value;
        if (!list) throw new Error('A new block list needs a name.');
        const saved = await call('import:block', {
          importId,
          list,
          ...(mode.value ? { mode: mode.value } : {}),
          ...(fileDate.value ? { fileDate: fileDate.value } : {}),
        });
        // A new list is one of the owner's lists now: the next file is asked about it by its name.
        if (choice.value === 'new') {
          choice.value = `id:${saved.list.id}`;
          newName.value = '';
        }
        return saved;
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

  return { choice, newName, target, existing, mode, fileDate, ...flow, pick };
});
