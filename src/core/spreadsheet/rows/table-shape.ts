import { ImportFileError } from '../import-errors';
import type { ImportLimits } from '../limits';
import type { HeaderFinder } from '../types';
import { MAX_PREAMBLE_ROWS, tooManyRows, type RowSink } from './row-gate';

/** What a pass over the whole file says about its table, without keeping its rows. */
export type TableShape = {
  /** Row number (as a spreadsheet shows it) of the header; 0 when the file has no header row. */
  headerLine: number;
  /** One per column, padded to `width` ('' for a column without a header). */
  headers: string[];
  /** Columns: the widest of the header and every data row. */
  width: number;
  /** Data rows (non-blank rows below the header). */
  totalRows: number;
  /** The first data rows, padded to `width`. */
  sampleRows: string[][];
};

/** Without a caller who knows what the columns mean: the first non-blank row names them. */
export const firstRowIsHeader: HeaderFinder = () => 0;

/** Data rows kept for the preview and the column guess. */
export const SHAPE_SAMPLE_ROWS = 50;

/**
 * Finds the header among the first rows as they stream past (with the
 * caller's `findHeader`, or takes the one the user chose), drops the title rows above it, and hands every data
 * row on to `onData` while counting them and measuring the widest. The
 * header is decided once the first MAX_PREAMBLE_ROWS + 1 rows have arrived:
 * only those are held.
 */
export class TableShaper {
  private head: { cells: string[]; line: number }[] = [];
  private header: string[] | undefined;
  private headerLine = 0;
  private decided = false;
  private width = 0;
  private count = 0;
  private readonly sample: string[][] = [];
  /** Any non-blank row arrived (title rows included). */
  private any = false;

  constructor(
    private readonly forcedHeaderLine: number | undefined,
    private readonly limits: ImportLimits,
    private readonly onData: RowSink = () => undefined,
    private readonly findHeader: HeaderFinder = firstRowIsHeader,
  ) {
    if (forcedHeaderLine !== undefined && forcedHeaderLine <= 0) this.decide(-1);
  }

  /** A RowSink: pass it to the reader (behind a RowGate). */
  readonly add: RowSink = (cells, line) => {
    this.any = true;
    if (this.decided) return this.data(cells, line);
    if (this.forcedHeaderLine !== undefined) {
      // Rows above the chosen header are a title: dropped. The first at or below it is the header.
      if (line < this.forcedHeaderLine) return;
      this.header = cells;
      this.headerLine = line;
      this.width = cells.length;
      this.decided = true;
      return;
    }
    this.head.push({ cells, line });
    if (this.head.length > MAX_PREAMBLE_ROWS) this.decideFromHead();
  };

  finish(): TableShape {
    if (!this.any) throw new ImportFileError('empty_file', 'The file has no data.');
    if (!this.decided) {
      if (this.forcedHeaderLine !== undefined) {
        throw new ImportFileError('no_data_rows', 'There are no rows below the chosen header.');
      }
      this.decideFromHead();
    }
    if (this.count === 0) throw new ImportFileError('no_data_rows', 'The file has a header but no contacts.');
    const width = this.width;
    const pad = (row: readonly string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
    return {
      headerLine: this.headerLine,
      headers: pad(this.header ?? []).map((h) => h.trim()),
      width,
      totalRows: this.count,
      sampleRows: this.sample.map(pad),
    };
  }

  private decideFromHead(): void {
    const head = this.head;
    this.head = [];
    const index = this.findHeader(head.map((r) => r.cells));
    this.decide(index, head[index]);
    for (const row of head.slice(index + 1)) this.data(row.cells, row.line);
  }

  private decide(index: number, row?: { cells: string[]; line: number }): void {
    this.decided = true;
    if (index >= 0 && row) {
      this.header = row.cells;
      this.headerLine = row.line;
      this.width = row.cells.length;
    }
  }

  private data(cells: string[], line: number): void {
    if (++this.count > this.limits.maxRows) throw tooManyRows(this.limits.maxRows);
    if (cells.length > this.width) this.width = cells.length;
    if (this.sample.length < SHAPE_SAMPLE_ROWS) this.sample.push(cells);
    this.onData(cells, line);
  }
}
