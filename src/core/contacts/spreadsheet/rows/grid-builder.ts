import { ImportFileError } from '../import-errors';
import type { ImportLimits } from '../limits';
import type { RawGrid } from '../types';

/** Rows above the header that may be a title ("Lista de clientes – março") rather than data. */
export const MAX_PREAMBLE_ROWS = 10;

export function isBlank(s: string): boolean {
  const n = s.length;
  if (n === 0) return true;
  // Fast answer for the usual cell that starts and ends with a visible character.
  if (s.charCodeAt(0) > 32 && s.charCodeAt(n - 1) > 32) return false;
  return s.trim() === '';
}

/**
 * Collects non-blank rows from any reader and enforces the row, column and
 * cell caps as rows arrive, so a reader stops as soon as a cap is crossed.
 */
export class GridBuilder {
  readonly rows: string[][] = [];
  readonly lines: number[] = [];
  private cells = 0;
  private readonly maxGridRows: number;

  constructor(private readonly limits: ImportLimits) {
    this.maxGridRows = limits.maxRows + 1 + MAX_PREAMBLE_ROWS;
  }

  /**
   * Adds one record (blank ones are dropped). It is kept as a copy of exactly
   * its width: an array grown by push holds room for 17 cells or more, which
   * for 100,000 rows of 4 cells was some 5 MB of empty slots.
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
    if (this.rows.length >= this.maxGridRows) throw tooManyRows(this.limits.maxRows);
    this.rows.push(cells.slice(0, width));
    this.lines.push(line);
  }

  get size(): number {
    return this.rows.length;
  }

  build(): RawGrid {
    return { rows: this.rows, lines: this.lines };
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
