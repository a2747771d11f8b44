import type { ImportLimits } from './limits';

/** `dif`: Data Interchange Format, the old text spreadsheet some systems still export (read with SheetJS). */
export type ImportFormat = 'csv' | 'txt' | 'xlsx' | 'xls' | 'ods' | 'dif';

/** Picks the header among the first non-blank rows: its index, or -1 for none (see ReadOptions.findHeader). */
export type HeaderFinder = (rows: string[][]) => number;

/** A file read into text cells, before any meaning is given to them. */
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
  /**
   * Which of the first rows is the header (when `headerLine` does not say):
   * its index among the rows given (at most MAX_PREAMBLE_ROWS + 1; the rows
   * above it are a title and are dropped), or -1 when the file starts with
   * data. The reader knows nothing of what the columns mean: the caller who
   * does decides (the contact import looks for "nome", "telefone"...).
   * Default: the first row is the header.
   */
  findHeader?: HeaderFinder;
  signal?: AbortSignal;
  limits?: Partial<ImportLimits>;
  /** How far into the file the reading is (bytes), as it goes; for a progress bar. */
  onRead?: (done: number) => void;
};

/** Non-blank rows straight from a reader, trailing empty cells trimmed. */
export type RawGrid = { rows: string[][]; lines: number[] };
