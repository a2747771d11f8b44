import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { expect } from 'vitest';
import { ImportFileError, readImportFile } from '@core/import/file';
import type { ImportFileErrorCode, ParsedTable, ReadOptions } from '@core/import/file';

export const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'contacts');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
}

export function readFixture(name: string, opts?: ReadOptions): Promise<ParsedTable> {
  return readImportFile(fixture(name), name, opts);
}

/** Text lines encoded as a file would be on disk. */
export function textFile(lines: string[], encoding = 'utf-8', lineBreak = '\r\n'): Uint8Array {
  return new Uint8Array(iconv.encode(lines.join(lineBreak) + lineBreak, encoding));
}

/** Awaits a rejection and checks it is an ImportFileError with this code. */
export async function expectFileError(
  promise: Promise<unknown>,
  code: ImportFileErrorCode,
): Promise<ImportFileError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  expect((error as ImportFileError).code).toBe(code);
  return error as ImportFileError;
}

/** Cells by header name, for readable assertions. */
export function column(table: ParsedTable, header: string): string[] {
  const index = table.headers.indexOf(header);
  if (index === -1) throw new Error(`no column ${header} in ${table.headers.join(', ')}`);
  return table.rows.map((row) => row[index]!);
}
