/**
 * The little XML the fast XLSX reader needs: entity decoding, attribute
 * lookup inside a tag, and namespace prefixes (some writers emit `<x:c>`).
 * Only the fixed vocabulary of SpreadsheetML is read, never arbitrary XML.
 */

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** OOXML escapes characters XML cannot hold as _xHHHH_ (and a literal "_x" as _x005F_x). */
const OOXML_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/** A character reference's character; NUL (`&#0;`, `_x0000_`) is dropped, as in text files. */
function codePoint(n: number): string {
  if (n === 0) return '';
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\uFFFD';
}

export function decodeXml(s: string): string {
  if (s.indexOf('&') === -1) return s;
  return s.replace(ENTITY, (_m, dec?: string, hex?: string, name?: string) =>
    name ? NAMED[name]! : codePoint(dec ? parseInt(dec, 10) : parseInt(hex!, 16)),
  );
}

/** Text of a SpreadsheetML string: XML entities, then OOXML _xHHHH_ escapes. */
export function decodeSpreadsheetText(s: string): string {
  const text = decodeXml(s);
  return text.indexOf('_x') === -1
    ? text
    : text.replace(OOXML_ESCAPE, (_m, hex: string) => codePoint(parseInt(hex, 16)));
}

/** The namespace prefix of the document's root element, with its colon ('' when none). */
export function rootPrefix(xml: string): string {
  let i = 0;
  for (;;) {
    i = xml.indexOf('<', i);
    if (i === -1) return '';
    const next = xml.charCodeAt(i + 1);
    if (next !== 63 /* ? */ && next !== 33 /* ! */) break;
    i++;
  }
  let j = i + 1;
  while (j < xml.length && !isNameEnd(xml.charCodeAt(j))) j++;
  const name = xml.slice(i + 1, j);
  const colon = name.indexOf(':');
  return colon === -1 ? '' : name.slice(0, colon + 1);
}

/** Whitespace, '>' or '/': the character after an element name. */
export function isNameEnd(c: number): boolean {
  return c === 32 || c === 62 || c === 47 || c === 9 || c === 10 || c === 13;
}

/** The text of the tag starting at `at`, up to (not including) its '>'. */
export function tagAt(xml: string, at: number): string {
  const end = xml.indexOf('>', at);
  return xml.slice(at, end === -1 ? xml.length : end);
}

/**
 * Value of attribute `name` in a tag's text (see tagAt), undecoded;
 * undefined when absent. Works on the tag alone so that an absent attribute
 * never sends indexOf through the rest of the document.
 */
export function getAttr(tag: string, name: string): string | undefined {
  const key = name + '=';
  let i = 0;
  for (;;) {
    i = tag.indexOf(key, i);
    if (i === -1) return undefined;
    const before = tag.charCodeAt(i - 1);
    const quote = tag.charCodeAt(i + key.length);
    if ((before === 32 || before === 9 || before === 10 || before === 13) && (quote === 34 || quote === 39)) {
      const start = i + key.length + 1;
      const end = tag.indexOf(quote === 34 ? '"' : "'", start);
      return end === -1 ? undefined : tag.slice(start, end);
    }
    i += key.length;
  }
}

/** Start indexes of every `<prefix+name ...>` tag in xml[from, to). */
export function* findTags(xml: string, name: string, from = 0, to = xml.length): Generator<number> {
  const open = '<' + name;
  let i = from;
  for (;;) {
    i = xml.indexOf(open, i);
    if (i === -1 || i >= to) return;
    if (isNameEnd(xml.charCodeAt(i + open.length))) yield i;
    i += open.length;
  }
}

/**
 * Concatenated text of every <t> element in xml[from, to), skipping phonetic
 * runs (<rPh>), as Excel shows a rich-text or inline string.
 */
export function collectText(
  xml: string,
  from: number,
  to: number,
  p: string,
  cut: (from: number, to: number) => string = (a, b) => xml.slice(a, b),
): string {
  const tOpen = '<' + p + 't';
  const tClose = '</' + p + 't>';
  const rph = '<' + p + 'rPh';
  const rphClose = '</' + p + 'rPh>';
  let out = '';
  let pos = from;
  while (pos < to) {
    const lt = xml.indexOf('<', pos);
    if (lt === -1 || lt >= to) break;
    if (xml.startsWith(rph, lt) && isNameEnd(xml.charCodeAt(lt + rph.length))) {
      const end = xml.indexOf(rphClose, lt);
      pos = end === -1 ? to : end + rphClose.length;
      continue;
    }
    if (xml.startsWith(tOpen, lt) && isNameEnd(xml.charCodeAt(lt + tOpen.length))) {
      const gt = xml.indexOf('>', lt);
      if (gt === -1 || gt >= to) break;
      if (xml.charCodeAt(gt - 1) === 47) {
        pos = gt + 1;
        continue;
      }
      const end = xml.indexOf(tClose, gt);
      if (end === -1 || end > to) break;
      out += decodeSpreadsheetText(cut(gt + 1, end));
      pos = end + tClose.length;
      continue;
    }
    pos = lt + 1;
  }
  return out;
}
