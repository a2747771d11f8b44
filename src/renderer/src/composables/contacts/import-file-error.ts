import { useI18n } from 'vue-i18n';
import { asApiError } from '@renderer/api';
import { useErrorMessage } from '@renderer/i18n/error-message';

/** What the import reads, for a file picker's `accept` (the core checks the bytes, not the name). */
export const IMPORT_FILE_ACCEPT = '.csv,.txt,.tsv,.xlsx,.xls,.ods,.dif,text/csv,text/plain';

/**
 * Why a file cannot be imported, in the user's language: the core's code
 * (`empty_file`, `zip_bomb`, ...) has its own sentence; any other failure
 * gets the app's usual explanation, or the core's own message. A file that
 * is something else (a PDF, an image) is named as what it is, with how to
 * save the spreadsheet in a format that imports.
 */
export function useImportFileError(): (error: unknown) => string {
  const { t, te } = useI18n();
  const explain = useErrorMessage();
  return (error) => {
    const { code, details } = asApiError(error);
    const params = details?.params ?? {};
    const kind = `import.fileKinds.${String(params.detected)}`;
    if (code === 'unsupported_format' && te(kind)) {
      return t('import.fileErrors.unsupported_format_known', { kind: t(kind) });
    }
    const key = `import.fileErrors.${code}`;
    return te(key) ? t(key, params) : explain(error);
  };
}
