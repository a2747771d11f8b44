import { ImportFileError } from '../import-errors';
import type { ImportLimits } from '../limits';

/** Rows above the header that may be a title ("Lista de clientes – março") rather than data. */
export const MAX_PREAMBLE_ROWS = 10;

/** Where a reader's rows go: each non-blank row once, in the file's order, with its row number. */
export type RowSink = (cells: string[], line: number) => void;

export function isBlank(s: string): boolean {
  const n = s.length;
  if (n === 0) return true;
  // Fast answer for the usual cell that starts and ends with a visible character.
  if (s.charCodeAt(0) > 32 && s.charCodeAt(n - 1) > 32) return false;
  return s.trim() === '';
}

/**
 * Between a reader and where its rows go: drops blank rows and trailing
 * blank cells, and enforces the row, column and cell caps as rows arrive,
 * so a reader stops as soon as a cap is crossed. Nothing is kept here: the
 * rows stream through.
 */
export class RowGate {
  private cells = 0;
  private rows = 0;
  private readonly maxGridRows: number;

  constructor(
    private readonly limits: ImportLimits,
    private readonly sink: RowSink,
  ) {
    this.maxGridRows = limits.maxRows + 1 + MAX_PREAMBLE_ROWS;
  }

  /**
   * Passes one record on (blank ones are dropped) as a copy of exactly its
   * width: a consumer that keeps rows (a small file read whole) would
   * otherwise keep arrays grown by push, with room for 17 cells or more.
   */
  add(cells: string[], line: number): void {
    let width = cells.length;
    while (width > 0 && isBlank(cells[width - 1]!)) width--;
    if (width === 0) return;
    if (width > this.limits.maxColumns) throw tooManyColumns(width, this.limits.maxColumns);
    for (let k = 0; k < width; k++) if (cells[k] !== '') this.cells++;
    if (this.cells > this.limits.maxCells) {
      throw new ImportFileError('too_large', `The file has more than ${this.limits.maxCells} filled cells.`, {
        max: this.limits.maxCells,
      });
    }
    if (this.rows >= this.maxGridRows) throw tooManyRows(this.limits.maxRows);
    this.rows++;
    this.sink(width === cells.length ? cells.slice() : cells.slice(0, width), line);
  }

  /** Non-blank rows passed on so far. */
  get size(): number {
    return this.rows;
  }
}

export function tooManyColumns(count: number, max: number): ImportFileError {
  return new ImportFileError(
    'too_many_columns',
    `The file has ${count} columns; at most ${max} are allowed.`,
    {
      count,
      max,
    },
  );
}

export function tooManyRows(max: number): ImportFileError {
  return new ImportFileError('too_many_rows', `The file has more than ${max} rows.`, { max });
}
