import type { ImportLimits } from './limits';
import type { CountryCode } from '../contacts/phone/contact-phone';
import type { ReasonCode, ReasonParams } from '../import/file/reasons';

/** `dif`: Data Interchange Format, the old text spreadsheet some systems still export (read with SheetJS). */
export type ImportFormat = 'csv' | 'txt' | 'xlsx' | 'xls' | 'ods' | 'dif';

/** A file read into text cells, before any contact logic. */
export type ParsedTable = {
  /** The name given to readImportFile, kept to name the error file. */
  fileName: string;
  format: ImportFormat;
  /** Text files: the encoding used (detected or forced), e.g. 'utf-8', 'windows-1252', 'utf-16le'. */
  encoding?: string;
  /** Text files: whether the file started with a byte-order mark. */
  bom?: boolean;
  /** Text files: the field delimiter used (detected or forced). */
  delimiter?: string;
  /** Text files: the first line break seen ('\r\n' when none). */
  lineBreak?: string;
  /** Spreadsheets: every sheet in the workbook, and the one that was read. */
  sheetNames?: string[];
  sheet?: string;
  /** Text files mixing UTF-8 lines with lines in a single-byte encoding: the rows not in `encoding`. */
  mixedLines?: MixedLines;
  /** Row number (as a spreadsheet shows it) of the header; 0 when the file has no header row. */
  headerLine: number;
  /** One per column; '' for a column without a header (or every column of a headerless file). */
  headers: string[];
  /** Non-blank data rows, every cell as the text the user sees, padded to headers.length. */
  rows: string[][];
  /** lines[i] is the row number of rows[i] as a spreadsheet app shows it (header = 1 usually). */
  lines: number[];
};

/**
 * The rows of a text file that were in another encoding than the rest (a
 * Windows-1252 line in a UTF-8 file): each was read as its bytes say, and
 * the user is told which.
 */
export type MixedLines = {
  /** The encoding those rows were read in. */
  encoding: string;
  /** Their row numbers, the first MAX_MIXED_LINES_SHOWN. */
  lines: number[];
  total: number;
};

export type ReadOptions = {
  /** Force a text encoding (any label iconv-lite knows: 'utf-8', 'windows-1252', 'cp850', ...). */
  encoding?: string;
  /** Force the delimiter of a text file (one character). */
  delimiter?: string;
  /** Read this sheet of a workbook instead of the first one with data. */
  sheet?: string;
  /** Force the header row (its row number); 0 means the file has no header row. */
  headerLine?: number;
  signal?: AbortSignal;
  limits?: Partial<ImportLimits>;
  /** How far into the file the reading is (bytes), as it goes; for a progress bar. */
  onRead?: (done: number) => void;
};

/** Non-blank rows straight from a reader, trailing empty cells trimmed. */
export type RawGrid = { rows: string[][]; lines: number[] };

/** Column indexes into ParsedTable.headers. Columns not named here are ignored. */
export type ColumnMapping = {
  name?: number;
  phone?: number;
  /** A separate DDD column, prefixed to phones that lack one. */
  areaCode?: number;
  email?: number;
  /** Kept as custom fields; `field` is the merge-field key, e.g. 'cidade'. */
  custom: { column: number; field: string }[];
};

export type PlannedRow = {
  line: number;
  /** '' when the file has no name for this contact. */
  name: string;
  /** E.164, e.g. +5511987654321. */
  phone: string;
  email: string | null;
  /** Custom fields by merge-field key; empty cells are left out (so an update never blanks a value). */
  fields: Record<string, string>;
  /** A contact with this phone already exists: the caller decides update or skip. */
  existing: boolean;
  /** The 9-digit fix was applied to an old 8-digit mobile. */
  fixedNineDigit: boolean;
};

export type RejectedRow = { line: number; cells: string[]; reason: ReasonCode; params: ReasonParams };

export type PlanWarning = { line: number; reason: ReasonCode; params: ReasonParams };

export type NineDigitSuggestion = { line: number; original: string; suggested: string; applied: boolean };

export type ImportCounts = {
  /** Non-blank data rows. read = valid + duplicatesInFile + invalid. */
  read: number;
  /** Rows in `rows` (new and existing contacts). */
  valid: number;
  duplicatesInFile: number;
  /** Valid rows whose phone is already a contact (included in `valid`). */
  existing: number;
  /** Rows in `rejected`. */
  invalid: number;
};

export type ImportPlan = {
  rows: PlannedRow[];
  /** Rows that cannot be imported as they are: the content of the error file. */
  rejected: RejectedRow[];
  /** Later rows repeating an earlier row's phone; the first occurrence is the one kept. */
  duplicates: RejectedRow[];
  /** Old 8-digit mobiles and their 9-digit form, applied or not. */
  suggestions: NineDigitSuggestion[];
  /** Imported rows with something dropped (an invalid e-mail). */
  warnings: PlanWarning[];
  counts: ImportCounts;
};

export type PlanOptions = {
  defaultCountry?: CountryCode;
  /** true: add the 9 to every old mobile; a set: only on these lines. Otherwise they are rejected. */
  acceptNineDigitFix?: boolean | ReadonlySet<number>;
  existingPhones?: ((e164: string) => boolean) | ReadonlySet<string>;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Longest text accepted in a mapped cell (default 1600). */
  maxCellLength?: number;
};
