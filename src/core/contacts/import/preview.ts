import { DELIMITERS, SUGGESTED_ENCODINGS, type ColumnMapping, type ParsedTable } from '../spreadsheet';
import type { WorkerPreview } from './protocol';

export const SAMPLE_ROWS = 20;
/** Longest cell text sent for display: a hostile 1 MB cell must not travel to the window. */
export const MAX_SHOWN_CELL = 200;

export const shownCell = (text: string): string =>
  text.length > MAX_SHOWN_CELL ? text.slice(0, MAX_SHOWN_CELL - 1) + '…' : text;

/** What the wizard shows of a table read in the worker: its shape and the first rows, never all of them. */
export function toWorkerPreview(
  table: ParsedTable,
  signature: string,
  suggested: ColumnMapping,
): WorkerPreview {
  return {
    format: table.format,
    ...(table.encoding !== undefined ? { encoding: table.encoding } : {}),
    ...(table.delimiter !== undefined ? { delimiter: table.delimiter } : {}),
    ...(table.sheetNames !== undefined ? { sheetNames: table.sheetNames.map(shownCell) } : {}),
    ...(table.sheet !== undefined ? { sheet: table.sheet } : {}),
    headerLine: table.headerLine,
    headers: table.headers.map(shownCell),
    sampleRows: table.rows.slice(0, SAMPLE_ROWS).map((row) => row.map(shownCell)),
    totalRows: table.rows.length,
    encodings: [...SUGGESTED_ENCODINGS],
    delimiters: [...DELIMITERS],
    signature,
    suggested,
  };
}
