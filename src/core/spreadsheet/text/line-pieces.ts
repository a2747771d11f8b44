import type { ByteSource } from '../source/byte-source';

/** Bytes read and decoded at a time: big enough that per-piece costs vanish, small beside the budget. */
export const PIECE_BYTES = 1024 * 1024;
/**
 * The longest line a text file may have. Real contact lists have lines of
 * a few hundred bytes (a row of 200 columns of long notes, a few hundred
 * KB); a longer one is a file that is not a list (one 50 MB line), and
 * reading it would mean holding all of it at once.
 */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** A line longer than MAX_LINE_BYTES: the reader says which one. */
export class LineTooLong extends Error {
  constructor(
    /** Where the line starts in the file. */
    readonly at: number,
  ) {
    super(`A line is longer than ${MAX_LINE_BYTES} bytes.`);
    this.name = 'LineTooLong';
  }
}

/** How the text's line feed looks in bytes: 1 byte, or a UTF-16 code unit (little or big endian). */
export type LineUnit = 'byte' | 'utf-16le' | 'utf-16be';

export const lineUnitOf = (encoding: string): LineUnit =>
  /^utf-?16(le)?$/i.test(encoding) ? 'utf-16le' : /^utf-?16be$/i.test(encoding) ? 'utf-16be' : 'byte';

/**
 * The source from `start`, in pieces of about PIECE_BYTES that each end
 * just after a line break (the last piece ends where the file does). A
 * piece therefore never splits a character (a line feed is never part of
 * one in any encoding Torpedo reads) nor a CR LF pair.
 */
export function* linePieces(source: ByteSource, start: number, unit: LineUnit): Generator<Buffer> {
  let pos = start;
  while (pos < source.size) {
    for (let size = PIECE_BYTES; ; size *= 2) {
      const chunk = source.read(pos, size);
      if (pos + chunk.length >= source.size) {
        yield chunk;
        return;
      }
      const cut = unit === 'byte' ? lastByteLineEnd(chunk) : lastUnitLineEnd(chunk, unit);
      if (cut > 0) {
        yield chunk.subarray(0, cut);
        pos += cut;
        break;
      }
      if (size >= MAX_LINE_BYTES) throw new LineTooLong(pos);
    }
  }
}

/** Just after the last LF, or after the last CR that is not the chunk's last byte (old Mac files); 0 when none. */
function lastByteLineEnd(chunk: Buffer): number {
  const lf = chunk.lastIndexOf(10);
  if (lf !== -1) return lf + 1;
  const cr = chunk.lastIndexOf(13, chunk.length - 2);
  return cr === -1 ? 0 : cr + 1;
}

/** The same for UTF-16: after the last LF code unit (or a CR one not at the end), at an even offset. */
function lastUnitLineEnd(chunk: Buffer, unit: 'utf-16le' | 'utf-16be'): number {
  const low = unit === 'utf-16le' ? 0 : 1;
  let crEnd = 0;
  for (let i = (chunk.length & ~1) - 2; i >= 0; i -= 2) {
    if (chunk[i + 1 - low] !== 0) continue;
    const c = chunk[i + low];
    if (c === 10) return i + 2;
    if (c === 13 && crEnd === 0 && i + 2 < (chunk.length & ~1)) crEnd = i + 2;
  }
  return crEnd;
}

/** The number of the line starting at byte `at` (line breaks before it, plus one): for what an error says. */
export function lineNumberAt(source: ByteSource, at: number): number {
  let line = 1;
  for (let pos = 0; pos < at; pos += PIECE_BYTES) {
    const chunk = source.read(pos, Math.min(PIECE_BYTES, at - pos));
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) line++;
  }
  return line;
}
