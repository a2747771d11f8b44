/**
 * How many SMS parts a text takes, per 3GPP TS 23.038 (GSM 7-bit default
 * alphabet and its extension table) and TS 23.040 (concatenation header).
 *
 * - GSM-7 when every character is in the default alphabet or its extension
 *   table; an extension character (`^ { } \ [ ~ ] | €` and form feed) is sent
 *   as ESC + char and takes 2 units. 160 units fit one SMS; a longer text is
 *   split in parts of 153 units, never splitting an ESC pair across parts.
 * - UCS-2 otherwise: one unit per UTF-16 code unit. 70 fit one SMS; a longer
 *   text is split in parts of 67, never splitting a surrogate pair.
 *
 * Pure and dependency-free: the renderer (cost preview), the core (campaign
 * cost) and the sandbox (debit) all count with this one function.
 *
 * No npm library was used: the popular calculator (`sms-segments-calculator`)
 * fills the first UCS-2 part of a long text with 66 units instead of 67 and
 * turns a CRLF pair into UCS-2, and is quadratic per part.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
  encoding: SmsEncoding;
  /** GSM-7: septets (extension characters count 2). UCS-2: UTF-16 code units. */
  units: number;
  /** Parts the text is sent in; 0 for an empty text. */
  segments: number;
  /** Units per part for this text: 160 or 153 (GSM-7), 70 or 67 (UCS-2). */
  perSegment: number;
  /** The characters that forced UCS-2, each once, in order of appearance. */
  nonGsmChars: string[];
}

export const SMS_LIMITS = {
  gsmSingle: 160,
  gsmMulti: 153,
  ucsSingle: 70,
  ucsMulti: 67,
} as const;

/** GSM 03.38 default alphabet (TS 23.038 §6.2.1), in code order; ESC (0x1B) left out. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ' +
  ' !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** Extension table (TS 23.038 §6.2.1.1): each is sent as ESC + char. */
const GSM_EXTENSION = '\f^{}\\[~]|€';

/** Units per UTF-16 code unit below the table's end: 0 = not GSM-7. Every GSM character is in the BMP. */
const GSM_TABLE = new Uint8Array(0x20ad);
for (const ch of GSM_BASIC) GSM_TABLE[ch.charCodeAt(0)] = 1;
for (const ch of GSM_EXTENSION) GSM_TABLE[ch.charCodeAt(0)] = 2;

function unitsOf(code: number): number {
  return code < GSM_TABLE.length ? (GSM_TABLE[code] ?? 0) : 0;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Units of one character in GSM-7 (1 or 2), or 0 when it is not in GSM-7. */
export function gsmUnits(char: string): 0 | 1 | 2 {
  return char.length === 1 ? (unitsOf(char.charCodeAt(0)) as 0 | 1 | 2) : 0;
}

/** Parts of a GSM-7 text when packed in parts of `perPart` septets without splitting an ESC pair. */
function packGsm(text: string, perPart: number): number {
  let parts = 1;
  let used = 0;
  for (let i = 0; i < text.length; i++) {
    const size = unitsOf(text.charCodeAt(i));
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}

/** Parts of a UCS-2 text when packed in parts of `perPart` code units without splitting a surrogate pair. */
function packUcs2(text: string, perPart: number): number {
  let parts = 1;
  let used = 0;
  for (let i = 0; i < text.length; i++) {
    const pair = isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1));
    const size = pair ? 2 : 1;
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
    if (pair) i++;
  }
  return parts;
}

/** What the freeze and the estimate need of a text: its encoding and parts, without `nonGsmChars`. */
export interface PartCount {
  encoding: SmsEncoding;
  segments: number;
}

/**
 * `countSegments(text)`'s encoding and segments, in one pass and without
 * allocating per character: a campaign counts 100,000 texts in its freeze.
 * With no ESC pair (GSM-7) or no surrogate pair (UCS-2) nothing can be split
 * badly, so the parts follow from the length; otherwise it packs like
 * `countSegments`.
 */
export function countParts(text: string): PartCount {
  let units = 0;
  let escapes = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const u = unitsOf(code);
    if (u === 0) return { encoding: 'UCS-2', segments: ucs2Parts(text, i) };
    units += u;
    if (u === 2) escapes = true;
  }
  return { encoding: 'GSM-7', segments: gsmParts(text, units, escapes) };
}

function gsmParts(text: string, units: number, escapes: boolean): number {
  if (units === 0) return 0;
  if (units <= SMS_LIMITS.gsmSingle) return 1;
  return escapes ? packGsm(text, SMS_LIMITS.gsmMulti) : Math.ceil(units / SMS_LIMITS.gsmMulti);
}

/** `from`: where the first non-GSM character is (no surrogate can come before it: none is GSM). */
function ucs2Parts(text: string, from: number): number {
  if (text.length <= SMS_LIMITS.ucsSingle) return 1;
  for (let i = from; i < text.length - 1; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) {
      return packUcs2(text, SMS_LIMITS.ucsMulti);
    }
  }
  return Math.ceil(text.length / SMS_LIMITS.ucsMulti);
}

export function countSegments(text: string): SegmentCount {
  let gsmTotal = 0;
  let nonGsm: Set<string> | null = null;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const u = unitsOf(code);
    if (u !== 0) {
      gsmTotal += u;
      continue;
    }
    const pair = isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1));
    (nonGsm ??= new Set()).add(pair ? text.slice(i, i + 2) : text[i]!);
    if (pair) i++;
  }

  if (nonGsm === null) {
    const single = gsmTotal <= SMS_LIMITS.gsmSingle;
    return {
      encoding: 'GSM-7',
      units: gsmTotal,
      segments: gsmTotal === 0 ? 0 : single ? 1 : packGsm(text, SMS_LIMITS.gsmMulti),
      perSegment: single ? SMS_LIMITS.gsmSingle : SMS_LIMITS.gsmMulti,
      nonGsmChars: [],
    };
  }

  const units = text.length;
  const single = units <= SMS_LIMITS.ucsSingle;
  return {
    encoding: 'UCS-2',
    units,
    segments: single ? 1 : packUcs2(text, SMS_LIMITS.ucsMulti),
    perSegment: single ? SMS_LIMITS.ucsSingle : SMS_LIMITS.ucsMulti,
    nonGsmChars: [...nonGsm],
  };
}
