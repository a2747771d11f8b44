import { checkpoint } from '../import-errors';
import type { ImportLimits } from '../limits';
import { RowGate, type RowSink } from '../rows/row-gate';
import type { RawGrid } from '../types';
import { readSharedStrings, SharedStrings } from './shared-strings';
import { scanSheet, type SheetContext } from './xlsx-sheet-scanner';
import {
  parseStyleFormats,
  partEntry,
  readPart,
  readWorkbook,
  XlsxFormatError,
  type XlsxSheet,
} from './xlsx-parts';
import { inflateChunks, type ZipIndex } from './zip-guard';

/**
 * Fast XLSX reader: SheetJS needs about 2.5 s and 300+ MB for a 100,000-row
 * sheet, far over the import budget, and holds the whole workbook; here the
 * package parts are read with xlsx-parts, the shared strings packed
 * (shared-strings.ts) and the sheet streamed as it is inflated
 * (xlsx-sheet-scanner.ts), its rows handed on one at a time. Anything
 * unexpected throws XlsxFormatError and the caller falls back to SheetJS.
 */
export type XlsxBook = { sheetNames: string[]; sheet: string };

export async function streamXlsx(
  zip: ZipIndex,
  opts: { sheet?: string; signal?: AbortSignal; onRead?: (done: number) => void },
  limits: ImportLimits,
  onSheetMissing: (name: string, available: string[]) => Error,
  sink: RowSink,
): Promise<XlsxBook> {
  const book = readWorkbook(zip);
  const sheetNames = book.sheets.map((s) => s.name);
  let candidates: XlsxSheet[];
  if (opts.sheet !== undefined) {
    const chosen = book.sheets.find((s) => s.name === opts.sheet);
    if (!chosen) throw onSheetMissing(opts.sheet, sheetNames);
    candidates = [chosen];
  } else {
    // Visible sheets first: a hidden lookup table is rarely the contact list.
    candidates = [...book.sheets.filter((s) => !s.hidden), ...book.sheets.filter((s) => s.hidden)];
  }
  const sharedEntry = book.sharedStringsPath ? partEntry(zip, book.sharedStringsPath) : undefined;
  const shared = sharedEntry
    ? await readSharedStrings(inflateChunks(zip, sharedEntry), opts.signal)
    : new SharedStrings();
  const formats = parseStyleFormats(book.stylesPath ? readPart(zip, book.stylesPath) : undefined);
  await checkpoint(opts.signal);
  // SheetJS's number formatter joins the context the first time a cell needs it (see NeedsFormatter).
  const ctx: SheetContext = { shared, formats, date1904: book.date1904 };
  for (const sheet of candidates) {
    const entry = partEntry(zip, sheet.path);
    if (entry === undefined) throw new XlsxFormatError(`missing sheet part ${sheet.path}`);
    const gate = new RowGate(limits, sink);
    await scanSheet(inflateChunks(zip, entry, opts.onRead), ctx, gate, limits, opts.signal);
    if (gate.size > 0) return { sheetNames, sheet: sheet.name };
  }
  return { sheetNames, sheet: candidates[0]!.name };
}

/** streamXlsx with every row kept (tests compare it with SheetJS's reading). */
export async function readXlsx(
  bytes: Uint8Array,
  zip: ZipIndex,
  opts: { sheet?: string; signal?: AbortSignal },
  limits: ImportLimits,
  onSheetMissing: (name: string, available: string[]) => Error,
): Promise<XlsxBook & { grid: RawGrid }> {
  void bytes; // the index holds the archive it was read from
  const grid: RawGrid = { rows: [], lines: [] };
  const book = await streamXlsx(zip, opts, limits, onSheetMissing, (cells, line) => {
    grid.rows.push(cells);
    grid.lines.push(line);
  });
  return { grid, ...book };
}
