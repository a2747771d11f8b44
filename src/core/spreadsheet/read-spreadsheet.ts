import { ImportFileError } from './import-errors';
import type { ImportLimits } from './limits';
import type { RowSink } from './rows/row-gate';
import { streamWithSheetjs } from './sheetjs/read-sheetjs';
import { readAll, type ByteSource } from './source/byte-source';
import { streamXlsx } from './xlsx/read-xlsx';
import { XlsxFormatError } from './xlsx/xlsx-parts';
import { inflateEntry, inspectZip, verifyZipExpansion, type ZipIndex } from './xlsx/zip-guard';

export type SpreadsheetFile = {
  format: 'xlsx' | 'xls' | 'ods';
  sheetNames: string[];
  sheet: string;
};

const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';

function sheetMissing(name: string, available: string[]): ImportFileError {
  return new ImportFileError('sheet_not_found', `There is no sheet named "${name}".`, {
    sheet: name,
    available: available.join(', '),
  });
}

function unsupported(detected: string): ImportFileError {
  return new ImportFileError(
    'unsupported_format',
    `This is a ${detected} file, not a spreadsheet Torpedo reads.`,
    {
      detected,
    },
  );
}

/** What kind of document a zip holds, judged from its entry names (nothing inflated but `mimetype`). */
function zipKind(zip: ZipIndex): 'xlsx' | 'ods' {
  const names = [...zip.byName.keys()];
  if (zip.byName.has('xl/workbook.bin')) throw unsupported('xlsb');
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  const mimetype = zip.byName.get('mimetype');
  if (mimetype && mimetype.declaredSize < 200) {
    const mime = inflateEntry(zip, mimetype).toString('latin1').trim();
    if (mime.startsWith(ODS_MIME)) return 'ods';
    if (mime.startsWith('application/vnd.oasis.opendocument.'))
      throw unsupported(mime.split('.').pop() ?? 'odf');
  }
  if (names.some((n) => n.startsWith('word/'))) throw unsupported('docx');
  if (names.some((n) => n.startsWith('ppt/'))) throw unsupported('pptx');
  throw unsupported('zip');
}

/**
 * Workbook bytes (zip or OLE container) to the rows of one sheet, into the
 * sink `open()` returns. An XLSX goes to the fast streaming reader; what it
 * declines, SheetJS reads (from the start, into a fresh sink if the fast
 * reader had passed rows on already). When the fast reader found the
 * package damaged and SheetJS then finds nothing in it, the file is called
 * damaged, not empty: an empty workbook is only one read as such.
 */
export async function readSpreadsheet(
  source: ByteSource,
  container: 'zip' | 'cfb',
  opts: { sheet?: string; signal?: AbortSignal; onRead?: (done: number) => void },
  limits: ImportLimits,
  open: () => RowSink,
): Promise<SpreadsheetFile> {
  if (container === 'cfb') {
    // Legacy .xls (or an encrypted OOXML, which SheetJS reports as password-protected).
    return {
      format: 'xls',
      ...(await streamWithSheetjs(readAll(source), opts, limits, sheetMissing, open())),
    };
  }
  const zip = inspectZip(source, limits);
  const format = zipKind(zip);
  let sink = open();
  let declined: XlsxFormatError | undefined;
  if (format === 'xlsx') {
    let passed = 0;
    const counted: RowSink = (cells, line) => {
      passed++;
      sink(cells, line);
    };
    try {
      return { format, ...(await streamXlsx(zip, opts, limits, sheetMissing, counted)) };
    } catch (error) {
      if (!(error instanceof XlsxFormatError)) throw error;
      // Unusual but maybe valid XLSX: let SheetJS try, behind the same guards.
      declined = error;
      if (passed > 0) sink = open();
    }
  }
  await verifyZipExpansion(zip, limits);
  let rows = 0;
  const sheetjsOpts = { ...opts, rangeIsContent: format === 'ods' };
  const book = await streamWithSheetjs(readAll(source), sheetjsOpts, limits, sheetMissing, (cells, line) => {
    rows++;
    sink(cells, line);
  });
  if (declined && rows === 0) {
    throw new ImportFileError('unreadable_file', `The workbook is damaged (${declined.message}).`);
  }
  return { format, ...book };
}
