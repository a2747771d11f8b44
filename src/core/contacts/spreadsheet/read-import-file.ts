import { detectContainer, textFormatFor } from './detect-format';
import { findHeaderRow } from './rows/detect-header';
import { tooManyRows } from './rows/grid-builder';
import { ImportFileError, throwIfAborted } from './import-errors';
import { resolveLimits, type ImportLimits } from './limits';
import { readDelimited } from './text/read-csv';
import { readSpreadsheet } from './read-spreadsheet';
import type { ParsedTable, RawGrid, ReadOptions } from './types';

/**
 * Any supported contact file (CSV, TXT, XLSX, XLS, ODS) to a table of text
 * cells. The format is judged from the bytes, not the name. Hostile input
 * ends in an ImportFileError with a stable code; `signal` ends it in an
 * ImportCancelledError. Meant to run in a worker thread.
 */
export async function readImportFile(
  bytes: Uint8Array,
  fileName: string,
  opts: ReadOptions = {},
): Promise<ParsedTable> {
  const limits = resolveLimits(opts.limits);
  throwIfAborted(opts.signal);
  if (bytes.length > limits.maxFileBytes) {
    throw new ImportFileError('too_large', `The file is larger than ${limits.maxFileBytes} bytes.`, {
      size: bytes.length,
      max: limits.maxFileBytes,
    });
  }
  const container = detectContainer(bytes);
  if (container === 'text') {
    const file = await readDelimited(bytes, opts, limits);
    return {
      fileName,
      format: textFormatFor(fileName),
      encoding: file.encoding,
      bom: file.bom,
      delimiter: file.delimiter,
      lineBreak: file.lineBreak,
      ...shapeTable(file.grid, opts.headerLine, limits),
    };
  }
  const book = await readSpreadsheet(bytes, container, opts, limits);
  return {
    fileName,
    format: book.format,
    sheetNames: book.sheetNames,
    sheet: book.sheet,
    ...shapeTable(book.grid, opts.headerLine, limits),
  };
}

type Shape = Pick<ParsedTable, 'headerLine' | 'headers' | 'rows' | 'lines'>;

/** Finds the header, drops any title rows above it, and pads every row to the same width. */
function shapeTable(grid: RawGrid, forcedHeaderLine: number | undefined, limits: ImportLimits): Shape {
  if (grid.rows.length === 0) throw new ImportFileError('empty_file', 'The file has no data.');
  let headerIndex: number;
  if (forcedHeaderLine === undefined) headerIndex = findHeaderRow(grid.rows);
  else if (forcedHeaderLine <= 0) headerIndex = -1;
  else {
    headerIndex = grid.lines.findIndex((line) => line >= forcedHeaderLine);
    if (headerIndex === -1)
      throw new ImportFileError('no_data_rows', 'There are no rows below the chosen header.');
  }
  const rows = grid.rows.slice(headerIndex + 1);
  const lines = grid.lines.slice(headerIndex + 1);
  if (rows.length === 0) throw new ImportFileError('no_data_rows', 'The file has a header but no contacts.');
  if (rows.length > limits.maxRows) throw tooManyRows(limits.maxRows);

  const headerCells = headerIndex >= 0 ? grid.rows[headerIndex]! : [];
  let width = headerCells.length;
  for (const row of rows) if (row.length > width) width = row.length;
  const headers = Array.from({ length: width }, (_, i) => (headerCells[i] ?? '').trim());
  // Short rows are padded into arrays of exactly the width (push would leave room for many more).
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.length >= width) continue;
    const padded = new Array<string>(width);
    for (let k = 0; k < width; k++) padded[k] = row[k] ?? '';
    rows[i] = padded;
  }
  return { headerLine: headerIndex >= 0 ? grid.lines[headerIndex]! : 0, headers, rows, lines };
}
