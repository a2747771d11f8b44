/**
 * Caps that keep a hostile or accidental file from freezing or exhausting the
 * worker. Every reader enforces them before the expensive step they protect.
 */
export type ImportLimits = {
  /** Size of the file as given. */
  maxFileBytes: number;
  /** Sum of the uncompressed sizes inside an XLSX/ODS (checked before inflating). */
  maxUncompressedBytes: number;
  /** Entries in an XLSX/ODS zip. Real workbooks have a few dozen. */
  maxZipEntries: number;
  /** Columns that hold any data. */
  maxColumns: number;
  /** Non-blank data rows. */
  maxRows: number;
  /** Non-blank cells in the whole sheet (also the cap on a spreadsheet's used range). */
  maxCells: number;
  /** Longest text accepted in a mapped cell: 10 concatenated SMS segments of 160 characters. */
  maxCellLength: number;
};

export const DEFAULT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  maxFileBytes: 50 * 1024 * 1024,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxZipEntries: 10_000,
  maxColumns: 200,
  maxRows: 250_000,
  maxCells: 4_000_000,
  maxCellLength: 1600,
});

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
