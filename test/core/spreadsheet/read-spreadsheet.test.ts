import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { ImportCancelledError, readImportFile } from '@core/import/file';
import { resolveLimits } from '@core/spreadsheet/limits';
import { readWithSheetjs } from '@core/spreadsheet/sheetjs/read-sheetjs';
import { readXlsx } from '@core/spreadsheet/xlsx/read-xlsx';
import { BUILT_IN_FORMATS } from '@core/spreadsheet/xlsx/xlsx-parts';
import { inspectZip } from '@core/spreadsheet/xlsx/zip-guard';
import { minimalXlsx, repack } from './fixture-files';
import { column, expectFileError, fixture, readFixture } from './helpers';

const limits = resolveLimits();
const noSheet = (name: string) => new Error(`no sheet ${name}`);

describe('reading XLSX', () => {
  it('reads phone cells as the text the user sees, not as numbers', async () => {
    const table = await readFixture('phones-as-numbers.xlsx');
    expect(table).toMatchObject({ format: 'xlsx', sheetNames: ['Contatos', 'Outra'], sheet: 'Contatos' });
    expect(table.encoding).toBeUndefined();
    expect(column(table, 'Celular')).toEqual([
      '5511987654321', // General: Excel shows 5.51199E+12 but the cell holds every digit
      '(11) 98765-4322', // custom format (00) 00000-0000
      '011987654323', // format 000000000000 shows the leading zero
      '5.51199E+12', // the stored number is exactly what Excel shows: the digits are gone
      '5.51199E+12', // typed as text
      '+55 11 98765-4324',
    ]);
  });

  it('keeps accents and shows dates as in Brazil', async () => {
    const table = await readFixture('phones-as-numbers.xlsx');
    expect(column(table, 'Nome').slice(0, 3)).toEqual([
      'João da Silva',
      'Maria da Conceição',
      'Antônio Araújo',
    ]);
    expect(table.headers).toContain('Aniversário');
    expect(column(table, 'Aniversário')[0]).toBe('15/03/2023');
  });

  it('stores formulas as text and never evaluates them', async () => {
    const table = await readFixture('phones-as-numbers.xlsx');
    const notes = column(table, 'Observação');
    expect(notes[0]).toBe('Cliente VIP'); // the result the file cached, as displayed
    expect(notes[1]).toBe('=HYPERLINK("http://exemplo.com","clique")'); // no cached result: the formula text
  });

  it('reads another sheet on request and says when a sheet does not exist', async () => {
    const other = await readFixture('phones-as-numbers.xlsx', { sheet: 'Outra' });
    expect(other.sheet).toBe('Outra');
    expect(other.rows).toEqual([['nada aqui']]);
    const error = await expectFileError(
      readFixture('phones-as-numbers.xlsx', { sheet: 'Vendas' }),
      'sheet_not_found',
    );
    expect(error.params.available).toBe('Contatos, Outra');
  });

  it('reads XLSX as Excel writes it: prefixes, rich text, inline strings, escapes, hidden sheets', async () => {
    const table = await readFixture('excel-style.xlsx');
    expect(table.sheetNames).toEqual(['Listas', 'Clientes & Amigos']);
    expect(table.sheet).toBe('Clientes & Amigos'); // the first visible sheet, not the hidden one
    expect(table.headers).toEqual(['Nome', 'Telefone', 'Observação']);
    expect(table.lines).toEqual([2, 4, 5, 6]);
    expect(table.rows).toEqual([
      ['João da Silva', '(11) 98765-4321', '15/03/2023'], // rich text runs joined, phonetic run dropped
      ['Tom & Jerry\r<Ltda>', '5511987654322', 'linha 1\nlinha 2'],
      ['Antônio', '+55 11 98765-4323', 'TRUE'],
      ['', '5.51199E+12', '#N/A'],
    ]);
  });

  it.each(['phones-as-numbers.xlsx', 'excel-style.xlsx'])(
    'the fast reader reads %s exactly as SheetJS does',
    async (name) => {
      const bytes = fixture(name);
      const fast = await readXlsx(bytes, inspectZip(bytes, limits), {}, limits, noSheet);
      const sheetjs = await readWithSheetjs(bytes, {}, limits, noSheet);
      expect(fast).toEqual(sheetjs);
    },
  );

  it('hands an XLSX it does not understand to SheetJS', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Celular'], ['11 98765-4321']]), 'S');
    const written = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    // Rows out of order: legal enough for SheetJS, not for the fast reader.
    const bytes = repack(written, (name, data) => {
      if (!name.endsWith('sheet1.xml')) return data;
      const xml = data.toString('utf8');
      const rows = xml.match(/<row [\s\S]*?<\/row>/g)!;
      return Buffer.from(xml.replace(rows.join(''), [...rows].reverse().join('')));
    });
    const zip = inspectZip(bytes, limits);
    await expect(readXlsx(bytes, zip, {}, limits, noSheet)).rejects.toThrow('rows out of order');
    const table = await readImportFile(bytes, 'estranho.xlsx');
    expect(table.format).toBe('xlsx');
    expect(table.headers).toEqual(['Celular']);
    expect(table.rows).toEqual([['11 98765-4321']]);
  });

  it('skips an empty first sheet for the first one with data', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), 'Vazia');
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Nome', 'Celular'],
        ['Zé', '11 98765-4321'],
      ]),
      'Dados',
    );
    for (const bookType of ['xlsx', 'ods'] as const) {
      const bytes = XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
      const table = await readImportFile(bytes, `a.${bookType}`);
      expect(table.sheet, bookType).toBe('Dados');
      expect(table.rows).toEqual([['Zé', '11 98765-4321']]);
    }
  });
});

describe('reading ODS and XLS', () => {
  it.each([
    ['contatos.ods', 'ods'],
    ['contatos.xls', 'xls'],
  ])('reads %s with accents and phones as shown', async (name, format) => {
    const table = await readFixture(name);
    expect(table).toMatchObject({ format, sheetNames: ['Contatos'], sheet: 'Contatos', headerLine: 1 });
    expect(table.headers).toEqual(['Nome', 'Telefone', 'Cidade']);
    expect(column(table, 'Nome')).toEqual(['João', 'Conceição', 'Antônio', 'Inválido']);
    expect(column(table, 'Telefone')).toEqual(['11987654321', '(11) 98765-4322', '+55 11 98765 4323', '123']);
    expect(column(table, 'Cidade')[1]).toBe('Conceição do Mato Dentro');
  });
});

describe('limits and cancel on spreadsheets', () => {
  const manyRows = (n: number) =>
    minimalXlsx(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Celular</t></is></c></row>' +
        Array.from(
          { length: n },
          (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>119${String(i).padStart(8, '0')}</v></c></row>`,
        ).join(''),
    );

  it('reads a minimal package written by another tool', async () => {
    const table = await readImportFile(manyRows(3), 'outro.xlsx');
    expect(table.rows).toEqual([['11900000000'], ['11900000001'], ['11900000002']]);
  });

  it('reads a sheet bigger than the pieces it is decoded in: every row, long ones and accents included', async () => {
    const long = 'x'.repeat(150_000);
    // Latin-1 text up to row 2000, then a letter beyond it: pieces of both kinds.
    const who = (i: number) => (i > 2000 ? 'Łucja' : 'Lúcia');
    const row = (i: number) =>
      i === 700
        ? `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>${long}</t></is></c></row>`
        : i % 250 === 0
          ? `<row r="${i}"/>`
          : `<row r="${i}"><c r="A${i}" t="str"><v>Conceição ${i} &amp; ${who(i)}</v></c>` +
            `<c r="B${i}"><v>119${String(i).padStart(8, '0')}</v></c></row>`;
    const table = await readImportFile(
      minimalXlsx(Array.from({ length: 3000 }, (_, i) => row(i + 1)).join('')),
      'grande.xlsx',
      { headerLine: 0 },
    );
    const expected = Array.from({ length: 3000 }, (_, i) => i + 1)
      .filter((i) => i % 250 !== 0)
      .map((i) =>
        i === 700 ? [long, ''] : [`Conceição ${i} & ${who(i)}`, `119${String(i).padStart(8, '0')}`],
      );
    expect(table.rows).toEqual(expected);
    expect(table.lines.slice(0, 3)).toEqual([1, 2, 3]);
    expect(table.lines.at(-1)).toBe(2999);
  });

  it('stops reading a big sheet when aborted from outside', async () => {
    const bytes = manyRows(30_000);
    const controller = new AbortController();
    const reading = readImportFile(bytes, 'grande.xlsx', { signal: controller.signal });
    setImmediate(() => controller.abort());
    await expect(reading).rejects.toBeInstanceOf(ImportCancelledError);
  });

  it('refuses more rows than the cap, in every format', async () => {
    await expectFileError(
      readImportFile(manyRows(20), 'a.xlsx', { limits: { maxRows: 5 } }),
      'too_many_rows',
    );
    await expectFileError(readFixture('contatos.ods', { limits: { maxRows: 2 } }), 'too_many_rows');
    await expectFileError(readFixture('contatos.xls', { limits: { maxRows: 2 } }), 'too_many_rows');
  });
});

describe('the built-in number formats of the fast XLSX reader', () => {
  it('are the ones SheetJS formats with (the reader loads SheetJS only for numbers that need it)', () => {
    const table = XLSX.SSF.get_table() as Record<number, string>;
    for (const [id, format] of Object.entries(BUILT_IN_FORMATS))
      expect(table[Number(id)], `format ${id}`).toBe(format);
  });
});

describe('reading DIF', () => {
  it('reads a UTF-8 DIF by its content, whatever its name, phones kept as numbers shown as digits', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Nome', 'Celular'],
        ['Conceição', 11987654321],
        ['Zé', '(11) 98765-4322'],
      ]),
      'S',
    );
    const text = XLSX.write(book, { type: 'string', bookType: 'dif' }) as string;
    const table = await readImportFile(Buffer.from(text, 'utf8'), 'exportado.csv');
    expect(table).toMatchObject({ format: 'dif', encoding: 'utf-8', headers: ['Nome', 'Celular'] });
    expect(table.rows).toEqual([
      ['Conceição', '11987654321'],
      ['Zé', '(11) 98765-4322'],
    ]);
    const withBom = await readImportFile(Buffer.from('\ufeff' + text, 'utf8'), 'exportado.dif');
    expect(withBom).toMatchObject({ format: 'dif', encoding: 'utf-8', headers: ['Nome', 'Celular'] });
    expect(withBom.rows).toEqual(table.rows);
  });
});
