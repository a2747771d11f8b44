import { useI18n } from 'vue-i18n';
import type { ImportUndoResultView } from '@shared/dto/last-import';
import { formatCount } from '../use-money';

/** What an undo did, and the name of the list the import made (the last-import store's UndoneImport). */
type UndoneText = ImportUndoResultView & { listName: string | null };

/**
 * What undoing an import did, in one line: "Importação desfeita." and each
 * part that is not zero (contacts deleted, put back, taken out of the list,
 * the list deleted). The wizard's result step and the Contacts page say it alike.
 */
export function useImportUndoneText(): (undone: UndoneText) => string {
  const { t, locale } = useI18n();
  const count = (n: number) => formatCount(n, locale.value);
  return ({ removed, restored, left, listDeleted, listName }) =>
    [
      t('import.undone'),
      removed > 0 ? t('import.undoneRemoved', { count: count(removed) }, removed) : '',
      restored > 0 ? t('import.undoneRestored', { count: count(restored) }, restored) : '',
      left > 0 ? t('import.undoneLeft', { count: count(left) }, left) : '',
      listDeleted && listName ? t('import.undoneListDeleted', { list: listName }) : '',
    ]
      .filter(Boolean)
      .join(' ');
}
