/**
 * Caps that keep a hostile or accidental file from freezing or exhausting the
 * worker. Every reader enforces them before the expensive step they protect.
 *
 * CSV, TXT and XLSX are read as streams (their rows are never all in memory
 * at once), so their caps are about time and disk; XLS, ODS and the XLSX the
 * fast reader declines go through SheetJS, which holds the whole workbook,
 * and keep the caps that fit it in the worker's heap (IN_MEMORY).
 */
export type ImportLimits = {
  /** Size of the file as given. */
  maxFileBytes: number;
  /**
   * Sum of the uncompressed sizes inside an XLSX/ODS (checked before
   * inflating) that may be inflated into memory; the most any archive may
   * claim unless it is a large workbook for real (see maxStreamedBytes).
   */
  maxUncompressedBytes: number;
  /**
   * Beyond maxUncompressedBytes, the most an XLSX may claim in all: its
   * worksheets are read as streams, and it must not compress more than
   * maxCompressionRatio times (XML compresses some 5 to 20 times; a bomb, thousands).
   */
  maxStreamedBytes: number;
  maxCompressionRatio: number;
  /** Entries in an XLSX/ODS zip: all an archive without ZIP64 can hold (real workbooks have a few dozen). */
  maxZipEntries: number;
  /** Columns that hold any data. */
  maxColumns: number;
  /** Non-blank data rows. */
  maxRows: number;
  /** Non-blank cells in the whole sheet. */
  maxCells: number;
  /** Longest text accepted in a mapped cell: 10 concatenated SMS segments of 160 characters. */
  maxCellLength: number;
};

export const DEFAULT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  // A million contacts with a name, phone, e-mail and city is some 55 MB of CSV: the streamed
  // readers hold a piece at a time, so the cap guards the window's IPC copy, not the reader.
  maxFileBytes: 100 * 1024 * 1024,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxStreamedBytes: 2 * 1024 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxZipEntries: 65_535,
  maxColumns: 200,
  // Twice the million rows the benchmark imports in about ten seconds: time grows with the rows,
  // memory does not. A CSV at the 100 MB cap holds at most some 8 million bare numbers.
  maxRows: 2_000_000,
  // Cells are not held: the row and column caps bound the work.
  maxCells: Number.POSITIVE_INFINITY,
  maxCellLength: 1600,
});

/** What SheetJS may read: it holds the whole workbook, cell objects and all, in the worker's heap. */
export const IN_MEMORY: Readonly<Pick<ImportLimits, 'maxFileBytes' | 'maxRows' | 'maxCells'>> = Object.freeze(
  {
    maxFileBytes: 50 * 1024 * 1024,
    maxRows: 250_000,
    maxCells: 4_000_000,
  },
);

/** The caps for a reader that holds the whole workbook: the tighter of these and IN_MEMORY. */
export function inMemoryLimits(limits: ImportLimits): ImportLimits {
  return {
    ...limits,
    maxFileBytes: Math.min(limits.maxFileBytes, IN_MEMORY.maxFileBytes),
    maxRows: Math.min(limits.maxRows, IN_MEMORY.maxRows),
    maxCells: Math.min(limits.maxCells, IN_MEMORY.maxCells),
  };
}

/**
 * Fields per record the CSV parser accepts before giving up: far above
 * maxColumns because spreadsheet exports often carry long runs of trailing
 * empty fields, which are dropped later; still bounded so a hostile header
 * cannot build a giant array.
 */
export const HARD_FIELD_CAP = 16_384;

export function resolveLimits(overrides?: Partial<ImportLimits>): ImportLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
