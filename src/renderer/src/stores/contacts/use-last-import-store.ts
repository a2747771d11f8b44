import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ImportUndoResultView, LastImportView } from '@shared/dto/last-import';
import { type ApiError, asApiError, call } from '@renderer/api';
import { useContactsStore } from './use-contacts-store';
import { useListsStore } from './use-lists-store';

/** An undo done, with what the import was (its file and list), to say what happened. */
export interface UndoneImport extends ImportUndoResultView {
  fileName: string;
  listName: string | null;
}

/**
 * The last import that changed contacts, and its undo: offered on the
 * import's result step and on the Contacts page while none of its contacts
 * changed since (the core says which, when some did).
 */
export const useLastImportStore = defineStore('lastImport', () => {
  const contacts = useContactsStore();
  const lists = useListsStore();

  const last = ref<LastImportView | null>(null);
  const undone = ref<UndoneImport | null>(null);
  const error = ref<ApiError | null>(null);
  let generation = 0;

  async function load(): Promise<void> {
    const gen = ++generation;
    try {
      const found = await call('import:last', {});
      if (gen === generation) last.value = found;
    } catch (failure) {
      if (gen === generation) error.value = asApiError(failure);
    }
  }

  /**
   * Undoes the import, then shows the contacts and lists as they are. When
   * it can no longer be undone, reads why (the view then says it) and throws.
   */
  async function undo(importId: string): Promise<UndoneImport> {
    const about = last.value?.importId === importId ? last.value : null;
    error.value = null;
    try {
      const result = await call('import:undo', { importId });
      undone.value = { ...result, fileName: about?.fileName ?? '', listName: about?.list?.name ?? null };
      last.value = null;
      generation++;
      await Promise.all([contacts.refresh(), lists.load()]);
      return undone.value;
    } catch (failure) {
      error.value = asApiError(failure);
      await load();
      throw error.value;
    }
  }

  /** The user keeps the import: it is no longer offered. */
  async function keep(importId: string): Promise<void> {
    await call('import:keepLast', { importId });
    if (last.value?.importId === importId) last.value = null;
    generation++;
  }

  function dismissUndone(): void {
    undone.value = null;
  }

  function clear(): void {
    generation++;
    last.value = null;
    undone.value = null;
    error.value = null;
  }

  return { last, undone, error, load, undo, keep, dismissUndone, clear };
});
