import { ImportFileError } from './import-errors';
import type { ImportLimits } from './limits';
import { readWithSheetjs } from './sheetjs/read-sheetjs';
import { readXlsx } from './xlsx/read-xlsx';
import type { RawGrid } from './types';
import { XlsxFormatError } from './xlsx/xlsx-parts';
import { inflateEntry, inspectZip, verifyZipExpansion, type ZipIndex } from './xlsx/zip-guard';

export type SpreadsheetFile = {
  format: 'xlsx' | 'xls' | 'ods';
  grid: RawGrid;
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
function zipKind(bytes: Uint8Array, zip: ZipIndex): 'xlsx' | 'ods' {
  const names = [...zip.byName.keys()];
  if (zip.byName.has('xl/workbook.bin')) throw unsupported('xlsb');
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  const mimetype = zip.byName.get('mimetype');
  if (mimetype && mimetype.declaredSize < 200) {
    const mime = inflateEntry(bytes, mimetype).toString('latin1').trim();
    if (mime.startsWith(ODS_MIME)) return 'ods';
    if (mime.startsWith('application/vnd.oasis.opendocument.'))
      throw unsupported(mime.split('.').pop() ?? 'odf');
  }
  if (names.some((n) => n.startsWith('word/'))) throw unsupported('docx');
  if (names.some((n) => n.startsWith('ppt/'))) throw unsupported('pptx');
  throw unsupported('zip');
}

/** Workbook bytes (zip or OLE container) to rows of one sheet. */
export async function readSpreadsheet(
  bytes: Uint8Array,
  container: 'zip' | 'cfb',
  opts: { sheet?: string; signal?: AbortSignal },
  limits: ImportLimits,
): Promise<SpreadsheetFile> {
  if (container === 'cfb') {
    // Legacy .xls (or an encrypted OOXML, which SheetJS reports as password-protected).
    return { format: 'xls', ...(await readWithSheetjs(bytes, opts, limits, sheetMissing)) };
  }
  const zip = inspectZip(bytes, limits);
  const format = zipKind(bytes, zip);
  if (format === 'xlsx') {
    try {
      return { format, ...(await readXlsx(bytes, zip, opts, limits, sheetMissing)) };
    } catch (error) {
      if (!(error instanceof XlsxFormatError)) throw error;
      // Unusual but maybe valid XLSX: let SheetJS try, behind the same guards.
    }
  }
  verifyZipExpansion(bytes, zip);
  return { format, ...(await readWithSheetjs(bytes, opts, limits, sheetMissing)) };
}
