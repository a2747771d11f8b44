import { isAscii, isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { ImportFileError } from '../import-errors';
import type { ByteSource } from '../source/byte-source';
import { linePieces } from './line-pieces';

/**
 * How a text file is to be decoded. `perLine`: the file mixes UTF-8 lines
 * with lines in a single-byte encoding (a list pasted together from two
 * exports): each line is decoded by what its own bytes are, and the lines
 * not in `encoding` (the label shown, the majority's) are reported.
 */
export type TextEncoding = {
  encoding: string;
  bom: boolean;
  /** Bytes of the BOM, skipped before decoding. */
  skip: number;
  perLine?: { singleByte: string };
};

/** How much of a file that is not clean UTF-8 is examined to tell damaged UTF-8 from a single-byte encoding. */
const EVIDENCE_BYTES = 1024 * 1024;
const SAMPLE_BYTES = 64 * 1024;

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

export function readBom(bytes: Uint8Array): Bom | undefined {
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

/** The single-byte encoding that reads `sample` as the most Portuguese. */
function bestSingleByte(sample: Uint8Array): string {
  let best: string = SINGLE_BYTE_CANDIDATES[0];
  let bestScore = portugueseScore(sample, best);
  for (const candidate of SINGLE_BYTE_CANDIDATES.slice(1)) {
    const score = portugueseScore(sample, candidate);
    if (score > bestScore) [best, bestScore] = [candidate, score];
  }
  return best;
}

/**
 * What the lines of a file that is not clean UTF-8 are: those holding
 * non-ASCII bytes that are valid UTF-8, and those that are not; the bytes
 * of the first ones that are not (to score single-byte encodings on), and
 * the first non-ASCII bytes of the file with what follows them.
 */
type Survey = { utf8Lines: number; otherLines: number; otherSample: Buffer; firstHigh: Buffer; head: Buffer };

/** 'clean' when the whole file is valid UTF-8 (checked piece by piece, at memory speed); else every line surveyed. */
function survey(source: ByteSource): Survey | 'clean' {
  for (const piece of linePieces(source, 0, 'byte')) {
    if (!isUtf8(piece)) return surveyLines(source);
  }
  return 'clean';
}

/**
 * A UTF-8 sequence of two bytes or more starts with a byte C2-F4 followed
 * by one in 80-BF. In Windows-1252 that is an accented capital followed by
 * a symbol (Ã‰, Ç™): never in real text. A piece without it has no UTF-8
 * line, and need not be looked at line by line.
 */
const UTF8_PAIR = /[\xc2-\xf4][\x80-\xbf]/;

/**
 * The survey of a file known not to be clean UTF-8: every line classified.
 * A piece with no UTF-8 pair at all is counted as one line of the other
 * kind without looking further (a Windows-1252 file, the usual case, is
 * then surveyed at regex speed); only when the file turns out to mix both
 * kinds are its lines counted exactly, for the label.
 */
function surveyLines(source: ByteSource, exact = false): Survey {
  let utf8Lines = 0;
  let otherLines = 0;
  let estimated = false;
  const other: Buffer[] = [];
  let otherBytes = 0;
  let firstHigh: Buffer | undefined;
  let head: Buffer | undefined;
  const keep = (bytes: Buffer) => {
    if (otherBytes >= SAMPLE_BYTES) return;
    other.push(Buffer.from(bytes.subarray(0, SAMPLE_BYTES - otherBytes)));
    otherBytes += Math.min(bytes.length, SAMPLE_BYTES - otherBytes);
  };
  for (const piece of linePieces(source, 0, 'byte')) {
    if (head === undefined) head = piece.subarray(0, EVIDENCE_BYTES);
    if (isAscii(piece)) continue;
    if (firstHigh === undefined) {
      let first = 0;
      while (piece[first]! < 0x80) first++;
      const start = Math.max(0, first - 64);
      firstHigh = Buffer.from(piece.subarray(start, start + SAMPLE_BYTES));
    }
    if (!exact && !UTF8_PAIR.test(piece.toString('latin1'))) {
      otherLines++;
      estimated = true;
      keep(piece);
      continue;
    }
    forEachHighLine(piece, (from, to) => {
      if (isUtf8(piece.subarray(from, to))) utf8Lines++;
      else {
        otherLines++;
        keep(piece.subarray(from, to));
      }
    });
  }
  if (estimated && utf8Lines > 0) return surveyLines(source, true);
  return { utf8Lines, otherLines, otherSample: Buffer.concat(other), firstHigh: firstHigh!, head: head! };
}

/** Calls `line(from, to)` for each line of `piece` (LF-terminated) that holds a byte of 0x80 or more. */
export function forEachHighLine(piece: Buffer, line: (from: number, to: number) => void): void {
  let start = 0;
  let high = false;
  for (let i = 0; i < piece.length; i++) {
    const b = piece[i]!;
    if (b === 10) {
      if (high) line(start, i);
      start = i + 1;
      high = false;
    } else if (b >= 0x80) high = true;
  }
  if (high) line(start, piece.length);
}

function sameEncoding(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[^a-z0-9]/g, '');
  return norm(a) === norm(b);
}

/**
 * The encoding to read a text file with: the one the user forced, else its
 * BOM, else what its bytes say. Reads the file in pieces (a clean UTF-8
 * file is only checked, piece by piece, at memory speed); a file that is
 * not clean UTF-8 is read line by line once, to tell a file in one
 * single-byte encoding from UTF-8 with some lines in another (`perLine`).
 */
export function chooseEncoding(source: ByteSource, forced?: string): TextEncoding {
  const head = source.read(0, 4096);
  if (forced !== undefined) {
    const encoding = forced.trim().toLowerCase();
    if (!iconv.encodingExists(encoding)) {
      throw new ImportFileError('unknown_encoding', `Unknown text encoding: ${forced}`, { encoding: forced });
    }
    const found = readBom(head);
    const bom = found !== undefined && sameEncoding(found.encoding, encoding);
    return { encoding, bom, skip: bom ? found.length : 0 };
  }
  const bom = readBom(head);
  if (bom) return { encoding: bom.encoding, bom: true, skip: bom.length };
  const utf16 = sniffBomlessUtf16(head);
  if (utf16) return { encoding: utf16, bom: false, skip: 0 };
  const found = survey(source);
  if (found === 'clean') return { encoding: 'utf-8', bom: false, skip: 0 };
  if (found.utf8Lines > 0 && found.otherLines > 0) {
    // Both kinds of line: each is read as what it is. The label is the majority's.
    const singleByte = bestSingleByte(found.otherSample);
    const encoding = found.utf8Lines >= found.otherLines ? 'utf-8' : singleByte;
    return { encoding, bom: false, skip: 0, perLine: { singleByte } };
  }
  // Not clean UTF-8: mostly-valid UTF-8 (a few damaged bytes) or a single-byte encoding.
  const { valid, invalid } = utf8Evidence(found.head);
  if (valid > 0 && invalid * 10 <= valid) return { encoding: 'utf-8', bom: false, skip: 0 };
  return { encoding: bestSingleByte(found.firstHigh), bom: false, skip: 0 };
}
