/**
 * The spreadsheet library's readers with a contact file's own header rule
 * (detect-header.ts: among the first rows, the one naming "nome",
 * "telefone"... and holding no phone itself), unless the caller forces one.
 */
import {
  readImportFile as readAnyFile,
  readTableShape as readAnyTable,
  type ByteSource,
  type ReadOptions,
  type RowSink,
} from '../../spreadsheet';
import { findHeaderRow } from './detect-header';

const contactFile = (opts: ReadOptions): ReadOptions => ({ findHeader: findHeaderRow, ...opts });

/** A whole contact file read into a table of text cells (for small files and tests; the import streams). */
export const readImportFile = (bytes: Uint8Array, fileName: string, opts: ReadOptions = {}) =>
  readAnyFile(bytes, fileName, contactFile(opts));

/** One pass over a contact file: what it is, and its table's shape; each data row handed on to the sink. */
export const readTableShape = (
  source: ByteSource,
  fileName: string,
  opts: ReadOptions,
  openData?: () => RowSink,
) => readAnyTable(source, fileName, contactFile(opts), openData);
