import iconv from 'iconv-lite';
import { describeReason, errorColumnHeader, toReasonLocale } from './reasons';
import {
  extensionOf,
  loadSheetjs,
  TEXT_EXTENSIONS,
  type ImportFormat,
  type ParsedTable,
} from '../../spreadsheet';
import type { RejectedRow } from './plan-types';
import { csvCell } from '../../export/csv';

/** `format`: the file's own, or XLSX for a DIF (whose SheetJS writer keeps no text beside a number's digits). */
export type ErrorFile = {
  bytes: Uint8Array;
  fileName: string;
  mime: string;
  format: Exclude<ImportFormat, 'dif'>;
};

const MIME: Record<Exclude<ImportFormat, 'dif'>, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

const BOOK_TYPE = { xlsx: 'xlsx', xls: 'biff8', ods: 'ods' } as const;

/**
 * The rejected rows, in the same format as the file they came from (CSV/TXT
 * with its delimiter, encoding, BOM and line breaks; XLSX, XLS or ODS), with
 * the header and one more column saying why each row was refused, so the
 * user can fix them and import this file again. Cells are written as text
 * so that phones stay exactly as they were.
 */
export async function writeErrorFile(
  table: ParsedTable,
  rejected: readonly RejectedRow[],
  locale: string,
): Promise<ErrorFile> {
  const lang = toReasonLocale(locale);
  const width = table.headers.length;
  const records: string[][] = [];
  if (table.headerLine > 0) records.push([...table.headers, errorColumnHeader(lang)]);
  for (const row of rejected) {
    const cells = row.cells.slice(0, width);
    while (cells.length < width) cells.push('');
    records.push([...cells, describeReason(row.reason, row.params, lang)]);
  }
  const format = table.format === 'dif' ? 'xlsx' : table.format;
  const fileName = errorFileName(table, format, lang);
  if (format === 'csv' || format === 'txt') {
    return {
      bytes: encodeDelimited(records, table),
      fileName,
      mime: `${MIME[format]}; charset=${table.encoding ?? 'utf-8'}`,
      format,
    };
  }
  const XLSX = await loadSheetjs();
  const sheet = XLSX.utils.aoa_to_sheet(records);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, lang === 'pt-BR' ? 'Recusados' : 'Rejected');
  const bytes = XLSX.write(book, {
    type: 'buffer',
    bookType: BOOK_TYPE[format],
    compression: true,
  }) as Buffer;
  return {
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    fileName,
    mime: MIME[format],
    format,
  };
}

/**
 * "<name>-recusados.<ext>": the original extension for text files (.csv,
 * .txt, .tsv), the real format's for spreadsheets (an XLSX renamed .xls gets
 * .xlsx back, or Excel would refuse to open it).
 */
function errorFileName(table: ParsedTable, format: ErrorFile['format'], lang: 'pt-BR' | 'en'): string {
  const base = table.fileName.split(/[\\/]/).pop() || 'contatos';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const original = extensionOf(base);
  const textual = format === 'csv' || format === 'txt';
  const extension = textual && TEXT_EXTENSIONS.has(original) ? original : format;
  return `${stem}-${lang === 'pt-BR' ? 'recusados' : 'rejected'}.${extension}`;
}

function encodeDelimited(records: string[][], table: ParsedTable): Uint8Array {
  const delimiter = table.delimiter ?? ';';
  const lineBreak = table.lineBreak ?? '\r\n';
  const text =
    records.map((r) => r.map((v) => csvCell(v, delimiter, true)).join(delimiter)).join(lineBreak) + lineBreak;
  const encoding = table.encoding ?? 'utf-8';
  const body = iconv.encode(text, encoding, { addBOM: false });
  if (!table.bom) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  const bom = iconv.encode('\ufeff', encoding, { addBOM: false });
  const out = new Uint8Array(bom.length + body.length);
  out.set(bom, 0);
  out.set(body, bom.length);
  return out;
}
