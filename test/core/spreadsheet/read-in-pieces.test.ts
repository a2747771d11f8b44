/**
 * A text file is read a piece of about a megabyte at a time (text/read-csv.ts):
 * what it reads must be exactly what reading the whole text at once gives,
 * whatever falls on a piece's edge (a quoted cell with line breaks, a CR LF,
 * a character of a multi-byte encoding).
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '@core/import/file';
import { HARD_FIELD_CAP } from '@core/spreadsheet/limits';
import { DelimitedParser } from '@core/spreadsheet/text/parse-delimited';
import { PIECE_BYTES } from '@core/spreadsheet/text/line-pieces';
import { expectFileError } from './helpers';

/** The rows the whole text gives, parsed at once: blank rows dropped, trailing blank cells trimmed. */
function wholeTextRows(text: string): { rows: string[][]; lines: number[] } {
  const parser = new DelimitedParser(text, ';', HARD_FIELD_CAP);
  const rows: string[][] = [];
  const lines: number[] = [];
  for (let record = parser.next(); record !== undefined; record = parser.next()) {
    let width = record.length;
    while (width > 0 && record[width - 1]!.trim() === '') width--;
    if (width === 0) continue;
    rows.push(record.slice(0, width));
    lines.push(parser.line);
  }
  return { rows, lines };
}

/** The table readImportFile should give for `text` whose first row is the header. */
function expectedTable(text: string) {
  const { rows, lines } = wholeTextRows(text);
  const width = rows.reduce((most, r) => Math.max(most, r.length), 0);
  const pad = (row: string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  return { rows: rows.slice(1).map(pad), lines: lines.slice(1) };
}

/** Some 3.5 MB of contacts, with multi-line quoted notes (one of them 1.5 MB) and blank lines. */
function bigText(lineBreak: string): string {
  const out = ['Nome;Telefone;Observação'];
  for (let i = 0; i < 40_000; i++) {
    const phone = `11 9${String(i).padStart(8, '0')}`;
    let note = `nota ${i}`;
    if (i % 97 === 0) note = `"linha 1${lineBreak}linha 2; com ""aspas""${lineBreak}linha 3"`;
    if (i === 20_000) note = `"${'texto longo\n'.repeat(130_000)}"`;
    if (i % 1000 === 1) out.push('');
    out.push(`Conceição ${i};${phone};${note}`);
  }
  return out.join(lineBreak) + lineBreak;
}

describe('a text file read in pieces', () => {
  it.each([
    ['UTF-8, CRLF', 'utf-8', '\r\n'],
    ['Windows-1252, LF', 'windows-1252', '\n'],
    ['UTF-16LE, CRLF', 'utf-16le', '\r\n'],
    ['old Mac line breaks (CR)', 'windows-1252', '\r'],
  ])('%s: every row as the whole text gives it', async (_, encoding, lineBreak) => {
    const text = bigText(lineBreak);
    const bytes = iconv.encode(encoding === 'utf-16le' ? '\ufeff' + text : text, encoding);
    expect(bytes.length).toBeGreaterThan(3 * PIECE_BYTES);
    const table = await readImportFile(bytes, 'grande.csv', { limits: { maxCellLength: 10_000_000 } });
    const expected = expectedTable(text);
    expect(table.encoding).toBe(encoding);
    expect(table.rows.length).toBe(expected.rows.length);
    expect(table.lines).toEqual(expected.lines);
    expect(table.rows).toEqual(expected.rows);
  });

  it('reads a quote never closed as a literal character, as the whole text does', async () => {
    const lines = ['Nome;Telefone', '"Aspas abertas;11 98765-4321'];
    for (let i = 0; i < 140_000; i++) lines.push(`Pessoa ${i};11 9${String(i).padStart(8, '0')}`);
    const text = lines.join('\n') + '\n';
    expect(text.length).toBeGreaterThan(3 * PIECE_BYTES);
    const table = await readImportFile(Buffer.from(text, 'latin1'), 'aspas.csv');
    const expected = expectedTable(text);
    expect(table.rows).toEqual(expected.rows);
    expect(table.rows[0]).toEqual(['"Aspas abertas', '11 98765-4321']);
  });

  it('refuses a line longer than any list has, without holding it', async () => {
    const bytes = Buffer.concat([Buffer.from('Nome;Telefone\r\n'), Buffer.alloc(6 * 1024 * 1024, 0x61)]);
    const error = await expectFileError(readImportFile(bytes, 'linha.csv'), 'line_too_long');
    expect(error.params).toMatchObject({ line: 2, max: 4 });
  });
});
