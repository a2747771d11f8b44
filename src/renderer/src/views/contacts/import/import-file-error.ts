import { useI18n } from 'vue-i18n';
import { asApiError } from '../../../api';
import { useErrorMessage } from '../../../i18n/error-message';

/** What the import reads, for a file picker's `accept` (the core checks the bytes, not the name). */
export const IMPORT_FILE_ACCEPT = '.csv,.txt,.tsv,.xlsx,.xls,.ods,text/csv,text/plain';

/**
 * Why a file cannot be imported, in the user's language: the core's code
 * (`empty_file`, `zip_bomb`, ...) has its own sentence; any other failure
 * gets the app's usual explanation, or the core's own message.
 */
export function useImportFileError(): (error: unknown) => string {
  const { t, te } = useI18n();
  const explain = useErrorMessage();
  return (error) => {
    const { code, details } = asApiError(error);
    const key = `import.fileErrors.${code}`;
    return te(key) ? t(key, details?.params ?? {}) : explain(error);
  };
}
