import type { ImportLimits } from '../limits';
import type { RowSink } from '../rows/row-gate';
import { readAll, type ByteSource } from '../source/byte-source';
import { decodeText } from '../text/decode-text';
import { ImportFileError } from '../import-errors';
import { streamWithSheetjs, type SheetjsBook } from './read-sheetjs';

/**
 * A DIF file (Data Interchange Format: an old text spreadsheet that some
 * systems and Excel's "Save as" still write) through SheetJS's DIF reader.
 * Its text is decoded here first, as any text file (UTF-8 or the
 * Windows-1252 Excel writes it in, detected), since SheetJS would read
 * every byte as Latin-1.
 */
export async function readDif(
  source: ByteSource,
  opts: { encoding?: string; sheet?: string; signal?: AbortSignal },
  limits: ImportLimits,
  sink: RowSink,
): Promise<SheetjsBook & { encoding: string }> {
  const { text, encoding } = decodeText(readAll(source), opts.encoding);
  const missing = (name: string) =>
    new ImportFileError('sheet_not_found', `There is no sheet named "${name}".`, { sheet: name });
  return { encoding, ...(await streamWithSheetjs(text, opts, limits, missing, sink)) };
}
