import type * as XLSX from '@e965/xlsx';
import { sheetjsCellText } from '../rows/cell-text';
import { MAX_PREAMBLE_ROWS, RowGate, tooManyColumns, type RowSink } from '../rows/row-gate';
import { checkpoint, ImportFileError, refuseOverSize, throwIfAborted } from '../import-errors';
import { inMemoryLimits, type ImportLimits } from '../limits';
import { loadSheetjs, type SheetJs } from './sheetjs';
import type { RawGrid } from '../types';
import { SHORT_DATE_FORMAT } from '../xlsx/xlsx-parts';

export type SheetjsBook = { sheetNames: string[]; sheet: string };

const ROWS_PER_CHUNK = 4096;

/** readWithSheetjs with every row kept. */
export async function readWithSheetjs(
  bytes: Uint8Array,
  opts: { sheet?: string; signal?: AbortSignal },
  limits: ImportLimits,
  onSheetMissing: (name: string, available: string[]) => Error,
): Promise<SheetjsBook & { grid: RawGrid }> {
  const grid: RawGrid = { rows: [], lines: [] };
  const book = await streamWithSheetjs(bytes, opts, limits, onSheetMissing, (cells, line) => {
    grid.rows.push(cells);
    grid.lines.push(line);
  });
  return { grid, ...book };
}

/**
 * XLS, ODS (and XLSX the fast reader declined) through SheetJS, the rows
 * handed on one at a time. SheetJS holds the whole workbook, so the caps
 * are the in-memory ones (IN_MEMORY). The caller has already checked zip
 * sizes; here SheetJS is told to read a single sheet and at most the rows
 * we accept, and never to evaluate anything.
 */
export async function streamWithSheetjs(
  /** The workbook's bytes, or the text of a text format (DIF) already decoded. */
  bytes: Uint8Array | string,
  opts: {
    sheet?: string;
    signal?: AbortSignal;
    /**
     * The format's full range reaches only as far as cells with content
     * (ODS: SheetJS grows it with each cell it meets, blank repeated rows
     * aside), so a range beyond the rows read means contacts there.
     */
    rangeIsContent?: boolean;
  },
  allLimits: ImportLimits,
  onSheetMissing: (name: string, available: string[]) => Error,
  sink: RowSink,
): Promise<SheetjsBook> {
  const limits = inMemoryLimits(allLimits);
  // The streamed formats go further; this one is read whole, into the worker's heap.
  refuseOverSize(typeof bytes === 'string' ? bytes.length : bytes.byteLength, limits.maxFileBytes);
  const buffer =
    typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sheetjs = await loadSheetjs();
  const read = (sheets: number | string) => parseWorkbook(sheetjs, buffer, sheets, limits);

  throwIfAborted(opts.signal);
  let book = read(opts.sheet ?? 0);
  const sheetNames = book.SheetNames;
  if (sheetNames.length === 0) throw new ImportFileError('unreadable_file', 'The workbook has no sheets.');
  if (opts.sheet !== undefined && !sheetNames.includes(opts.sheet))
    throw onSheetMissing(opts.sheet, sheetNames);

  // Visible sheets first, as in the fast XLSX reader: a hidden lookup table is rarely the contact list.
  const hidden = (i: number) => (book.Workbook?.Sheets?.[i]?.Hidden ?? 0) !== 0;
  const order =
    opts.sheet !== undefined
      ? [sheetNames.indexOf(opts.sheet)]
      : [...sheetNames.keys()].sort((a, b) => Number(hidden(a)) - Number(hidden(b)) || a - b);
  let parsed = opts.sheet !== undefined ? order[0]! : 0;
  for (const index of order) {
    const name = sheetNames[index]!;
    if (index !== parsed) {
      await checkpoint(opts.signal);
      book = read(index);
      parsed = index;
    }
    const sheet = book.Sheets[name];
    const gate = new RowGate(limits, sink);
    if (sheet) {
      await collectRows(sheet, gate, limits, opts.signal);
      if (opts.rangeIsContent) refuseCutRows(sheet, limits);
    }
    if (gate.size > 0 || opts.sheet !== undefined) return { sheetNames, sheet: name };
  }
  return { sheetNames, sheet: sheetNames[order[0]!]! };
}

function parseWorkbook(
  sheetjs: SheetJs,
  buffer: Buffer | string,
  sheets: number | string,
  limits: ImportLimits,
): XLSX.WorkBook {
  try {
    return sheetjs.read(buffer, {
      // Decoded text goes as 'binary': SheetJS takes its characters as they are ('string' would
      // encode them to UTF-8 and read those bytes back one by one).
      type: typeof buffer === 'string' ? 'binary' : 'buffer',
      dense: true,
      sheets,
      sheetRows: limits.maxRows + MAX_PREAMBLE_ROWS + 2,
      cellFormula: true,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      dateNF: SHORT_DATE_FORMAT,
      bookVBA: false,
      WTF: false,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/password|encrypt/i.test(message)) {
      throw new ImportFileError('encrypted_file', 'The spreadsheet is protected by a password.');
    }
    throw new ImportFileError('unreadable_file', 'The spreadsheet is damaged or not a format Torpedo reads.');
  }
}

type DenseRow = XLSX.CellObject[] | undefined;

/**
 * SheetJS stops at `sheetRows` without a word, and rows of an ODS can be
 * far apart (a million blank rows written as one repeated row, then a
 * contact): had the reading stopped before some content, the rows it
 * holds are not the sheet's, and the file is refused for its rows rather
 * than imported short or called empty.
 */
function refuseCutRows(sheet: XLSX.WorkSheet, limits: ImportLimits): void {
  const full = sheet['!fullref'];
  if (full === undefined) return;
  const lastRow = Number(/\d+$/.exec(full)?.[0] ?? 0);
  if (lastRow > limits.maxRows + MAX_PREAMBLE_ROWS + 2) {
    throw new ImportFileError('too_many_rows', `The sheet reaches row ${lastRow}.`, { max: limits.maxRows });
  }
}

/*
 * The sheet's range (`!ref`, or the declared `!fullref`) is not used to size
 * anything: a legitimate file formatted down whole columns declares
 * A1:XFD1048576. What is bounded instead is what exists: rows by sheetRows
 * (SheetJS stops there), cells by RowGate as they are visited, and columns
 * beyond the cap by looking only at the cells present there.
 */

async function collectRows(
  sheet: XLSX.WorkSheet,
  gate: RowGate,
  limits: ImportLimits,
  signal: AbortSignal | undefined,
): Promise<void> {
  const data = (sheet['!data'] ?? []) as DenseRow[];
  const rows = data.length;
  if (rows > limits.maxRows + MAX_PREAMBLE_ROWS + 1) {
    throw new ImportFileError('too_many_rows', `The sheet has more than ${limits.maxRows} rows.`, {
      max: limits.maxRows,
    });
  }
  for (let r = 0; r < rows; r++) {
    const row = data[r];
    if (!row) continue;
    const width = Math.min(row.length, limits.maxColumns);
    // Beyond the cap, look only at cells that exist (the array may be sparse up to column XFD).
    if (row.length > width) {
      for (const key of Object.keys(row)) {
        const c = Number(key);
        if (c >= width && sheetjsCellText(row[c]) !== '') throw tooManyColumns(c + 1, limits.maxColumns);
      }
    }
    const cells = new Array<string>(width);
    for (let c = 0; c < width; c++) cells[c] = sheetjsCellText(row[c]);
    gate.add(cells, r + 1);
    if (r % ROWS_PER_CHUNK === ROWS_PER_CHUNK - 1) await checkpoint(signal);
  }
}
