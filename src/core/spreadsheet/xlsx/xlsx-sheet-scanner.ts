import { numberCellText } from '../rows/cell-text';
import { tooManyColumns, type RowGate } from '../rows/row-gate';
import { checkpoint } from '../import-errors';
import type { ImportLimits } from '../limits';
import { loadSheetjs, type SheetJs } from '../sheetjs/sheetjs';
import { decodeUtf8Latin1 } from '../text/utf8-text';
import type { SharedStrings } from './shared-strings';
import { afterLast, XmlCarry } from './xml-pieces';
import { isUtf16, XlsxFormatError } from './xlsx-parts';
import { collectText, decodeSpreadsheetText, getAttr, isNameEnd, rootPrefix } from './xml-text';

/** `ssf`: SheetJS's number formatter, once loaded; without it, a number that needs it throws NeedsFormatter. */
export type SheetContext = {
  shared: Pick<SharedStrings, 'get'>;
  formats: string[];
  date1904: boolean;
  ssf?: SheetJs['SSF'];
};

/**
 * A number whose text needs SheetJS's formatter (a date, a decimal, a custom
 * format) while it is not loaded: the row is read again once it is (the
 * scanner moves on only after a whole row). Sheets of text and whole
 * numbers never load it.
 */
export class NeedsFormatter extends Error {
  constructor() {
    super('This sheet has numbers to format with SheetJS.');
    this.name = 'NeedsFormatter';
  }
}

const ROWS_PER_CHUNK = 4096;

/**
 * Reads a worksheet's XML, as it is inflated, into the gate, keeping only
 * each cell's text. A single forward pass with indexOf and no per-cell regex
 * or substring of the tag: 100,000 rows take a few hundred milliseconds.
 * Numbers are formatted with SheetJS's SSF, so the text matches what SheetJS
 * and Excel show (whole numbers in General format, the usual phone cell,
 * without it).
 *
 * The XML is decoded a piece of rows at a time (each piece ends after a row)
 * and the cells' text copied out of it, so no piece outlives its rows: a
 * million-row sheet is some 200 MB of XML, never all in memory. Reading
 * stops at the end of <sheetData>: what follows it is not read, nor inflated.
 */
export async function scanSheet(
  chunks: AsyncIterable<Buffer>,
  ctx: SheetContext,
  gate: RowGate,
  limits: ImportLimits,
  signal: AbortSignal | undefined,
): Promise<void> {
  const carry = new XmlCarry('a row');
  let rows: { p: string; close: Buffer; end: Buffer } | undefined;
  let lastRow = 0;
  let count = 0;
  let first = true;
  for await (const chunk of chunks) {
    if (first && isUtf16(chunk)) return scanUtf16(chunk, chunks, ctx, gate, limits, signal);
    first = false;
    let bytes = carry.with(chunk);
    if (!rows) {
      const opened = openSheetData(bytes);
      if (!opened) {
        carry.keep(bytes);
        continue;
      }
      if (opened === 'empty') return;
      rows = opened.rows;
      bytes = bytes.subarray(opened.from);
    }
    // Element names are ASCII: the sheetData's end and the rows' ends are found in the bytes as they are.
    const end = bytes.indexOf(rows.end);
    const cut = end !== -1 ? end : afterLast(bytes, rows.close);
    if (cut > 0) {
      const { text, latin1 } = decodeUtf8Latin1(bytes.subarray(0, cut));
      const scanner = new SheetScanner(
        text,
        ctx,
        limits,
        { p: rows.p, start: 0, end: text.length, lastRow },
        latin1,
      );
      count = await addRows(scanner, gate, signal, count);
      lastRow = scanner.lastRow;
    }
    if (end !== -1) return;
    carry.keep(bytes.subarray(cut));
  }
  if (!rows) throw new XlsxFormatError('no sheetData');
  // <sheetData> never closed: what is left is its last rows.
  const { text, latin1 } = decodeUtf8Latin1(carry.rest);
  await addRows(
    new SheetScanner(text, ctx, limits, { p: rows.p, start: 0, end: text.length, lastRow }, latin1),
    gate,
    signal,
    count,
  );
}

/**
 * Finds <sheetData> in the worksheet's first bytes: undefined until it has
 * arrived, 'empty' for <sheetData/>, else where its rows start and the tags
 * that end them (with the document's namespace prefix).
 */
function openSheetData(
  bytes: Buffer,
): undefined | 'empty' | { from: number; rows: { p: string; close: Buffer; end: Buffer } } {
  const p = rootPrefix(bytes.toString('latin1', 0, Math.min(bytes.length, 64 * 1024)));
  const start = bytes.indexOf('<' + p + 'sheetData', 0, 'latin1');
  if (start === -1) return undefined;
  const gt = bytes.indexOf('>', start, 'latin1');
  if (gt === -1) return undefined;
  if (bytes[gt - 1] === 47) return 'empty';
  return {
    from: gt + 1,
    rows: {
      p,
      close: Buffer.from('</' + p + 'row>', 'latin1'),
      end: Buffer.from('</' + p + 'sheetData>', 'latin1'),
    },
  };
}

/** A worksheet saved as UTF-16 (rare: Excel writes UTF-8), read as one string, cells sliced from it. */
async function scanUtf16(
  first: Buffer,
  rest: AsyncIterable<Buffer>,
  ctx: SheetContext,
  gate: RowGate,
  limits: ImportLimits,
  signal: AbortSignal | undefined,
): Promise<void> {
  const all = [first];
  let size = first.length;
  for await (const chunk of rest) {
    size += chunk.length;
    if (size > MAX_UTF16_SHEET) throw new XlsxFormatError('UTF-16 worksheet too large');
    all.push(chunk);
  }
  const xml = new TextDecoder('utf-16le').decode(Buffer.concat(all));
  await addRows(new SheetScanner(xml, ctx, limits, wholeSheet(xml)), gate, signal, 0);
}

/** A UTF-16 worksheet is read whole: at most this much of it (then SheetJS may try). */
const MAX_UTF16_SHEET = 64 * 1024 * 1024;

async function addRows(
  scanner: SheetScanner,
  gate: RowGate,
  signal: AbortSignal | undefined,
  rows: number,
): Promise<number> {
  for (;;) {
    let row: ReturnType<SheetScanner['nextRow']>;
    try {
      row = scanner.nextRow();
    } catch (error) {
      if (!(error instanceof NeedsFormatter) || scanner.ctx.ssf) throw error;
      scanner.ctx.ssf = (await loadSheetjs()).SSF;
      scanner.rewindRow();
      continue;
    }
    if (row === undefined) return rows;
    gate.add(row.cells, row.line);
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
    readonly ctx: SheetContext,
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

  /** Before reading again a row that failed halfway: the cached `<v` position may be past its first cells. */
  rewindRow(): void {
    this.nextV = -1;
  }

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
      if (xml.charCodeAt(gt - 1) === 47) {
        this.lastRow = line;
        this.pos = gt + 1;
        return { cells: [], line };
      }
      const close = xml.indexOf(this.rowClose, gt);
      if (close === -1) throw new XlsxFormatError('unterminated row');
      // Read before moving on: a row that needs SheetJS's formatter is read again once it is loaded.
      const cells = this.readCells(gt + 1, close);
      this.lastRow = line;
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
        if (tag.type === 's') return sharedString(ctx, intAt(xml, gt + 1, close));
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
        return sharedString(ctx, Number(raw));
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

/** A cell's shared string; an index past the table is a damaged package (SheetJS gets the file instead). */
function sharedString(ctx: SheetContext, index: number): string {
  const text = Number.isInteger(index) ? ctx.shared.get(index) : undefined;
  if (text === undefined) throw new XlsxFormatError('shared string index out of range');
  return text;
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
