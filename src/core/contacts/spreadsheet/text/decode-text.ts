import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { ImportFileError } from '../import-errors';
import { decodeUtf8Latin1 } from './utf8-text';

/** Encodings to offer when the user wants to change the detected one (any iconv-lite label also works). */
export const SUGGESTED_ENCODINGS: readonly string[] = [
  'utf-8',
  'windows-1252',
  'iso-8859-1',
  'cp850',
  'utf-16le',
  'utf-16be',
];

export type DecodedText = {
  text: string;
  /** Canonical label of the encoding used. */
  encoding: string;
  bom: boolean;
  /**
   * When every character of `text` is below U+0100: bytes whose Latin-1
   * reading is `text`, index for index. A reader cuts its fields from them
   * (`latin1.toString('latin1', from, to)`) as strings of their own. A
   * `text.slice()` is a view into the whole text instead, which keeps it
   * alive and makes every later use of the field go through it: saving
   * 92,000 contacts cut as slices took some 0.2 s longer (sorting them by
   * phone alone 2.5 times as long).
   */
  latin1?: Buffer;
};

const SAMPLE_BYTES = 64 * 1024;
/** How much of a file that is not clean UTF-8 is examined to tell damaged UTF-8 from a single-byte encoding. */
const EVIDENCE_BYTES = 1024 * 1024;

/**
 * Single-byte encodings worth telling apart in Brazil: Windows-1252 (Excel on
 * Windows, ISO-8859-1 is a subset for letters) and CP850 (old DOS/ERP
 * exports). They are scored by how many Portuguese letters each decoding
 * produces; chardet was tried and mislabels both CP850 and BOM-less UTF-16.
 */
const SINGLE_BYTE_CANDIDATES = ['windows-1252', 'cp850'] as const;
const PORTUGUESE_LETTERS = new Set('áàâãéêíóôõúüçÁÀÂÃÉÊÍÓÔÕÚÜÇ');
/**
 * Excel's typographic punctuation in Windows-1252 (0x85, 0x91-0x97). CP850
 * reads 0x85 and 0x93 as the letters à and ô, so without counting these a
 * Windows-1252 file with curly quotes and few accents (an English error
 * file, a list of notes) scored higher as CP850.
 */
const CP1252_PUNCTUATION = new Set('…‘’“”–—');

type Bom = { encoding: string; length: number };

function readBom(bytes: Uint8Array): Bom | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** UTF-16 without a BOM shows up as a zero byte in every other position of ASCII text. */
function sniffBomlessUtf16(bytes: Uint8Array): string | undefined {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/**
 * Counts well-formed multi-byte UTF-8 sequences and stray bytes. Text in a
 * single-byte encoding almost never forms valid sequences by chance, so a
 * file with many valid ones and a few bad ones is UTF-8 with some damage.
 */
function utf8Evidence(bytes: Uint8Array): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    let ok = need > 0;
    for (let k = 1; ok && k <= need; k++) ok = i + k < n && (bytes[i + k]! & 0xc0) === 0x80;
    if (ok) {
      valid++;
      i += need + 1;
    } else {
      invalid++;
      i++;
    }
  }
  return { valid, invalid };
}

function portugueseScore(sample: Uint8Array, encoding: string): number {
  const punctuation = encoding === 'windows-1252';
  let score = 0;
  for (const ch of iconv.decode(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength), encoding)) {
    if (PORTUGUESE_LETTERS.has(ch) || (punctuation && CP1252_PUNCTUATION.has(ch))) score++;
  }
  return score;
}

/** Picks the encoding of a text file that has no BOM. */
export function detectEncoding(bytes: Uint8Array): { encoding: string; bom: boolean } {
  const bom = readBom(bytes);
  if (bom) return { encoding: bom.encoding, bom: true };
  const utf16 = sniffBomlessUtf16(bytes);
  if (utf16) return { encoding: utf16, bom: false };
  // Checked in place: decoding the whole file just to see whether it fails made a second copy of it.
  if (isUtf8(bytes)) return { encoding: 'utf-8', bom: false };
  // Not clean UTF-8: mostly-valid UTF-8 or a single-byte encoding.
  const { valid, invalid } = utf8Evidence(bytes.subarray(0, EVIDENCE_BYTES));
  if (valid > 0 && invalid * 10 <= valid) return { encoding: 'utf-8', bom: false };
  const sample = highBytesSample(bytes);
  let best: string = SINGLE_BYTE_CANDIDATES[0];
  let bestScore = portugueseScore(sample, best);
  for (const candidate of SINGLE_BYTE_CANDIDATES.slice(1)) {
    const score = portugueseScore(sample, candidate);
    if (score > bestScore) [best, bestScore] = [candidate, score];
  }
  return { encoding: best, bom: false };
}

/** Up to 64 KB around the first non-ASCII bytes, which are what tell encodings apart. */
function highBytesSample(bytes: Uint8Array): Uint8Array {
  let first = 0;
  while (first < bytes.length && bytes[first]! < 0x80) first++;
  const start = Math.max(0, first - 64);
  return bytes.subarray(start, Math.min(bytes.length, start + SAMPLE_BYTES));
}

/**
 * Decodes a text file with the given encoding (or the detected one), drops
 * the BOM, and refuses bytes that are not text at all.
 */
export function decodeText(bytes: Uint8Array, forcedEncoding?: string): DecodedText {
  let encoding: string;
  let bom: boolean;
  if (forcedEncoding !== undefined) {
    encoding = forcedEncoding.trim().toLowerCase();
    if (!iconv.encodingExists(encoding)) {
      throw new ImportFileError('unknown_encoding', `Unknown text encoding: ${forcedEncoding}`, {
        encoding: forcedEncoding,
      });
    }
    const found = readBom(bytes);
    bom = found !== undefined && sameEncoding(found.encoding, encoding);
  } else {
    ({ encoding, bom } = detectEncoding(bytes));
  }
  const body = bom ? bytes.subarray(readBom(bytes)!.length) : bytes;
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let { text, latin1 } =
    encoding === 'utf-8' || encoding === 'utf8'
      ? decodeUtf8Latin1(body)
      : encoding === 'windows-1252'
        ? decodeWindows1252Latin1(buffer)
        : { text: iconv.decode(buffer, encoding), latin1: undefined };
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    latin1 = undefined;
  }
  // A forced encoding that does not fit shows as replacement characters: show them, the user can pick again.
  assertLooksLikeText(text, forcedEncoding === undefined);
  return { text, encoding, bom, ...(latin1 ? { latin1 } : {}) };
}

/** Windows-1252 differs from Latin-1 only in 0x80-0x9F; iconv-lite's table for that range. */
const CP1252_HIGH = iconv.decode(Buffer.from(Array.from({ length: 32 }, (_, i) => 0x80 + i)), 'windows-1252');
const C1_RANGE = /[\u0080-\u009f]/g;

/**
 * Same result as iconv-lite's windows-1252, several times faster: node's
 * native Latin-1 decoding, then the few 0x80-0x9F characters (€, “, ”, …)
 * fixed up, which most files do not even contain.
 */
export function decodeWindows1252(bytes: Buffer): string {
  return decodeWindows1252Latin1(bytes).text;
}

/** decodeWindows1252, and the bytes themselves as `latin1` when they hold none of those characters. */
function decodeWindows1252Latin1(bytes: Buffer): { text: string; latin1?: Buffer } {
  const latin1 = bytes.toString('latin1');
  const text = latin1.replace(C1_RANGE, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
  // replace() hands back the very same string when nothing matched: compared by identity, at once.
  return text === latin1 ? { text, latin1: bytes } : { text };
}

function sameEncoding(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[^a-z0-9]/g, '');
  return norm(a) === norm(b);
}

/**
 * Random bytes and unknown binaries decode into control characters and
 * replacement characters; real text has next to none.
 */
function assertLooksLikeText(text: string, countReplacements: boolean): void {
  const n = Math.min(text.length, SAMPLE_BYTES);
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13) || (c >= 0x7f && c <= 0x9f)) bad++;
    else if (c === 0xfffd && countReplacements) bad++;
  }
  if (bad > 0 && bad > n * 0.02) {
    throw new ImportFileError('unreadable_file', 'The file is not text or a spreadsheet Torpedo can read.');
  }
}
