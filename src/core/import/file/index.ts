/**
 * Contact import, file half: read a contact file into a table (the
 * spreadsheet library, with the contact header rule), suggest and remember
 * a column mapping, plan the import (normalise, classify, dedupe) and write
 * the rejected rows back in the user's format. No SQLite, no UI here.
 */
export { readImportFile, readTableShape } from './read-contact-file';
export {
  readFileRows,
  bytesSource,
  fileSource,
  ImportFileError,
  ImportCancelledError,
  DEFAULT_LIMITS,
  DELIMITERS,
  SUGGESTED_ENCODINGS,
} from '../../spreadsheet';
export type {
  FileInfo,
  RowSink,
  TableShape,
  ByteSource,
  ImportFileErrorCode,
  ImportErrorParams,
  ImportLimits,
  ParsedTable,
  ReadOptions,
  ImportFormat,
  MixedLines,
} from '../../spreadsheet';
export { suggestMapping, headerSignature, slugifyField, RESERVED_FIELDS } from './map-columns';
export { planImport, columnLetter, RowClassifier } from './classify-rows';
export type { ClassifiedRow } from './classify-rows';
export type { DayOrder } from '../../../shared/dates/read-date-cell';
export { normalizePhone } from '../../contacts/contacts-module';
export type { PhoneResult, PhoneProblem, CountryCode } from '../../contacts/contacts-module';
export { writeErrorFile } from './write-error-file';
export type { ErrorFile } from './write-error-file';
export { describeReason, describeFileError, errorColumnHeader } from './reasons';
export type { ReasonCode, ReasonParams, ReasonLocale } from './reasons';
export type {
  ColumnMapping,
  ImportPlan,
  ImportCounts,
  PlannedRow,
  RejectedRow,
  PlanWarning,
  NineDigitSuggestion,
  PlanOptions,
} from './plan-types';
