/**
 * Contact import, file half: read a file into a table, suggest and remember
 * a column mapping, plan the import (normalise, classify, dedupe) and write
 * the rejected rows back in the user's format. No SQLite, no UI here.
 */
export { readImportFile, readFileRows, readTableShape } from './read-import-file';
export type { FileInfo } from './read-import-file';
export type { RowSink } from './rows/row-gate';
export type { TableShape } from './rows/table-shape';
export { bytesSource, fileSource } from './source/byte-source';
export type { ByteSource } from './source/byte-source';
export { suggestMapping, headerSignature, slugifyField, RESERVED_FIELDS } from './rows/map-columns';
export { planImport, columnLetter, RowClassifier } from './rows/classify-rows';
export type { ClassifiedRow } from './rows/classify-rows';
export { normalizePhone } from '../phone/contact-phone';
export type { PhoneResult, PhoneProblem, CountryCode } from '../phone/contact-phone';
export { writeErrorFile } from './write-error-file';
export type { ErrorFile } from './write-error-file';
export { describeReason, describeFileError, errorColumnHeader } from './reasons';
export type { ReasonCode, ReasonParams, ReasonLocale } from './reasons';
export { ImportFileError, ImportCancelledError } from './import-errors';
export type { ImportFileErrorCode, ImportErrorParams } from './import-errors';
export { DEFAULT_LIMITS } from './limits';
export type { ImportLimits } from './limits';
export { DELIMITERS } from './text/sniff-delimiter';
export { SUGGESTED_ENCODINGS } from './text/decode-text';
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
  MixedLines,
} from './types';
