import { checkpoint, ImportFileError } from '../import-errors';
import { decodeUtf8Latin1 } from '../text/utf8-text';
import { afterLast, XmlCarry } from './xml-pieces';
import { collectText, decodeSpreadsheetText, isNameEnd, rootPrefix } from './xml-text';
import { isUtf16, XlsxFormatError } from './xlsx-parts';

/**
 * More shared strings than a workbook within the caps can use (a million
 * rows of sixteen distinct texts); the table of where each starts is 4
 * bytes an item, and a hostile part of empty items must not make it huge.
 */
export const MAX_SHARED_STRINGS = 16_000_000;

/** A character beyond Latin-1 (surrogates included). */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * A workbook's shared strings (the texts its cells point at by index),
 * packed: the texts one after another in one buffer (one byte a character
 * for the Latin-1 ones, UTF-8 for the others) with where each starts. A
 * million-row sheet from Excel has some three million of them; as strings
 * in an array they took 40 bytes each or more, packed about their length.
 */
export class SharedStrings {
  private text = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  private starts = new Uint32Array(1024);
  private utf8 = new Uint8Array(1024);
  private count = 0;

  get length(): number {
    return this.count;
  }

  add(value: string): void {
    if (this.count >= MAX_SHARED_STRINGS) {
      throw new ImportFileError('too_large', `The workbook has more than ${MAX_SHARED_STRINGS} texts.`, {
        max: MAX_SHARED_STRINGS,
      });
    }
    const latin1 = !BEYOND_LATIN1.test(value);
    const bytes = latin1 ? value.length : Buffer.byteLength(value, 'utf8');
    this.reserve(bytes);
    this.used += this.text.write(value, this.used, latin1 ? 'latin1' : 'utf8');
    this.utf8[this.count] = latin1 ? 0 : 1;
    this.count++;
    this.starts[this.count] = this.used;
  }

  /** The text at `index`; undefined past the end (a cell pointing there is damage). */
  get(index: number): string | undefined {
    if (index >= this.count) return undefined;
    return this.text.toString(
      this.utf8[index] ? 'utf8' : 'latin1',
      this.starts[index],
      this.starts[index + 1],
    );
  }

  private reserve(bytes: number): void {
    if (this.used + bytes > this.text.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.text.length * 2, this.used + bytes));
      this.text.copy(grown, 0, 0, this.used);
      this.text = grown;
    }
    if (this.count + 2 > this.starts.length) {
      const starts = new Uint32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
      const utf8 = new Uint8Array(this.utf8.length * 2);
      utf8.set(this.utf8);
      this.utf8 = utf8;
    }
  }
}

/**
 * Reads a sharedStrings part as it is inflated, a piece at a time (each
 * ending after an item), into a SharedStrings table. Only the fixed
 * vocabulary of SpreadsheetML is read: a DOCTYPE's entities are never
 * expanded (`&lol;` stays as it is written), so an entity bomb is just text.
 */
export async function readSharedStrings(
  chunks: AsyncIterable<Buffer>,
  signal?: AbortSignal,
): Promise<SharedStrings> {
  const table = new SharedStrings();
  const carry = new XmlCarry('a shared string');
  let p: string | undefined;
  let close: Buffer | undefined;
  let first = true;
  for await (const chunk of chunks) {
    if (first && isUtf16(chunk)) {
      // Rare (Excel writes UTF-8): read whole.
      const all = await collect(chunk, chunks);
      const xml = new TextDecoder('utf-16le').decode(all);
      parseItems(xml, rootPrefix(xml), table);
      return table;
    }
    first = false;
    const bytes = carry.with(chunk);
    if (p === undefined) {
      p = rootPrefix(bytes.toString('latin1', 0, Math.min(bytes.length, 64 * 1024)));
      close = Buffer.from('</' + p + 'si>', 'latin1');
    }
    const cut = afterLast(bytes, close!);
    if (cut > 0) parseItems(decodeUtf8Latin1(bytes.subarray(0, cut)).text, p, table);
    carry.keep(bytes.subarray(cut));
    await checkpoint(signal);
  }
  if (carry.rest.length > 0 && p !== undefined) parseItems(decodeUtf8Latin1(carry.rest).text, p, table);
  return table;
}

async function collect(first: Buffer, rest: AsyncIterable<Buffer>): Promise<Buffer> {
  const all = [first];
  for await (const chunk of rest) all.push(chunk);
  return Buffer.concat(all);
}

/** Each <si> item of `xml` (whole items only: a piece ends after one) into the table. */
function parseItems(xml: string, p: string, table: SharedStrings): void {
  const siOpen = '<' + p + 'si';
  const siClose = '</' + p + 'si>';
  const tOpen = '<' + p + 't';
  const tClose = '</' + p + 't>';
  let pos = 0;
  for (;;) {
    const at = xml.indexOf(siOpen, pos);
    if (at === -1) break;
    const gt = xml.indexOf('>', at);
    if (!isNameEnd(xml.charCodeAt(at + siOpen.length)) || gt === -1) {
      pos = at + 1;
      continue;
    }
    if (xml.charCodeAt(gt - 1) === 47) {
      table.add('');
      pos = gt + 1;
      continue;
    }
    const end = xml.indexOf(siClose, gt);
    if (end === -1) throw new XlsxFormatError('unterminated shared string');
    table.add(plainItem(xml, gt + 1, end, tOpen, tClose) ?? collectText(xml, gt + 1, end, p));
    pos = end + siClose.length;
  }
}

/** The usual <si><t>text</t></si>, read without the general rich-text walk; undefined otherwise. */
function plainItem(xml: string, from: number, to: number, tOpen: string, tClose: string): string | undefined {
  if (!xml.startsWith(tOpen, from) || !isNameEnd(xml.charCodeAt(from + tOpen.length))) return undefined;
  const gt = xml.indexOf('>', from);
  if (xml.charCodeAt(gt - 1) === 47) return gt + 1 === to ? '' : undefined;
  const close = xml.indexOf(tClose, gt);
  if (close + tClose.length !== to) return undefined;
  return decodeSpreadsheetText(xml.slice(gt + 1, close));
}
