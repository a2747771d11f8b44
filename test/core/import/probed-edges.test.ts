/**
 * The import edges found by probing it as a new user would (issue 14, item
 * 8), each through the real channels on a real core: what a file like it
 * did then, and what it must do.
 */
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '@core/import/file';
import { repack } from '../spreadsheet/fixture-zip';
import { handXlsx, sharedStringRow, sharedStringsXml, worksheetXml } from '../spreadsheet/fixture-xlsx';
import type { ImportErrorFileView } from '@shared/dto';
import { errorOf, startImportCore, value } from './harness';

const x = (s: string) => Buffer.from(s, 'utf8');

/** A workbook with shared strings, written by hand: `sheetTarget` and `cells` as a damaged one has them. */
function workbook(opts: {
  sheetTarget?: string;
  strings: string[];
  rows: string;
  extra?: { name: string; data: Buffer }[];
}) {
  return handXlsx({
    sheetName: 'Contatos',
    worksheet: worksheetXml(opts.rows),
    sharedStrings: sharedStringsXml(opts.strings),
    ...(opts.sheetTarget ? { sheetTarget: opts.sheetTarget } : {}),
    ...(opts.extra ? { extra: opts.extra } : {}),
  });
}

const row = sharedStringRow;

async function open(bytes: Uint8Array, fileName: string) {
  const ic = await startImportCore();
  return { ic, result: await ic.core.dispatch('import:open', { fileName, data: bytes }) };
}

describe('edges found by probing the import', () => {
  it('a UTF-8 CSV with one line in Windows-1252 reads every line as its bytes say, and says which', async () => {
    const utf8 = [
      'Nome;Celular',
      'João;11 98765-4321',
      'Ana;11 98765-4322',
      'Bia;11 98765-4323',
      'Caio;11 98765-4324',
    ];
    const bytes = Buffer.concat([
      Buffer.from(utf8.join('\r\n') + '\r\n', 'utf8'),
      iconv.encode('Conceição Araújo;11 98765-4325\r\n', 'windows-1252'),
      Buffer.from('Zé;11 98765-4326\r\n', 'utf8'),
    ]);
    const ic = await startImportCore();
    const { opened } = await ic.importFile(bytes, 'misturado.csv');
    expect(opened.preview.encoding).toBe('utf-8');
    expect(opened.preview.mixedLines).toEqual({ encoding: 'windows-1252', lines: [6], total: 1 });
    const names = (await ic.search('')).map((c) => c.name).sort();
    expect(names).toEqual(['Ana', 'Bia', 'Caio', 'Conceição Araújo', 'João', 'Zé']);
  });

  it('a sheet pointing at shared strings that are not there is damaged, not empty', async () => {
    const { ic, result } = await open(
      workbook({ strings: ['Nome', 'Celular'], rows: row(1, 0, 1) + row(2, 7, 8) + row(3, 9, 10) }),
      'estragado.xlsx',
    );
    expect(errorOf(result).code).toBe('unreadable_file');
    expect(ic.count()).toBe(0);
  });

  it('a workbook whose sheet link points outside the archive is damaged, not empty', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Nome', 'Celular'],
        ['Ana', '11987654321'],
      ]),
      'C',
    );
    const written = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const bytes = repack(written, (name, data) =>
      name.endsWith('workbook.xml.rels')
        ? Buffer.from(data.toString().replace('Target="worksheets/sheet1.xml"', 'Target="../../fora.xml"'))
        : data,
    );
    const { result } = await open(bytes, 'link.xlsx');
    expect(errorOf(result).code).toBe('unreadable_file');
  });

  it('a workbook of 20,000 parts is a workbook, not a zip bomb', async () => {
    const extra = Array.from({ length: 20_000 }, (_, i) => ({ name: `xl/media/image${i}.png`, data: x('') }));
    const bytes = workbook({
      strings: ['Nome', 'Celular', 'Ana', '11 98765-4321'],
      rows: row(1, 0, 1) + row(2, 2, 3),
      extra,
    });
    const ic = await startImportCore();
    const { result } = await ic.importFile(bytes, 'muitas-partes.xlsx');
    expect(result.imported).toBe(1);
  });

  it('an 8 MB CSV of 4 million short cells imports (it was "too large")', { timeout: 120_000 }, async () => {
    const header = ['Celular', ...Array.from({ length: 99 }, (_, i) => `c${i + 1}`)].join(';');
    const cells = Array(99).fill('1').join(';');
    const lines = [header];
    for (let i = 0; i < 42_000; i++) lines.push(`119${String(i).padStart(8, '0')};${cells}`);
    const bytes = Buffer.from(lines.join('\n') + '\n', 'latin1');
    expect(bytes.length).toBeGreaterThan(8_000_000);
    const ic = await startImportCore();
    const { result } = await ic.importFile(bytes, 'celulas.csv');
    expect(result.imported).toBe(42_000);
  });

  it('a phone Excel wrote with decimals (5511999999999.0) is that number, not "too long"', async () => {
    expect(normalizePhone('5511999999999.0')).toEqual({ ok: true, e164: '+5511999999999' });
    expect(normalizePhone('11987654321,00')).toEqual({ ok: true, e164: '+5511987654321' });
    expect(normalizePhone('5511999999999.5')).toMatchObject({ ok: false });
    const ic = await startImportCore();
    const { plan } = await ic.importFile(Buffer.from('Nome;Celular\nAna;5511999999999.0\n'), 'decimais.csv');
    expect(plan.counts).toMatchObject({ valid: 1, invalid: 0 });
    expect((await ic.search('')).map((c) => c.phone)).toEqual(['+5511999999999']);
  });

  it('a DIF file is read as the spreadsheet it is, not as CSV; its rejected rows come back as XLSX', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Nome', 'Celular'],
      ['Conceição', '11 98765-4321'],
      ['Ana', '(11) 98765-4322'],
      ['José Curto', 123],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    // As Excel writes it on Windows: Windows-1252.
    const dif = iconv.encode(XLSX.write(book, { type: 'string', bookType: 'dif' }) as string, 'windows-1252');
    const ic = await startImportCore();
    const { opened, plan } = await ic.importFile(dif, 'contatos.dif');
    expect(opened.preview.format).toBe('dif');
    expect(opened.preview.encoding).toBe('windows-1252');
    expect(opened.preview.headers).toEqual(['Nome', 'Celular']);
    expect(plan.counts).toMatchObject({ read: 3, valid: 2, invalid: 1 });
    expect((await ic.search('')).map((c) => c.name).sort()).toEqual(['Ana', 'Conceição']);

    // SheetJS's DIF writer would turn the phone back into a bare number: the error file is an XLSX.
    const file = value<ImportErrorFileView>(
      await ic.core.dispatch('import:errorFile', { importId: opened.importId, locale: 'pt-BR' }),
    );
    expect(file).toMatchObject({ fileName: 'contatos-recusados.xlsx', kind: 'xlsx', rows: 1 });
    const reread = XLSX.read(file.bytes, { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<string[]>(reread.Sheets[reread.SheetNames[0]!]!, { header: 1 });
    expect(rows[1]!.slice(0, 2)).toEqual(['José Curto', '123']);
    expect(rows[1]![2]).toMatch(/curto demais/);
  });
});
