import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { describeFileError, readImportFile } from '../../../../src/core/contacts/spreadsheet';
import { writeZip } from './fixture-files';
import { expectFileError, fixture, readFixture, textFile } from './helpers';

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
    const container = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(
      container,
      '/EncryptionInfo',
      Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0, ...Array(100).fill(0)]),
    );
    XLSX.CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(600, 1));
    const bytes = XLSX.CFB.write(container, { type: 'buffer' }) as Buffer;
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
});
