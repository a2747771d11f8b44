import { decodeText } from './decode-text';
import { GridBuilder } from '../rows/grid-builder';
import { checkpoint } from '../import-errors';
import { HARD_FIELD_CAP, type ImportLimits } from '../limits';
import { DelimitedParser, detectLineBreak } from './parse-delimited';
import { sniffDelimiter, validateDelimiter } from './sniff-delimiter';
import type { RawGrid } from '../types';

export type DelimitedFile = {
  grid: RawGrid;
  encoding: string;
  bom: boolean;
  delimiter: string;
  lineBreak: string;
};

const RECORDS_PER_CHUNK = 8192;

/** CSV/TXT bytes to rows: decode, sniff the delimiter, parse in chunks that can be cancelled. */
export async function readDelimited(
  bytes: Uint8Array,
  opts: { encoding?: string; delimiter?: string; signal?: AbortSignal },
  limits: ImportLimits,
): Promise<DelimitedFile> {
  const { text, encoding, bom, latin1 } = decodeText(bytes, opts.encoding);
  const delimiter = opts.delimiter !== undefined ? validateDelimiter(opts.delimiter) : sniffDelimiter(text);
  await checkpoint(opts.signal);
  const builder = new GridBuilder(limits);
  const parser = new DelimitedParser(text, delimiter, HARD_FIELD_CAP, limits.maxColumns, latin1);
  for (let count = 1; ; count++) {
    const record = parser.next();
    if (record === undefined) break;
    builder.add(record, parser.line);
    if (count % RECORDS_PER_CHUNK === 0) await checkpoint(opts.signal);
  }
  return { grid: builder.build(), encoding, bom, delimiter, lineBreak: detectLineBreak(text) };
}
