/**
 * Contact import, file half: read a file into a table, suggest and remember
 * a column mapping, plan the import (normalise, classify, dedupe) and write
 * the rejected rows back in the user's format. No SQLite, no UI here.
 */
export { readImportFile, readFileRows, readTableShape } from '../../spreadsheet/read-import-file';
export type { FileInfo } from '../../spreadsheet/read-import-file';
export type { RowSink } from '../../spreadsheet/rows/row-gate';
export type { TableShape } from '../../spreadsheet/rows/table-shape';
export { bytesSource, fileSource } from '../../spreadsheet/source/byte-source';
export type { ByteSource } from '../../spreadsheet/source/byte-source';
export { suggestMapping, headerSignature, slugifyField, RESERVED_FIELDS } from './map-columns';
export { planImport, columnLetter, RowClassifier } from './classify-rows';
export type { ClassifiedRow } from './classify-rows';
export { normalizePhone } from '../../contacts/phone/contact-phone';
export type { PhoneResult, PhoneProblem, CountryCode } from '../../contacts/phone/contact-phone';
export { writeErrorFile } from './write-error-file';
export type { ErrorFile } from './write-error-file';
export { describeReason, describeFileError, errorColumnHeader } from './reasons';
export type { ReasonCode, ReasonParams, ReasonLocale } from './reasons';
export { ImportFileError, ImportCancelledError } from '../../spreadsheet/import-errors';
export type { ImportFileErrorCode, ImportErrorParams } from '../../spreadsheet/import-errors';
export { DEFAULT_LIMITS } from '../../spreadsheet/limits';
export type { ImportLimits } from '../../spreadsheet/limits';
export { DELIMITERS } from '../../spreadsheet/text/sniff-delimiter';
export { SUGGESTED_ENCODINGS } from '../../spreadsheet/text/decode-text';
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
} from '../../spreadsheet/types';
