import { DELIMITERS, SUGGESTED_ENCODINGS, type ColumnMapping, type FileInfo, type TableShape } from '../file';
import type { WorkerPreview } from '../worker/protocol';
import type { ColumnReading } from '../../../shared/field-types';

export const SAMPLE_ROWS = 20;
/** Longest cell text sent for display: a hostile 1 MB cell must not travel to the window. */
export const MAX_SHOWN_CELL = 200;

export const shownCell = (text: string): string =>
  text.length > MAX_SHOWN_CELL ? text.slice(0, MAX_SHOWN_CELL - 1) + '…' : text;

/** What the wizard shows of a file read in the worker: its shape and the first rows, never all of them. */
export function toWorkerPreview(
  info: FileInfo,
  shape: TableShape,
  signature: string,
  suggested: ColumnMapping,
  readings: readonly ColumnReading[],
): WorkerPreview {
  return {
    format: info.format,
    ...(info.encoding !== undefined ? { encoding: info.encoding } : {}),
    ...(info.delimiter !== undefined ? { delimiter: info.delimiter } : {}),
    ...(info.sheetNames !== undefined ? { sheetNames: info.sheetNames.map(shownCell) } : {}),
    ...(info.sheet !== undefined ? { sheet: info.sheet } : {}),
    ...(info.mixedLines !== undefined ? { mixedLines: info.mixedLines } : {}),
    headerLine: shape.headerLine,
    headers: shape.headers.map(shownCell),
    columnTypes: readings.map((r) =>
      r.type === 'date' ? { type: r.type, dayOrder: r.dayOrder ?? 'dmy' } : { type: r.type },
    ),
    sampleRows: shape.sampleRows.slice(0, SAMPLE_ROWS).map((row) => row.map(shownCell)),
    totalRows: shape.totalRows,
    encodings: [...SUGGESTED_ENCODINGS],
    delimiters: [...DELIMITERS],
    signature,
    suggested,
  };
}
