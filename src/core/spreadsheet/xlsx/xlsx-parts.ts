import { ImportFileError } from '../import-errors';
import { decodeUtf8 } from '../text/utf8-text';
import { inflateEntry, type ZipEntry, type ZipIndex } from './zip-guard';
import { decodeXml, findTags, getAttr, rootPrefix, tagAt } from './xml-text';

/** The fast reader met something it does not handle; SheetJS gets the file instead. */
export class XlsxFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxFormatError';
  }
}

export type XlsxSheet = { name: string; path: string; hidden: boolean };

/** The parts of an XLSX package needed to read one sheet's cell text. */
export type XlsxWorkbook = {
  sheets: XlsxSheet[];
  date1904: boolean;
  sharedStringsPath?: string;
  stylesPath?: string;
};

/**
 * The most a part read whole may hold (the workbook, its relationships,
 * styles; a UTF-16 sheet). Worksheets and shared strings are streamed.
 */
export const MAX_WHOLE_PART = 64 * 1024 * 1024;

/** Reads a zip entry as text, inflating it no further than its declared size. */
export function readPart(zip: ZipIndex, path: string): string | undefined {
  const part = readPartBytes(zip, path);
  if (!part) return undefined;
  const { data } = part;
  const text = isUtf16(data) ? new TextDecoder('utf-16le').decode(data) : decodeUtf8(data);
  part.release();
  return text;
}

/**
 * A zip entry's bytes, inflated no further than its declared size. A sheet
 * inflates to tens of MB that V8 would free only at its next full
 * collection, long after the sheet was read: `release` frees them at once
 * (a stored entry is a view of the file's bytes, which stay).
 */
export function readPartBytes(zip: ZipIndex, path: string): { data: Buffer; release(): void } | undefined {
  const entry = partEntry(zip, path);
  if (!entry) return undefined;
  if (entry.declaredSize > MAX_WHOLE_PART) {
    throw new ImportFileError('too_large', `The part ${entry.name} is too large to read whole.`, {
      part: entry.name,
    });
  }
  const data = inflateEntry(zip, entry);
  const release = () => {
    if (entry.method === 0) return;
    const buffer = data.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
    buffer.transfer?.(0);
  };
  return { data, release };
}

/** The zip entry of a package part (names compared without case, as Excel does). */
export function partEntry(zip: ZipIndex, path: string): ZipEntry | undefined {
  return zip.byName.get(path.toLowerCase());
}

/** XML saved as UTF-16 (little endian, with its byte-order mark); otherwise it is UTF-8. */
export const isUtf16 = (data: Uint8Array): boolean => data[0] === 0xff && data[1] === 0xfe;

function resolveTarget(ownerPath: string, rawTarget: string): string {
  // Some writers use Windows separators in targets.
  const target = rawTarget.replace(/\\/g, '/');
  if (target.startsWith('/')) return target.slice(1);
  const parts = ownerPath.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

function relsPathFor(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

type Relationship = { id: string; type: string; target: string };

function parseRels(xml: string | undefined, ownerPath: string): Relationship[] {
  if (!xml) return [];
  const p = rootPrefix(xml);
  const out: Relationship[] = [];
  for (const at of findTags(xml, p + 'Relationship')) {
    const tag = tagAt(xml, at);
    const id = getAttr(tag, 'Id');
    const target = getAttr(tag, 'Target');
    if (id === undefined || target === undefined) continue;
    if (getAttr(tag, 'TargetMode') === 'External') continue;
    out.push({
      id,
      type: getAttr(tag, 'Type') ?? '',
      target: resolveTarget(ownerPath, decodeXml(target)),
    });
  }
  return out;
}

/** Any attribute named `<prefix>:id` (the r:id of a <sheet>, whatever the prefix). */
const RELATIONSHIP_ID = /\s[\w.-]+:id\s*=\s*["']([^"']*)["']/;

export function readWorkbook(zip: ZipIndex): XlsxWorkbook {
  const rootRels = parseRels(readPart(zip, '_rels/.rels'), '');
  const workbookPath = rootRels.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const xml = readPart(zip, workbookPath);
  if (!xml) throw new XlsxFormatError('no workbook part');
  const rels = parseRels(readPart(zip, relsPathFor(workbookPath)), workbookPath);
  const byId = new Map(rels.map((r) => [r.id, r.target]));
  const p = rootPrefix(xml);

  const sheets: XlsxSheet[] = [];
  for (const at of findTags(xml, p + 'sheet')) {
    const tag = tagAt(xml, at);
    const name = getAttr(tag, 'name');
    const id = RELATIONSHIP_ID.exec(tag)?.[1];
    const path = id === undefined ? undefined : byId.get(id);
    if (name === undefined || path === undefined) throw new XlsxFormatError('sheet without name or part');
    const state = getAttr(tag, 'state');
    sheets.push({ name: decodeXml(name), path, hidden: state === 'hidden' || state === 'veryHidden' });
  }
  if (sheets.length === 0) throw new XlsxFormatError('no sheets');

  let date1904 = false;
  for (const at of findTags(xml, p + 'workbookPr')) {
    const v = getAttr(tagAt(xml, at), 'date1904');
    date1904 = v === '1' || v === 'true';
  }
  const byType = (suffix: string) => rels.find((r) => r.type.endsWith(suffix))?.target;
  return { sheets, date1904, sharedStringsPath: byType('/sharedStrings'), stylesPath: byType('/styles') };
}

/**
 * Excel's short-date format (id 14) follows the computer's locale; Torpedo is
 * for Brazil, so it reads as dd/mm/yyyy (SheetJS's `dateNF` does the same).
 */
export const SHORT_DATE_FORMAT = 'dd/mm/yyyy';

/**
 * The built-in number formats (ECMA-376 part 1, 18.8.30) as SheetJS's SSF
 * knows them (`SSF.get_table()`, checked by a test): here so that reading an
 * XLSX loads SheetJS only for the numbers that need its formatter.
 */
export const BUILT_IN_FORMATS: Readonly<Record<number, string>> = Object.freeze({
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'm/d/yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
  56: '"上午/下午 "hh"時"mm"分"ss"秒 "',
});

/** The number format of each cell style (`s` attribute) of the workbook. */
export function parseStyleFormats(xml: string | undefined): string[] {
  const formatFor = (id: number, custom: Map<number, string>) =>
    id === 14 ? SHORT_DATE_FORMAT : (custom.get(id) ?? BUILT_IN_FORMATS[id] ?? 'General');
  if (!xml) return [];
  const p = rootPrefix(xml);
  const custom = new Map<number, string>();
  for (const at of findTags(xml, p + 'numFmt')) {
    const tag = tagAt(xml, at);
    const id = Number(getAttr(tag, 'numFmtId'));
    const code = getAttr(tag, 'formatCode');
    if (Number.isInteger(id) && code !== undefined) custom.set(id, decodeXml(code));
  }
  const formats: string[] = [];
  const xfsStart = xml.indexOf('<' + p + 'cellXfs');
  if (xfsStart === -1) return formats;
  const xfsEnd = xml.indexOf('</' + p + 'cellXfs>', xfsStart);
  for (const at of findTags(xml, p + 'xf', xfsStart, xfsEnd === -1 ? xml.length : xfsEnd)) {
    const id = Number(getAttr(tagAt(xml, at), 'numFmtId') ?? 0);
    formats.push(formatFor(Number.isInteger(id) ? id : 0, custom));
  }
  return formats;
}
