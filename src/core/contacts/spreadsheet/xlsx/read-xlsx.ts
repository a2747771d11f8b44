import { GridBuilder } from '../rows/grid-builder';
import { checkpoint } from '../import-errors';
import type { ImportLimits } from '../limits';
import { loadSheetjs, type SheetJs } from '../sheetjs/sheetjs';
import type { RawGrid } from '../types';
import { NeedsFormatter, scanSheet } from './xlsx-sheet-scanner';
import {
  parseSharedStrings,
  parseStyleFormats,
  readPart,
  readPartBytes,
  readWorkbook,
  XlsxFormatError,
  type XlsxSheet,
} from './xlsx-parts';
import type { ZipIndex } from './zip-guard';

/**
 * Fast XLSX reader: SheetJS needs about 2.5 s and 300+ MB for a 100,000-row
 * sheet, far over the import budget, so the common case is read here: the
 * package parts with xlsx-parts, the sheet with xlsx-sheet-scanner.
 * Anything unexpected throws XlsxFormatError and the caller falls back to
 * SheetJS.
 */
export type XlsxReadResult = { grid: RawGrid; sheetNames: string[]; sheet: string };

export async function readXlsx(
  bytes: Uint8Array,
  zip: ZipIndex,
  opts: { sheet?: string; signal?: AbortSignal },
  limits: ImportLimits,
  onSheetMissing: (name: string, available: string[]) => Error,
): Promise<XlsxReadResult> {
  const book = readWorkbook(bytes, zip);
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
  const shared = parseSharedStrings(
    book.sharedStringsPath ? readPart(bytes, zip, book.sharedStringsPath) : undefined,
  );
  const formats = parseStyleFormats(book.stylesPath ? readPart(bytes, zip, book.stylesPath) : undefined);
  await checkpoint(opts.signal);
  let ssf: SheetJs['SSF'] | undefined;

  let first: XlsxReadResult | undefined;
  for (const sheet of candidates) {
    const part = readPartBytes(bytes, zip, sheet.path);
    if (part === undefined) throw new XlsxFormatError(`missing sheet part ${sheet.path}`);
    let builder: GridBuilder;
    try {
      for (;;) {
        builder = new GridBuilder(limits);
        try {
          const ctx = { shared, formats, date1904: book.date1904, ssf };
          await scanSheet(part.data, ctx, builder, limits, opts.signal);
          break;
        } catch (error) {
          if (!(error instanceof NeedsFormatter) || ssf) throw error;
          // Usually met in the first rows (a date column): the scan starts again with SheetJS loaded.
          ssf = (await loadSheetjs()).SSF;
        }
      }
    } finally {
      part.release();
    }
    const result = { grid: builder.build(), sheetNames, sheet: sheet.name };
    if (builder.size > 0) return result;
    first ??= result;
  }
  return first!;
}
