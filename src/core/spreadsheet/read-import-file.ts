import { detectContainer, textFormatFor } from './detect-format';
import { refuseOverSize, throwIfAborted } from './import-errors';
import { resolveLimits } from './limits';
import { readSpreadsheet } from './read-spreadsheet';
import { readDif } from './sheetjs/read-dif';
import type { RowSink } from './rows/row-gate';
import { TableShaper, type TableShape } from './rows/table-shape';
import { bytesSource, type ByteSource } from './source/byte-source';
import { readDelimited } from './text/read-csv';
import type { ParsedTable, ReadOptions } from './types';

/** What a file is, as read: everything of a ParsedTable but its header and rows. */
export type FileInfo = Omit<ParsedTable, 'headerLine' | 'headers' | 'rows' | 'lines'>;

/** Bytes of the start of a file that tell what it is. */
const HEAD_BYTES = 512;

/**
 * Reads any supported file (CSV, TXT, XLSX, XLS, ODS, DIF) once, handing
 * every non-blank row, in order, to the sink `open()` returns. The format
 * is judged from the bytes, not the name. Hostile input ends in an
 * ImportFileError with a stable code; `signal` ends it in an
 * ImportCancelledError. `open` is called again, for a fresh sink, in the
 * rare case the reading must start over (an XLSX the fast reader gives up on
 * halfway, which SheetJS then reads from the start). Meant for a worker thread.
 */
export async function readFileRows(
  source: ByteSource,
  fileName: string,
  opts: ReadOptions,
  open: () => RowSink,
): Promise<FileInfo> {
  const limits = resolveLimits(opts.limits);
  throwIfAborted(opts.signal);
  refuseOverSize(source.size, limits.maxFileBytes);
  const container = detectContainer(source.read(0, HEAD_BYTES));
  if (container === 'text') {
    const file = await readDelimited(source, opts, limits, open());
    return { fileName, format: textFormatFor(fileName), ...file };
  }
  if (container === 'dif') {
    const book = await readDif(source, opts, limits, open());
    return {
      fileName,
      format: 'dif',
      encoding: book.encoding,
      sheetNames: book.sheetNames,
      sheet: book.sheet,
    };
  }
  const book = await readSpreadsheet(source, container, opts, limits, open);
  return { fileName, format: book.format, sheetNames: book.sheetNames, sheet: book.sheet };
}

/**
 * One pass over the file: what it is, and its table's shape (the header,
 * the width, how many rows, the first ones), each data row also handed to
 * the sink `openData()` returns (called again if the reading starts over).
 * Only the first rows are held.
 */
export async function readTableShape(
  source: ByteSource,
  fileName: string,
  opts: ReadOptions,
  openData?: () => RowSink,
): Promise<{ info: FileInfo; shape: TableShape }> {
  const limits = resolveLimits(opts.limits);
  let shaper!: TableShaper;
  const info = await readFileRows(source, fileName, opts, () => {
    shaper = new TableShaper(opts.headerLine, limits, openData?.(), opts.findHeader);
    return shaper.add;
  });
  return { info, shape: shaper.finish() };
}

/**
 * A whole file read into a table of text cells (every row held: for small
 * files and tests; the import streams instead). Same errors as readFileRows.
 */
export async function readImportFile(
  bytes: Uint8Array,
  fileName: string,
  opts: ReadOptions = {},
): Promise<ParsedTable> {
  let rows: string[][] = [];
  let lines: number[] = [];
  const { info, shape } = await readTableShape(bytesSource(bytes), fileName, opts, () => {
    [rows, lines] = [[], []];
    return (cells, line) => {
      rows.push(cells);
      lines.push(line);
    };
  });
  // Short rows are padded into arrays of exactly the width (push would leave room for many more).
  const { width } = shape;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.length >= width) continue;
    const padded = new Array<string>(width);
    for (let k = 0; k < width; k++) padded[k] = row[k] ?? '';
    rows[i] = padded;
  }
  return { ...info, headerLine: shape.headerLine, headers: shape.headers, rows, lines };
}
