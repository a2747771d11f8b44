/** The contact import wizard's views (reading, planning and saving a file). */

import type { SaveFileKind } from './app';
import type { FieldType } from '../field-types';
import type { DayOrder } from '../dates/read-date-cell';
import type { ImportChangeView } from './last-import';

export type ImportFormatView = 'csv' | 'txt' | 'xlsx' | 'xls' | 'ods' | 'dif';

/** Which column (index into `headers`) holds what; columns not named are not imported. */
export interface ImportMappingView {
  name?: number;
  phone?: number;
  /** A separate DDD column, prefixed to phones typed without one. */
  areaCode?: number;
  email?: number;
  /** Birthdays: DD/MM/AAAA, DD/MM (year unknown), AAAA-MM-DD, Excel dates; dd/mm or mm/dd decided by the column. */
  birthday?: number;
  /**
   * Kept as custom merge fields: `field` is the key (`cidade`), lower-case
   * letters, digits and `_`; `type` how its values are read (text unless
   * given); `dayOrder` a date column's dd/mm or mm/dd (as detected unless given).
   */
  custom: { column: number; field: string; type?: FieldType; dayOrder?: DayOrder }[];
}

/** What a column's values say it holds: the type offered, and a date column's order. */
export interface ColumnTypeView {
  type: FieldType;
  dayOrder?: DayOrder;
}

/** What the file looks like as read, to confirm or correct before planning. */
export interface ImportPreviewView {
  format: ImportFormatView;
  /** Text files: the encoding used (detected or chosen). */
  encoding?: string;
  /** Text files: the delimiter used (detected or chosen). */
  delimiter?: string;
  /** Spreadsheets: every sheet, and the one read. */
  sheetNames?: string[];
  sheet?: string;
  /**
   * Text files that mix UTF-8 lines with lines in a single-byte encoding (two
   * exports pasted together): each line was read as its own bytes say; these
   * are the rows read in `encoding`, not in the file's (the first 20 of `total`).
   */
  mixedLines?: { encoding: string; lines: number[]; total: number };
  /** Row number of the header as a spreadsheet shows it; 0 when the file has none. */
  headerLine: number;
  headers: string[];
  /** One per header: the type its values suggest (a column's type is changeable in the mapping). */
  columnTypes: ColumnTypeView[];
  /** The first 20 data rows (long cells cut for display). */
  sampleRows: string[][];
  totalRows: number;
  mapping: ImportMappingView;
  /** `remembered`: the mapping the user confirmed last time for a file with this same header. */
  mappingSource: 'remembered' | 'suggested';
  /** Encodings and delimiters to offer when the detected ones are wrong. */
  encodings: string[];
  delimiters: string[];
}

export interface ImportOpenedView {
  importId: string;
  preview: ImportPreviewView;
}

export interface ImportRowIssueView {
  /** Row number as a spreadsheet shows it. */
  line: number;
  /** Stable code (`phone_invalid`, `duplicate_in_file`, ...). */
  reason: string;
  /** The reason as a sentence, in the locale asked for. */
  message: string;
  /** The row's cells (long ones cut); absent for warnings. */
  cells?: string[];
}

export interface ImportSample<T> {
  /** The first 50. */
  items: T[];
  total: number;
}

export interface ImportPlanView {
  counts: {
    /** Non-blank data rows: read = valid + duplicatesInFile + invalid. */
    read: number;
    /** Rows that would be imported or update a contact. */
    valid: number;
    /** Later rows repeating an earlier row's phone (the first is kept). */
    duplicatesInFile: number;
    /** Valid rows whose phone is already a contact (update or skip is the user's choice). */
    existing: number;
    /** Of those, the contacts an update would change (the others already hold the file's values). */
    changed: number;
    /** Rows refused: they go to the error file. */
    invalid: number;
    /** Valid rows whose number is on the opt-out list: imported, but never sent to. */
    optedOut: number;
  };
  /** Old 8-digit mobiles and their 9-digit form (applied when acceptNineDigitFix). */
  suggestions: ImportSample<{ line: number; original: string; suggested: string; applied: boolean }>;
  rejectedSample: ImportSample<ImportRowIssueView>;
  duplicatesSample: ImportSample<ImportRowIssueView>;
  /** Imported rows with something dropped (an invalid e-mail). */
  warnings: ImportSample<ImportRowIssueView>;
  /** The first contacts an update would change, field by field (all of them: `import:changes`). */
  changes: ImportSample<ImportChangeView>;
}

export interface ImportResultView {
  read: number;
  /** New contacts. */
  imported: number;
  /** Existing contacts the file's values changed (onDuplicate 'update'). */
  updated: number;
  /** Rows repeating a phone in the file, plus existing contacts left as they were. */
  duplicates: number;
  /** Rows refused (see `import:errorFile`). */
  invalid: number;
  /** Imported numbers that are on the opt-out list. */
  optedOut: number;
  /** The list the contacts were added to, when one was asked for. */
  list?: { id: string; name: string };
  /** true: cancelled before the end; nothing was changed (every count is 0 but `read`). */
  cancelled: boolean;
}

/** An import whose numbers joined the opt-out list (`import:optOut`) instead of the contacts. */
export interface ImportOptOutResultView {
  read: number;
  /** Numbers that joined the opt-out list. */
  added: number;
  /** Numbers already on it (their first date and source are kept). */
  already: number;
  /** Rows refused (see `import:errorFile`). */
  invalid: number;
}

export type ImportPhase = 'reading' | 'planning' | 'saving';

export interface ImportProgressView {
  importId: string;
  phase: ImportPhase;
  done: number;
  total: number;
}

/** The rejected rows in the input's own format, with a reason column, ready to fix and import again. */
export interface ImportErrorFileView {
  fileName: string;
  kind: SaveFileKind;
  mime: string;
  bytes: Uint8Array;
  rows: number;
}
