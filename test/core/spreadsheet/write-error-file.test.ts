import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  errorColumnHeader,
  planImport,
  readImportFile,
  suggestMapping,
  writeErrorFile,
} from '@core/import/file';
import { fixture, readFixture } from './helpers';

async function errorFileFor(name: string, locale = 'pt-BR') {
  const table = await readFixture(name);
  const plan = await planImport(table, suggestMapping(table.headers, table.rows));
  return { table, plan, file: await writeErrorFile(table, plan.rejected, locale) };
}

describe('writeErrorFile', () => {
  it('writes a cp1252 ";" CSV back as cp1252 ";" CSV with a readable reason column', async () => {
    const { table, file } = await errorFileFor('contatos-cp1252.csv');
    expect(file.fileName).toBe('contatos-cp1252-recusados.csv');
    expect(file.mime).toBe('text/csv; charset=windows-1252');
    const text = iconv.decode(Buffer.from(file.bytes), 'windows-1252');
    expect(text.split('\r\n')[0]).toBe('Nome;Celular;E-mail;Cidade;Motivo da recusa (Torpedo)');
    expect(text).toContain(
      'Pedro Excel;5.51199E+12;;Santos;O Excel estragou o telefone “5.51199E+12” (notação científica)',
    );
    // The reason holds a comma, so it is quoted (whichever delimiter a spreadsheet guesses).
    expect(text).toContain(
      'Carla Antiga;(11) 8765-4325;;Campinas;"O celular “(11) 8765-4325” está no formato antigo',
    );
    expect(text).toContain('Sugestão: +5511987654325.');
    expect(text).toContain(
      'Fixo Comercial;(11) 3456-7890;;São Paulo;"O telefone “(11) 3456-7890” é fixo, não celular: não recebe SMS.',
    );

    const reread = await readImportFile(file.bytes, file.fileName);
    expect(reread).toMatchObject({ encoding: 'windows-1252', delimiter: ';', lineBreak: '\r\n', bom: false });
    expect(reread.headers).toEqual([...table.headers, errorColumnHeader('pt-BR')]);
    expect(reread.rows.map((r) => r[0])).toEqual([
      'Pedro Excel',
      'Carla Antiga',
      'Número Curto',
      'Sem Telefone',
      'Fixo Comercial',
      'Ana DDD Inválido',
    ]);
  });

  it('writes reasons in English on request', async () => {
    const { file } = await errorFileFor('contatos-cp1252.csv', 'en');
    expect(file.fileName).toBe('contatos-cp1252-rejected.csv');
    const text = iconv.decode(Buffer.from(file.bytes), 'windows-1252');
    expect(text).toContain(';Rejection reason (Torpedo)\r\n');
    expect(text).toContain('The phone “1234” is too short (missing the area code?).');
    expect(text).toContain('The phone “(11) 3456-7890” is a landline, not a mobile: it cannot receive SMS.');
  });

  it('keeps the BOM, the encoding and the delimiter of UTF-8 and UTF-16 files', async () => {
    const utf16 = await readFixture('contatos-utf16le.txt');
    const file = await writeErrorFile(
      utf16,
      [{ line: 2, cells: utf16.rows[0]!, reason: 'phone_invalid', params: { value: 'x' } }],
      'pt-BR',
    );
    expect(file.fileName).toBe('contatos-utf16le-recusados.txt');
    expect([...file.bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const reread = await readImportFile(file.bytes, file.fileName);
    expect(reread).toMatchObject({ encoding: 'utf-16le', bom: true, delimiter: '\t' });
    expect(reread.rows[0]!.slice(0, 3)).toEqual(['João', '11987654321', 'São Paulo']);

    const utf8 = await readFixture('contacts-utf8-bom.csv');
    const file8 = await writeErrorFile(
      utf8,
      [{ line: 2, cells: utf8.rows[0]!, reason: 'phone_invalid', params: { value: 'x' } }],
      'en',
    );
    expect([...file8.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const reread8 = await readImportFile(file8.bytes, file8.fileName);
    expect(reread8).toMatchObject({ encoding: 'utf-8', bom: true, delimiter: ',', lineBreak: '\n' });
    expect(reread8.rows[0]![0]).toBe('Silva, João');
  });

  it('quotes cells with delimiters, quotes and line breaks so they read back the same', async () => {
    const table = await readFixture('quoted-multiline.csv');
    const rejected = table.rows.map((cells, i) => ({
      line: table.lines[i]!,
      cells,
      reason: 'phone_invalid' as const,
      params: { value: 'x' },
    }));
    const file = await writeErrorFile(table, rejected, 'pt-BR');
    const reread = await readImportFile(file.bytes, file.fileName);
    expect(reread.rows.map((r) => r.slice(0, 3))).toEqual(table.rows);
  });

  it('neutralises cells Excel would run as formulas, but not phones', async () => {
    const table = await readFixture('contatos-cp1252.csv');
    const cells = ['=HYPERLINK("http://mal")', '+55 11 98765-4321', '-2+3+cmd|x', '@SUM(A1)'];
    const file = await writeErrorFile(
      { ...table, headers: ['a', 'b', 'c', 'd'] },
      [{ line: 2, cells, reason: 'phone_invalid', params: { value: 'x' } }],
      'pt-BR',
    );
    const line = iconv.decode(Buffer.from(file.bytes), 'windows-1252').split('\r\n')[1]!;
    expect(line.startsWith(`"'=HYPERLINK(""http://mal"")";+55 11 98765-4321;'-2+3+cmd|x;'@SUM(A1);`)).toBe(
      true,
    );
  });

  it.each([
    ['phones-as-numbers.xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['contatos.ods', 'ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['contatos.xls', 'xls', 'application/vnd.ms-excel'],
  ])('writes %s back in the same format, phones as text', async (name, format, mime) => {
    const { table, plan, file } = await errorFileFor(name);
    expect(plan.rejected.length).toBeGreaterThan(0);
    expect(file.mime).toBe(mime);
    expect(file.fileName).toBe(name.replace(`.${format}`, `-recusados.${format}`));
    const reread = await readImportFile(file.bytes, file.fileName);
    expect(reread.format).toBe(format);
    expect(reread.sheetNames).toEqual(['Recusados']);
    expect(reread.headers).toEqual([...table.headers, errorColumnHeader('pt-BR')]);
    expect(reread.rows).toHaveLength(plan.rejected.length);
    for (const [i, row] of reread.rows.entries()) {
      expect(row.slice(0, table.headers.length)).toEqual(plan.rejected[i]!.cells);
      expect(row.at(-1)).toMatch(/telefone/i);
    }
  });

  it('writes a headerless file without a header row', async () => {
    const table = await readImportFile(Buffer.from('11 98765-4321\n123\n'), 'numeros.txt');
    const plan = await planImport(table, suggestMapping(table.headers, table.rows));
    const text = Buffer.from((await writeErrorFile(table, plan.rejected, 'pt-BR')).bytes).toString('utf8');
    expect(text).toBe('123;O telefone “123” é curto demais (faltou o DDD?).\n');
  });

  it('can be fixed and imported again, the reason column ignored', async () => {
    const { file } = await errorFileFor('contatos-cp1252.csv');
    const text = iconv
      .decode(Buffer.from(file.bytes), 'windows-1252')
      .replace('5.51199E+12', '11 98765-4399');
    const fixed = await readImportFile(iconv.encode(text, 'windows-1252'), file.fileName);
    const mapping = suggestMapping(fixed.headers, fixed.rows);
    expect(mapping.custom.map((c) => c.field)).toEqual(['cidade']);
    const plan = await planImport(fixed, mapping);
    expect(plan.rows.map((r) => [r.name, r.phone])).toEqual([['Pedro Excel', '+5511987654399']]);
  });

  it('names the file for what it really is when the name lied', async () => {
    const csvAsXlsx = await readImportFile(fixture('contatos-cp1252.csv'), 'contatos.xlsx');
    expect(csvAsXlsx.format).toBe('csv');
    expect((await writeErrorFile(csvAsXlsx, [], 'pt-BR')).fileName).toBe('contatos-recusados.csv');
    const xlsxAsXls = await readImportFile(fixture('phones-as-numbers.xlsx'), 'contatos.xls');
    expect(xlsxAsXls.format).toBe('xlsx');
    expect((await writeErrorFile(xlsxAsXls, [], 'en')).fileName).toBe('contatos-rejected.xlsx');
    const tsv = await readImportFile(fixture('contatos-utf16le.txt'), 'lista.tsv');
    expect((await writeErrorFile(tsv, [], 'pt-BR')).fileName).toBe('lista-recusados.tsv');
  });
});
