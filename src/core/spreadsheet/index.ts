/**
 * The spreadsheet library: any CSV, TXT, XLSX, XLS, ODS or DIF file read
 * into rows of text cells, streamed, within caps that keep a hostile file
 * from freezing or exhausting the reader. It knows nothing of contacts,
 * imports or SQLite: what a column means is the caller's to say (for the
 * header, `ReadOptions.findHeader`). Meant for a worker thread.
 */
export { readImportFile, readFileRows, readTableShape } from './read-import-file';
export type { FileInfo } from './read-import-file';
export type { RowSink } from './rows/row-gate';
export { MAX_PREAMBLE_ROWS } from './rows/row-gate';
export type { TableShape } from './rows/table-shape';
export { bytesSource, fileSource } from './source/byte-source';
export type { ByteSource } from './source/byte-source';
export { ImportFileError, ImportCancelledError, checkpoint, throwIfAborted } from './import-errors';
export type { ImportFileErrorCode, ImportErrorParams } from './import-errors';
export { DEFAULT_LIMITS } from './limits';
export type { ImportLimits } from './limits';
export { DELIMITERS } from './text/sniff-delimiter';
export { SUGGESTED_ENCODINGS } from './text/decode-text';
export { extensionOf, TEXT_EXTENSIONS } from './detect-format';
export { loadSheetjs } from './sheetjs/sheetjs';
export type { HeaderFinder, ParsedTable, ReadOptions, ImportFormat, MixedLines } from './types';
