import { isAscii, isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { ImportFileError } from '../import-errors';
import type { TextEncoding } from './detect-encoding';
import { decodeUtf8Latin1 } from './utf8-text';

export type DecodedPiece = {
  text: string;
  /** `text` as Latin-1 bytes, when it is within Latin-1 (see DecodedText.latin1). */
  latin1?: Buffer;
  /** Where, in `text`, each line read in the other encoding of a mixed file starts (TextEncoding.perLine). */
  switched: number[];
};

type IconvDecoder = { write(bytes: Buffer): string; end(): string | undefined };

/**
 * Decodes a text file a piece at a time (pieces from linePieces, which end
 * at line breaks). UTF-8 and Windows-1252, nearly every file, take fast
 * paths that also give the Latin-1 bytes; anything else goes through
 * iconv-lite's streaming decoder, which carries a character split between
 * pieces. A mixed file is decoded line by line.
 */
export class PieceDecoder {
  private readonly iconv: IconvDecoder | undefined;
  private first = true;

  constructor(private readonly chosen: TextEncoding) {
    const { encoding } = chosen;
    const fast = chosen.perLine || isUtf8Label(encoding) || encoding === 'windows-1252';
    this.iconv = fast ? undefined : (iconv.getDecoder(encoding) as IconvDecoder);
  }

  decode(piece: Buffer, last: boolean): DecodedPiece {
    let out: DecodedPiece;
    if (this.chosen.perLine) out = this.decodeLines(piece, this.chosen.perLine.singleByte);
    else if (isUtf8Label(this.chosen.encoding)) out = { ...decodeUtf8Latin1(piece), switched: [] };
    else if (this.chosen.encoding === 'windows-1252')
      out = { ...decodeWindows1252Latin1(piece), switched: [] };
    else out = { text: this.iconv!.write(piece) + (last ? (this.iconv!.end() ?? '') : ''), switched: [] };
    if (this.first && out.text.charCodeAt(0) === 0xfeff) {
      out = { text: out.text.slice(1), switched: out.switched.map((at) => Math.max(0, at - 1)) };
    }
    this.first = false;
    return out;
  }

  /** Each line as what its bytes are: ASCII, UTF-8, or the single-byte encoding of the file's other lines. */
  private decodeLines(piece: Buffer, singleByte: string): DecodedPiece {
    const labelIsUtf8 = isUtf8Label(this.chosen.encoding);
    const parts: string[] = [];
    const switched: number[] = [];
    let length = 0;
    for (let start = 0; start < piece.length;) {
      const lf = piece.indexOf(10, start);
      const end = lf === -1 ? piece.length : lf + 1;
      const line = piece.subarray(start, end);
      let text: string;
      let other = false;
      if (isAscii(line)) text = line.toString('latin1');
      else if (isUtf8(line)) {
        text = line.toString('utf8');
        other = !labelIsUtf8;
      } else {
        text = singleByte === 'windows-1252' ? decodeWindows1252(line) : iconv.decode(line, singleByte);
        other = labelIsUtf8;
      }
      if (other) switched.push(length);
      parts.push(text);
      length += text.length;
      start = end;
    }
    return { text: parts.join(''), switched };
  }
}

const isUtf8Label = (encoding: string) => encoding === 'utf-8' || encoding === 'utf8';

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

const LOOK_CHARS = 64 * 1024;

/**
 * Random bytes and unknown binaries decode into control characters and
 * replacement characters; real text has next to none. Looks at the start.
 * NUL is not counted against the text (it is dropped, see withoutNuls): a
 * CSV whose end a crash filled with zeros, or an export that left NULs in
 * its cells, is text with damage; binaries have other control characters
 * besides. Only NULs and nothing else is not text.
 */
export function assertLooksLikeText(text: string, countReplacements: boolean): void {
  const n = Math.min(text.length, LOOK_CHARS);
  let bad = 0;
  let nuls = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) nuls++;
    else if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13) || (c >= 0x7f && c <= 0x9f)) bad++;
    else if (c === 0xfffd && countReplacements) bad++;
  }
  const chars = n - nuls;
  if ((nuls > 0 && chars === 0) || (bad > 0 && bad > chars * 0.02)) {
    throw new ImportFileError('unreadable_file', 'The file is not text or a spreadsheet Torpedo can read.');
  }
}

/**
 * The piece without NUL characters, which no text means (a few in a file
 * are the damage of some export; many were refused as not text already).
 * The switched offsets move with the text.
 */
export function withoutNuls(piece: DecodedPiece): DecodedPiece {
  if (piece.text.indexOf('\0') === -1) return piece;
  const switched = piece.switched.map((at) => at - countNuls(piece.text, at));
  return { text: piece.text.replaceAll('\0', ''), switched };
}

function countNuls(text: string, before: number): number {
  let n = 0;
  for (let i = text.indexOf('\0'); i !== -1 && i < before; i = text.indexOf('\0', i + 1)) n++;
  return n;
}
