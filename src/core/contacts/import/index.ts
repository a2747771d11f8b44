/**
 * Contact import, file half: read a file into a table, suggest and remember
 * a column mapping, plan the import (normalise, classify, dedupe) and write
 * the rejected rows back in the user's format. No SQLite, no UI here.
 */
export { readImportFile } from './read-import-file';
export { suggestMapping, headerSignature, slugifyField, RESERVED_FIELDS } from './map-columns';
export { planImport, columnLetter } from './classify-rows';
export { normalizePhone } from '../contact-phone';
export type { PhoneResult, PhoneProblem, CountryCode } from '../contact-phone';
export { writeErrorFile } from './write-error-file';
export type { ErrorFile } from './write-error-file';
export { describeReason, describeFileError, errorColumnHeader } from './reasons';
export type { ReasonCode, ReasonParams, ReasonLocale } from './reasons';
export { ImportFileError, ImportCancelledError } from './import-errors';
export type { ImportFileErrorCode, ImportErrorParams } from './import-errors';
export { DEFAULT_LIMITS } from './limits';
export type { ImportLimits } from './limits';
export { DELIMITERS } from './sniff-delimiter';
export { SUGGESTED_ENCODINGS } from './decode-text';
export type {
  ParsedTable,
  ReadOptions,
  ColumnMapping,
  ImportFormat,
  ImportPlan,
  ImportCounts,
  PlannedRow,
  RejectedRow,
  PlanWarning,
  NineDigitSuggestion,
  PlanOptions,
} from './types';
