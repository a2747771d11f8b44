import { bytesSource } from '../source/byte-source';
import { chooseEncoding } from './detect-encoding';
import { assertLooksLikeText, PieceDecoder } from './piece-decoder';

export { decodeWindows1252 } from './piece-decoder';

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

/** Picks the encoding of a text file that has no BOM (chooseEncoding, on bytes in memory). */
export function detectEncoding(bytes: Uint8Array): { encoding: string; bom: boolean } {
  const { encoding, bom } = chooseEncoding(bytesSource(bytes));
  return { encoding, bom };
}

/**
 * Decodes a whole text file with the given encoding (or the detected one),
 * drops the BOM, and refuses bytes that are not text at all. The import
 * reads a file in pieces instead (read-csv.ts), through the same decoder.
 */
export function decodeText(bytes: Uint8Array, forcedEncoding?: string): DecodedText {
  const source = bytesSource(bytes);
  const chosen = chooseEncoding(source, forcedEncoding);
  const piece = new PieceDecoder(chosen).decode(source.read(chosen.skip, source.size), true);
  // A forced encoding that does not fit shows as replacement characters: show them, the user can pick again.
  assertLooksLikeText(piece.text, forcedEncoding === undefined);
  return {
    text: piece.text,
    encoding: chosen.encoding,
    bom: chosen.bom,
    ...(piece.latin1 ? { latin1: piece.latin1 } : {}),
  };
}
