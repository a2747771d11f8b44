import { numberCellText } from '../rows/cell-text';
import { tooManyColumns, type GridBuilder } from '../rows/grid-builder';
import { checkpoint } from '../import-errors';
import type { ImportLimits } from '../limits';
import type { SheetJs } from '../sheetjs/sheetjs';
import { decodeUtf8Latin1 } from '../text/utf8-text';
import { isUtf16, XlsxFormatError } from './xlsx-parts';
import { collectText, decodeSpreadsheetText, getAttr, isNameEnd, rootPrefix } from './xml-text';

/** `ssf`: SheetJS's number formatter, once loaded; without it, a number that needs it throws NeedsFormatter. */
export type SheetContext = { shared: string[]; formats: string[]; date1904: boolean; ssf?: SheetJs['SSF'] };

/**
 * A number whose text needs SheetJS's formatter (a date, a decimal, a custom
 * format) while it is not loaded: the caller loads it and scans the sheet
 * again. Sheets of text and whole numbers never load it.
 */
export class NeedsFormatter extends Error {
  constructor() {
    super('This sheet has numbers to format with SheetJS.');
    this.name = 'NeedsFormatter';
  }
}

const ROWS_PER_CHUNK = 4096;
/** Bytes of sheet XML decoded at a time (cut after a row; more for a row that is longer). */
const PIECE_BYTES = 64 * 1024;

/**
 * Reads a worksheet's XML into the grid, keeping only each cell's text. A
 * single forward pass with indexOf and no per-cell regex or substring of the
 * tag: 100,000 rows take a few hundred milliseconds. Numbers are formatted
 * with SheetJS's SSF, so the text matches what SheetJS and Excel show
 * (whole numbers in General format, the usual phone cell, without it).
 *
 * The XML is decoded a piece of rows at a time and the cells' text copied out
 * of it, so no piece outlives its rows: the sheet's text as one string was
 * tens of MB (a 100,000-row sheet of text cells, 20 MB) that every cell,
 * a slice of it, kept alive until the import ended.
 */
export async function scanSheet(
  sheet: Uint8Array,
  ctx: SheetContext,
  builder: GridBuilder,
  limits: ImportLimits,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (isUtf16(sheet)) {
    // Rare (Excel writes UTF-8): read as one string, cells sliced from it.
    const xml = new TextDecoder('utf-16le').decode(sheet);
    await addRows(new SheetScanner(xml, ctx, limits, wholeSheet(xml)), builder, signal, 0);
    return;
  }
  const bytes = Buffer.from(sheet.buffer, sheet.byteOffset, sheet.byteLength);
  // Element names are ASCII: the prefix and the sheetData bounds are found in the bytes as they are.
  const p = rootPrefix(bytes.toString('latin1', 0, Math.min(bytes.length, PIECE_BYTES)));
  const start = bytes.indexOf('<' + p + 'sheetData', 0, 'latin1');
  if (start === -1) throw new XlsxFormatError('no sheetData');
  const endTag = bytes.indexOf('</' + p + 'sheetData>', start, 'latin1');
  const end = endTag === -1 ? bytes.length : endTag;
  const gt = bytes.indexOf('>', start, 'latin1');
  if (gt === -1) throw new XlsxFormatError('unterminated sheetData');
  const rowClose = Buffer.from('</' + p + 'row>', 'latin1');
  let lastRow = 0;
  let rows = 0;
  for (let pos = bytes[gt - 1] === 47 ? end : gt + 1; pos < end;) {
    const cut = pieceEnd(bytes, pos, end, rowClose);
    const { text, latin1 } = decodeUtf8Latin1(bytes.subarray(pos, cut));
    const scanner = new SheetScanner(text, ctx, limits, { p, start: 0, end: text.length, lastRow }, latin1);
    rows = await addRows(scanner, builder, signal, rows);
    lastRow = scanner.lastRow;
    pos = cut;
  }
}

/** Where the piece from `pos` ends: just after the last row end within PIECE_BYTES, or more. */
function pieceEnd(bytes: Buffer, pos: number, end: number, rowClose: Buffer): number {
  for (let size = PIECE_BYTES; ; size *= 2) {
    if (pos + size >= end) return end;
    const at = bytes.lastIndexOf(rowClose, pos + size - rowClose.length);
    if (at >= pos) return at + rowClose.length;
  }
}

async function addRows(
  scanner: SheetScanner,
  builder: GridBuilder,
  signal: AbortSignal | undefined,
  rows: number,
): Promise<number> {
  for (;;) {
    const row = scanner.nextRow();
    if (row === undefined) return rows;
    builder.add(row.cells, row.line);
    if (++rows % ROWS_PER_CHUNK === 0) await checkpoint(signal);
  }
}

type CellTag = { col: number; type: string; style: number };

/** The part of `xml` a scanner reads: its rows are within [start, end); `lastRow` is the row before them. */
type SheetRange = { p: string; start: number; end: number; lastRow: number };

/** The rows of a whole worksheet document. */
function wholeSheet(xml: string): SheetRange {
  const p = rootPrefix(xml);
  const start = xml.indexOf('<' + p + 'sheetData');
  if (start === -1) throw new XlsxFormatError('no sheetData');
  const endTag = xml.indexOf('</' + p + 'sheetData>', start);
  const end = endTag === -1 ? xml.length : endTag;
  const gt = xml.indexOf('>', start);
  return { p, start: xml.charCodeAt(gt - 1) === 47 ? end : gt + 1, end, lastRow: 0 }; // <sheetData/>
}

class SheetScanner {
  private readonly p: string;
  private readonly rowOpen: string;
  private readonly rowClose: string;
  private readonly cOpen: string;
  private readonly cClose: string;
  private readonly vOpen: string;
  private readonly vClose: string;
  private readonly end: number;
  private pos: number;
  lastRow: number;
  /** Next `<v` tag at or after pos, cached so cells without one never rescan the document. */
  private nextV = -1;
  private readonly tag: CellTag = { col: -1, type: '', style: -1 };

  /**
   * `latin1`: the Latin-1 bytes of `xml` when it has them (see decodeUtf8Latin1):
   * cell text is then copied out of them rather than sliced from `xml`.
   */
  constructor(
    private readonly xml: string,
    private readonly ctx: SheetContext,
    private readonly limits: ImportLimits,
    range: SheetRange,
    private readonly latin1?: Buffer,
  ) {
    const { p } = range;
    this.p = p;
    this.rowOpen = '<' + p + 'row';
    this.rowClose = '</' + p + 'row>';
    this.cOpen = '<' + p + 'c';
    this.cClose = '</' + p + 'c>';
    this.vOpen = '<' + p + 'v';
    this.vClose = '</' + p + 'v>';
    this.pos = range.start;
    this.end = range.end;
    this.lastRow = range.lastRow;
  }

  /** xml[from, to), as a string that does not keep xml alive when possible. */
  private readonly cut = (from: number, to: number): string =>
    this.latin1 ? this.latin1.toString('latin1', from, to) : this.xml.slice(from, to);

  /** The next <row> with its 1-based number; undefined at the end of sheetData. */
  nextRow(): { cells: string[]; line: number } | undefined {
    const { xml, end } = this;
    for (;;) {
      const at = xml.indexOf(this.rowOpen, this.pos);
      if (at === -1 || at >= end) return undefined;
      if (!isNameEnd(xml.charCodeAt(at + this.rowOpen.length))) {
        this.pos = at + 1;
        continue;
      }
      const gt = xml.indexOf('>', at);
      const r = getAttr(xml.slice(at, gt), 'r');
      const line = r === undefined ? this.lastRow + 1 : Number(r);
      if (!Number.isInteger(line) || line <= this.lastRow) throw new XlsxFormatError('rows out of order');
      this.lastRow = line;
      if (xml.charCodeAt(gt - 1) === 47) {
        this.pos = gt + 1;
        return { cells: [], line };
      }
      const close = xml.indexOf(this.rowClose, gt);
      if (close === -1) throw new XlsxFormatError('unterminated row');
      const cells = this.readCells(gt + 1, close);
      this.pos = close + this.rowClose.length;
      return { cells, line };
    }
  }

  private readCells(from: number, to: number): string[] {
    const { xml, cOpen, cClose, tag } = this;
    const cells: string[] = [];
    let col = -1;
    let pos = from;
    for (;;) {
      const at = xml.indexOf(cOpen, pos);
      if (at === -1 || at >= to) break;
      if (!isNameEnd(xml.charCodeAt(at + cOpen.length))) {
        pos = at + 1;
        continue;
      }
      const gt = xml.indexOf('>', at);
      readCellTag(xml, at + cOpen.length, gt, tag);
      col = tag.col === -1 ? col + 1 : tag.col;
      if (xml.charCodeAt(gt - 1) === 47) {
        pos = gt + 1;
        continue;
      }
      const close = xml.indexOf(cClose, gt);
      if (close === -1 || close > to) throw new XlsxFormatError('unterminated cell');
      const text = this.cellText(gt + 1, close);
      if (text !== '') {
        if (col >= this.limits.maxColumns) throw tooManyColumns(col + 1, this.limits.maxColumns);
        cells[col] = text;
      }
      pos = close + cClose.length;
    }
    for (let k = 0; k < cells.length; k++) if (cells[k] === undefined) cells[k] = '';
    return cells;
  }

  /** Text of the cell whose content is xml[from, to), by the type and style in this.tag. */
  private cellText(from: number, to: number): string {
    const { xml, p, tag, ctx } = this;
    if (tag.type === 'inlineStr') return collectText(xml, from, to, p, this.cut);
    if (this.nextV < from) this.nextV = findOpenTag(xml, this.vOpen, from);
    let raw: string | undefined;
    if (this.nextV < to) {
      const gt = xml.indexOf('>', this.nextV);
      if (xml.charCodeAt(gt - 1) === 47) raw = '';
      else {
        const close = xml.indexOf(this.vClose, gt);
        if (close === -1 || close > to) throw new XlsxFormatError('unterminated value');
        if (tag.type === 's') return ctx.shared[intAt(xml, gt + 1, close)] ?? '';
        raw = this.cut(gt + 1, close);
      }
    }
    if (raw === undefined) {
      // A formula without a cached result: keep its text, never evaluate it.
      const formula = childText(this.cut(from, to), p + 'f');
      return formula ? '=' + decodeSpreadsheetText(formula) : '';
    }
    switch (tag.type) {
      case 's':
        return ctx.shared[Number(raw)] ?? '';
      case 'b':
        return raw === '1' || raw === 'true' ? 'TRUE' : 'FALSE';
      case 'str':
      case 'e':
      case 'd':
        return decodeSpreadsheetText(raw);
      default: {
        const value = Number(raw);
        if (raw === '' || !Number.isFinite(value)) return decodeSpreadsheetText(raw);
        const format = (tag.style === -1 ? undefined : ctx.formats[tag.style]) ?? 'General';
        return numberCellText(value, formatNumber(value, format, ctx.date1904, ctx.ssf));
      }
    }
  }
}

/** Index of the next `<name` tag (not `<names`) at or after `from`; xml.length when none. */
function findOpenTag(xml: string, open: string, from: number): number {
  let at = xml.indexOf(open, from);
  while (at !== -1 && !isNameEnd(xml.charCodeAt(at + open.length))) at = xml.indexOf(open, at + 1);
  return at === -1 ? xml.length : at;
}

/**
 * The r, t and s attributes of a <c> tag in one pass over xml[from, to)
 * (just after "<c"), without slicing the tag. Cell attributes are never prefixed.
 */
function readCellTag(xml: string, from: number, to: number, out: CellTag): void {
  out.col = -1;
  out.type = '';
  out.style = -1;
  let i = from;
  for (;;) {
    const eq = xml.indexOf('=', i);
    if (eq === -1 || eq >= to) return;
    let nameStart = eq;
    while (nameStart > i && !isSpace(xml.charCodeAt(nameStart - 1))) nameStart--;
    const quote = xml.charCodeAt(eq + 1);
    if (quote !== 34 && quote !== 39) throw new XlsxFormatError('bad attribute');
    const valueStart = eq + 2;
    const valueEnd = xml.indexOf(quote === 34 ? '"' : "'", valueStart);
    if (valueEnd === -1 || valueEnd > to) throw new XlsxFormatError('bad attribute');
    if (eq - nameStart === 1) {
      const name = xml.charCodeAt(nameStart);
      if (name === 114 /* r */) out.col = columnAt(xml, valueStart, valueEnd);
      else if (name === 116 /* t */) out.type = cellType(xml, valueStart, valueEnd);
      else if (name === 115 /* s */) out.style = intAt(xml, valueStart, valueEnd);
    }
    i = valueEnd + 1;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** The cell type as a shared constant string (no allocation for the usual ones). */
function cellType(xml: string, from: number, to: number): string {
  const length = to - from;
  const first = xml.charCodeAt(from);
  if (length === 1) {
    if (first === 115) return 's';
    if (first === 110) return 'n';
    if (first === 98) return 'b';
    if (first === 101) return 'e';
    if (first === 100) return 'd';
  }
  if (length === 3 && xml.startsWith('str', from)) return 'str';
  if (length === 9 && xml.startsWith('inlineStr', from)) return 'inlineStr';
  return xml.slice(from, to);
}

/** "BC12" at xml[from, to) -> 54 (0-based). */
function columnAt(xml: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = xml.charCodeAt(i) | 0x20; // lower-case letters
    if (c < 97 || c > 122) break;
    n = n * 26 + (c - 96);
  }
  if (n === 0) throw new XlsxFormatError('bad cell reference');
  return n - 1;
}

function intAt(xml: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = xml.charCodeAt(i) - 48;
    if (d < 0 || d > 9) throw new XlsxFormatError('bad number');
    n = n * 10 + d;
  }
  return n;
}

/** Content of the first <name> child of a cell's inner XML; undefined when absent, '' when empty. */
function childText(inner: string, name: string): string | undefined {
  const open = '<' + name;
  const at = findOpenTag(inner, open, 0);
  if (at === inner.length) return undefined;
  const gt = inner.indexOf('>', at);
  if (inner.charCodeAt(gt - 1) === 47) return '';
  const end = inner.indexOf('</' + name + '>', gt);
  return end === -1 ? undefined : inner.slice(gt + 1, end);
}

function formatNumber(
  value: number,
  format: string,
  date1904: boolean,
  ssf: SheetJs['SSF'] | undefined,
): string {
  // Skip SSF for the common General integers: up to 11 digits Excel shows them as they are; from 12 it
  // shows 6 significant digits in scientific notation, which numberCellText would replace by the digits
  // anyway unless those 6 digits are all there is (then SSF's scientific text is the right answer).
  if (format === 'General' && Number.isSafeInteger(value)) {
    if (Math.abs(value) < 1e11 || Number(value.toPrecision(6)) !== value) return String(value);
  }
  if (!ssf) throw new NeedsFormatter();
  try {
    return ssf.format(format, value, { date1904 });
  } catch {
    return String(value);
  }
}
