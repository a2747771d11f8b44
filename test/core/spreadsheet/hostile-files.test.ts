import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { describeFileError, readImportFile } from '@core/import/file';
import { encryptedWorkbook, minimalXlsx, writeZip } from './fixture-files';
import { odsContent, odsPackage, odsRow } from './fixture-ods';
import { column, expectFileError, fixture, readFixture, textFile } from './helpers';

describe('hostile and broken files end in a clear ImportFileError', () => {
  it('an empty file', async () => {
    const error = await expectFileError(readFixture('empty.csv'), 'empty_file');
    expect(describeFileError(error.code, error.params, 'pt-BR')).toBe('O arquivo está vazio.');
  });

  it('random bytes named .csv', async () => {
    await expectFileError(readFixture('garbage.csv'), 'unreadable_file');
  });

  it('a PNG renamed .csv, saying what it really is', async () => {
    const error = await expectFileError(readFixture('image-renamed.csv'), 'unsupported_format');
    expect(error.params.detected).toBe('png');
    expect(describeFileError(error.code, error.params, 'en')).toContain('png');
  });

  it('a zip bomb renamed .xlsx, refused from its central directory without inflating', async () => {
    expect(fixture('zip-bomb.xlsx').length).toBeLessThan(1024);
    const error = await expectFileError(readFixture('zip-bomb.xlsx'), 'zip_bomb');
    expect(error.params.maxMb).toBe(200);
  });

  it('a zip whose part inflates far beyond the size it declares', async () => {
    const error = await expectFileError(readFixture('zip-bomb-lying.xlsx'), 'zip_bomb');
    expect(error.params.declared).toBe(1024);
  });

  it('a zip with too many entries', async () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({
      name: `xl/p${i}.xml`,
      data: Buffer.from('<a/>'),
    }));
    await expectFileError(
      readImportFile(writeZip(entries), 'many.xlsx', { limits: { maxZipEntries: 20 } }),
      'zip_bomb',
    );
  });

  it('an ODS bomb is refused before SheetJS sees it', async () => {
    const lying = writeZip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), store: true },
      { name: 'content.xml', data: Buffer.alloc(4 * 1024 * 1024, 0x20), declaredSize: 100 },
    ]);
    await expectFileError(readImportFile(lying, 'bomb.ods'), 'zip_bomb');
  });

  it('a CSV with 100,000 columns in the header', async () => {
    const error = await expectFileError(readFixture('wide-header.csv'), 'too_many_columns');
    expect(error.params.max).toBe(200);
  });

  it('a CSV with named columns beyond the cap', async () => {
    const header = Array.from({ length: 250 }, (_, i) => `c${i}`).join(';');
    await expectFileError(readImportFile(textFile([header, 'a;b']), 'wide.csv'), 'too_many_columns');
  });

  it('an XLSX with data beyond the column cap', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Nome', 'Celular'],
      ['João', '11 98765-4321'],
    ]);
    sheet['ZZ2'] = { t: 's', v: 'longe' };
    sheet['!ref'] = 'A1:ZZ2';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    await expectFileError(readImportFile(bytes, 'wide.xlsx'), 'too_many_columns');
  });

  it('a file larger than the cap, before reading anything', async () => {
    const bytes = textFile(['nome;telefone', ...Array.from({ length: 100 }, () => 'a;11987654321')]);
    await expectFileError(readImportFile(bytes, 'big.csv', { limits: { maxFileBytes: 1000 } }), 'too_large');
  });

  it('a streamed CSV may pass 50 MB (a million contacts is ~55 MB); a workbook SheetJS holds whole may not', async () => {
    const MB = 1024 * 1024;
    // One contact, then 51 MB of empty lines: read a piece at a time, it imports.
    const csv = Buffer.concat([textFile(['nome;telefone', 'Ana;11987654321']), Buffer.alloc(51 * MB, 0x0a)]);
    expect((await readImportFile(csv, 'grande.csv')).rows).toHaveLength(1);
    // The same size of ODS is refused before SheetJS reads it, with the in-memory cap.
    const ods = writeZip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), store: true },
      { name: 'content.xml', data: Buffer.alloc(51 * MB, 0x20), store: true },
    ]);
    const error = await expectFileError(readImportFile(ods, 'grande.ods'), 'too_large');
    expect(error.params.max).toBe(50 * MB);
  });

  it('more rows or cells than the caps', async () => {
    const bytes = textFile(['nome;telefone', ...Array.from({ length: 100 }, (_, i) => `a${i};11987654321`)]);
    await expectFileError(readImportFile(bytes, 'rows.csv', { limits: { maxRows: 50 } }), 'too_many_rows');
    await expectFileError(readImportFile(bytes, 'cells.csv', { limits: { maxCells: 150 } }), 'too_large');
  });

  it('a truncated XLSX', async () => {
    const bytes = fixture('phones-as-numbers.xlsx');
    await expectFileError(
      readImportFile(bytes.subarray(0, bytes.length - 30), 'cut.xlsx'),
      'unreadable_file',
    );
  });

  it('a Word document renamed .xlsx', async () => {
    const docx = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    const error = await expectFileError(readImportFile(docx, 'carta.xlsx'), 'unsupported_format');
    expect(error.params.detected).toBe('docx');
  });

  it('a password-protected workbook', async () => {
    const bytes = encryptedWorkbook();
    await expectFileError(readImportFile(bytes, 'senha.xlsx'), 'encrypted_file');
  });

  it('an OLE file that is not a workbook', async () => {
    const container = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(container, '/WordDocument', Buffer.alloc(600, 1));
    await expectFileError(
      readImportFile(XLSX.CFB.write(container, { type: 'buffer' }) as Buffer, 'a.xls'),
      'unreadable_file',
    );
  });

  it('a web page or an Excel 2003 XML saved as .xls', async () => {
    const html = Buffer.from(
      '<!DOCTYPE html><html><body><table><tr><td>Nome</td></tr></table></body></html>',
    );
    const error = await expectFileError(readImportFile(html, 'relatorio.xls'), 'unsupported_format');
    expect(error.params.detected).toBe('html');
    const xml = Buffer.from(
      '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"/>',
    );
    expect(
      (await expectFileError(readImportFile(xml, 'planilha.xls'), 'unsupported_format')).params.detected,
    ).toBe('xml');
  });

  it('NUL bytes in a text file are dropped, not a reason to refuse it; a file of nothing but NULs is', async () => {
    const crashed = Buffer.concat([
      textFile(['Nome;Celular', 'Jo\0ão;11 98765-4321']),
      Buffer.alloc(64 * 1024),
    ]);
    const table = await readImportFile(crashed, 'cauda.csv');
    expect(column(table, 'Nome')).toEqual(['João']);
    await expectFileError(readImportFile(Buffer.alloc(4096), 'zeros.csv'), 'unreadable_file');
    await expectFileError(readFixture('garbage.csv'), 'unreadable_file');
  });

  it('a NUL written as a character reference in an XLSX is dropped, not shown as �', async () => {
    const bytes = minimalXlsx(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Nome</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>Z&#0;é_x0000_</t></is></c></row>',
    );
    expect(column(await readImportFile(bytes, 'nul.xlsx'), 'Nome')).toEqual(['Zé']);
  });

  it('an ODS with content beyond the rows it is read to is refused, not cut short; blank rows there are not content', async () => {
    const blank = (style: string) =>
      `<table:table-row table:number-rows-repeated="1048570"><table:table-cell${style}/></table:table-row>`;
    const after = odsPackage(odsContent(odsRow(['Nome']) + blank('') + odsRow(['Depois'])));
    await expectFileError(readImportFile(after, 'longe.ods'), 'too_many_rows');
    const trailing = odsPackage(
      odsContent(odsRow(['Nome']) + odsRow(['Antes']) + blank(' table:style-name="ce1"')),
    );
    expect(column(await readImportFile(trailing, 'formatada.ods'), 'Nome')).toEqual(['Antes']);
  });
});
