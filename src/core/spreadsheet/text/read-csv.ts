import { checkpoint, ImportFileError } from '../import-errors';
import { HARD_FIELD_CAP, type ImportLimits } from '../limits';
import { RowGate, type RowSink } from '../rows/row-gate';
import type { ByteSource } from '../source/byte-source';
import type { MixedLines } from '../types';
import { chooseEncoding, type TextEncoding } from './detect-encoding';
import { LineTooLong, lineNumberAt, linePieces, lineUnitOf, MAX_LINE_BYTES } from './line-pieces';
import { DelimitedParser, detectLineBreak } from './parse-delimited';
import { assertLooksLikeText, PieceDecoder, withoutNuls, type DecodedPiece } from './piece-decoder';
import { sniffDelimiter, validateDelimiter } from './sniff-delimiter';

export type DelimitedFile = {
  encoding: string;
  bom: boolean;
  delimiter: string;
  lineBreak: string;
  mixedLines?: MixedLines;
};

const RECORDS_PER_CHUNK = 8192;
/** Row numbers of a mixed file's other lines given back (their count is given whole). */
export const MAX_MIXED_LINES_SHOWN = 20;

/**
 * CSV/TXT bytes to rows, a piece at a time: decode, sniff the delimiter on
 * the first piece, parse records and hand them on as they come, yielding
 * now and then so a cancel can arrive. A record that a piece ends in the
 * middle of (a quoted cell with line breaks) is read again with the next
 * piece. Nothing of the file is kept: memory stays the same for any size.
 */
export async function readDelimited(
  source: ByteSource,
  opts: { encoding?: string; delimiter?: string; signal?: AbortSignal; onRead?: (done: number) => void },
  limits: ImportLimits,
  sink: RowSink,
): Promise<DelimitedFile> {
  let chosen: TextEncoding;
  try {
    chosen = chooseEncoding(source, opts.encoding);
  } catch (error) {
    throw error instanceof LineTooLong ? lineTooLong(lineNumberAt(source, error.at)) : error;
  }
  const decoder = new PieceDecoder(chosen);
  const gate = new RowGate(limits, sink);
  const mixed = new MixedLineLog();
  let delimiter = opts.delimiter !== undefined ? validateDelimiter(opts.delimiter) : undefined;
  let lineBreak: string | undefined;
  let line = 0;
  let records = 0;
  let carry: DecodedPiece | undefined;
  let consumed = chosen.skip;
  const pieces = linePieces(source, chosen.skip, lineUnitOf(chosen.encoding));
  try {
    for (let next = pieces.next(); !next.done;) {
      const bytes = next.value;
      consumed += bytes.length;
      next = pieces.next();
      let piece = decoder.decode(bytes, next.done === true);
      if (lineBreak === undefined) {
        // A forced encoding that does not fit shows as replacement characters: show them, the user can pick again.
        assertLooksLikeText(piece.text, opts.encoding === undefined);
        delimiter ??= sniffDelimiter(piece.text);
        lineBreak = detectLineBreak(piece.text);
        await checkpoint(opts.signal);
      }
      piece = withoutNuls(piece);
      if (carry) piece = joined(carry, piece);
      // A record longer than any line may be is read as if the file ended here: an opening quote that
      // is never closed within it is then a literal character, as at the end of a file.
      const final = next.done === true || (carry !== undefined && carry.text.length > MAX_LINE_BYTES);
      const parser = new DelimitedParser(
        piece.text,
        delimiter!,
        HARD_FIELD_CAP,
        limits.maxColumns,
        piece.latin1,
        final,
      );
      parser.line = line;
      let s = 0;
      for (let record = parser.next(); record !== undefined; record = parser.next()) {
        const before = gate.size;
        gate.add(record, parser.line);
        for (; s < piece.switched.length && piece.switched[s]! < parser.position; s++) {
          if (piece.switched[s]! >= parser.start && gate.size > before) mixed.add(parser.line);
        }
        if (++records % RECORDS_PER_CHUNK === 0) await checkpoint(opts.signal);
      }
      line = parser.line;
      carry = parser.rest === undefined ? undefined : after(piece, parser.rest);
      opts.onRead?.(consumed);
    }
  } catch (error) {
    if (error instanceof LineTooLong) throw lineTooLong(lineNumberAt(source, error.at));
    throw error;
  }
  const other = chosen.perLine && (chosen.encoding === 'utf-8' ? chosen.perLine.singleByte : 'utf-8');
  return {
    encoding: chosen.encoding,
    bom: chosen.bom,
    delimiter: delimiter ?? sniffDelimiter(''),
    lineBreak: lineBreak ?? detectLineBreak(''),
    ...(other && mixed.total > 0 ? { mixedLines: mixed.view(other) } : {}),
  };
}

export function lineTooLong(line: number): ImportFileError {
  return new ImportFileError('line_too_long', `Row ${line} is longer than ${MAX_LINE_BYTES} bytes.`, {
    line,
    max: MAX_LINE_BYTES / 1024 / 1024,
  });
}

/** The rows of a mixed file read in its other encoding: the first few, and how many. */
class MixedLineLog {
  private readonly lines: number[] = [];
  private last = 0;
  total = 0;

  /** A row with one such line (or several: a quoted cell across lines counts once). */
  add(line: number): void {
    if (this.last === line) return;
    this.last = line;
    this.total++;
    if (this.lines.length < MAX_MIXED_LINES_SHOWN) this.lines.push(line);
  }

  view(encoding: string): MixedLines {
    return { encoding, lines: [...this.lines], total: this.total };
  }
}

/** The unfinished record carried over, then the next piece. */
function joined(carry: DecodedPiece, piece: DecodedPiece): DecodedPiece {
  const shift = carry.text.length;
  return {
    text: carry.text + piece.text,
    ...(carry.latin1 && piece.latin1 ? { latin1: Buffer.concat([carry.latin1, piece.latin1]) } : {}),
    switched: [...carry.switched, ...piece.switched.map((at) => at + shift)],
  };
}

/** The piece from `from` on. */
function after(piece: DecodedPiece, from: number): DecodedPiece {
  return {
    text: piece.text.slice(from),
    ...(piece.latin1 ? { latin1: piece.latin1.subarray(from) } : {}),
    switched: piece.switched.filter((at) => at >= from).map((at) => at - from),
  };
}
