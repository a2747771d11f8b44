/**
 * Builds every contact-import fixture in memory, byte for byte the same on
 * every run. scripts/make-contact-fixtures.ts writes them to
 * test/fixtures/contacts/; tests use the builders (writeZip) directly and
 * check that the committed files are up to date.
 */
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import { excelStyleXlsx } from './fixture-xlsx';
import { repack, writeZip } from './fixture-zip';

export { repack, writeZip };
export { minimalXlsx } from './fixture-xlsx';

const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

function workbook(sheets: Record<string, XLSX.WorkSheet>): XLSX.WorkBook {
  const book = XLSX.utils.book_new();
  for (const [name, sheet] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, sheet, name);
  book.Props = { CreatedDate: FIXED_DATE, ModifiedDate: FIXED_DATE, Author: 'Torpedo fixtures' };
  return book;
}

/** Cells as given, for sheets where types and formats matter. */
function sheetOf(rows: (XLSX.CellObject | string | undefined)[][]): XLSX.WorkSheet {
  const sheet: XLSX.WorkSheet = {};
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell === undefined) return;
      sheet[XLSX.utils.encode_cell({ r, c })] = typeof cell === 'string' ? { t: 's', v: cell } : cell;
    }),
  );
  const width = Math.max(...rows.map((r) => r.length));
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: width - 1 } });
  return sheet;
}

const lines = (rows: string[], lineBreak: string) => rows.join(lineBreak) + lineBreak;

/** Deterministic pseudo-random bytes (a 32-bit LCG). */
export function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** An OOXML workbook encrypted with a password, as Excel wraps it: an OLE container of EncryptionInfo and EncryptedPackage. */
export function encryptedWorkbook(): Buffer {
  const container = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(
    container,
    '/EncryptionInfo',
    Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0, ...Array(100).fill(0)]),
  );
  XLSX.CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(600, 1));
  return XLSX.CFB.write(container, { type: 'buffer' }) as Buffer;
}

export const CP1252_ROWS = [
  'Nome;Celular;E-mail;Cidade',
  'João da Silva;(11) 98765-4321;joao@exemplo.com.br;São Paulo',
  'Maria da Conceição;011 98765-4322;maria@exemplo;Conceição do Mato Dentro',
  'Antônio Araújo;+55 11 98765 4323;antonio@exemplo.com.br;Ribeirão Preto',
  'José Antunes;5511987654324;;Curitiba',
  'Joana Repetida;+55 (11) 98765-4321;joana@exemplo.com.br;São Paulo',
  'Pedro Excel;5.51199E+12;;Santos',
  'Carla Antiga;(11) 8765-4325;;Campinas',
  'Número Curto;1234;;Osasco',
  'Sem Telefone;;;Guarulhos',
  'Fixo Comercial;(11) 3456-7890;;São Paulo',
  ';;;',
  'Ana DDD Inválido;(20) 98765-4321;;Belém',
];

export const RENAMING_ROWS = [
  'Nome;Celular;E-mail;Cidade',
  'Tom & Jerry <Ltda>;011 98765-4322;;Conceição do Mato Dentro',
  'Antônio;+55 11 98765 4323;antonio@novo.com.br;Ribeirão Preto',
  'João da Silva;(11) 98765-4321;joao@exemplo.com.br;São Paulo',
  'Cliente Novo;(21) 99876-5432;;Niterói',
];

function spreadsheets(): Record<string, Buffer> {
  const phones = sheetOf([
    ['Nome', 'Celular', 'Email', 'Aniversário', 'Observação'],
    [
      'João da Silva',
      { t: 'n', v: 5511987654321 }, // General: Excel shows 5.51199E+12, the digits are intact
      'joao@exemplo.com.br',
      { t: 'n', v: 45000, z: 'm/d/yy' },
      { t: 's', v: 'Cliente VIP', f: 'CONCATENATE("Cliente ","VIP")' },
    ],
    [
      'Maria da Conceição',
      { t: 'n', v: 11987654322, z: '(00) 00000-0000' },
      undefined,
      undefined,
      { t: 'n', f: 'HYPERLINK("http://exemplo.com","clique")' } as XLSX.CellObject, // no cached value
    ],
    ['Antônio Araújo', { t: 'n', v: 11987654323, z: '000000000000' }],
    ['Excel Estragou', { t: 'n', v: 5511990000000 }], // the digits were already lost
    ['Texto Estragado', '5.51199E+12'],
    ['Zé', '+55 11 98765-4324'],
  ]);
  const other = sheetOf([['Lista'], ['nada aqui']]);
  const xlsx = XLSX.write(workbook({ Contatos: phones, Outra: other }), {
    type: 'buffer',
    bookType: 'xlsx',
    bookSST: true,
    compression: true,
  }) as Buffer;

  const simple = sheetOf([
    ['Nome', 'Telefone', 'Cidade'],
    ['João', { t: 'n', v: 11987654321 }, 'São Paulo'],
    ['Conceição', '(11) 98765-4322', 'Conceição do Mato Dentro'],
    ['Antônio', '+55 11 98765 4323', 'Niterói'],
    ['Inválido', '123', 'Belém'],
  ]);
  const ods = XLSX.write(workbook({ Contatos: simple }), {
    type: 'buffer',
    bookType: 'ods',
    compression: true,
  });
  const xls = XLSX.write(workbook({ Contatos: simple }), { type: 'buffer', bookType: 'biff8' }) as Buffer;
  return {
    'phones-as-numbers.xlsx': repack(xlsx),
    'contatos.ods': repack(ods as Buffer),
    'contatos.xls': xls,
    'excel-style.xlsx': excelStyleXlsx(),
  };
}

function hostile(): Record<string, Buffer> {
  // Claims 3 GB uncompressed in 150 bytes: refused from the central directory alone.
  const claimed = writeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize: 3_000_000_000 },
  ]);
  // Claims 1 KB but inflates to 8 MB: caught while inflating, stopped at the claim.
  const lying = writeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.alloc(8 * 1024 * 1024, 0x20), declaredSize: 1024 },
  ]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
    noise(200, 7),
  ]);
  return {
    'empty.csv': Buffer.alloc(0),
    'garbage.csv': noise(4096, 42),
    'image-renamed.csv': png,
    'zip-bomb.xlsx': claimed,
    'zip-bomb-lying.xlsx': lying,
    // 100,000 columns in the header; unnamed so the fixture stays 100 KB.
    'wide-header.csv': Buffer.from(
      'Nome;Telefone' + ';'.repeat(99_998) + '\r\nJoão;11 98765-4321\r\n',
      'latin1',
    ),
  };
}

function textFiles(): Record<string, Buffer> {
  const utf8Bom = (s: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s, 'utf8')]);
  return {
    'contatos-cp1252.csv': iconv.encode(lines(CP1252_ROWS, '\r\n'), 'windows-1252'),
    // A second spreadsheet of the same customers (issue 12): imported over the first, it would rename
    // Maria and Antônio (and give Antônio another e-mail), leave João as he is and add one customer.
    'contatos-renomeados.csv': Buffer.from(lines(RENAMING_ROWS, '\n'), 'utf8'),
    'contacts-utf8-bom.csv': utf8Bom(
      lines(
        [
          'name,phone,email,city',
          '"Silva, João",(11) 98765-4321,joao@example.com,São Paulo',
          'Conceição Souza,011 98765-4322,,"Rio de Janeiro, RJ"',
          'Antônio,+55 11 98765 4323,,Niterói',
        ],
        '\n',
      ),
    ),
    'contatos-utf16le.txt': iconv.encode(
      '\ufeff' +
        lines(
          ['Nome\tWhatsApp\tCidade', 'João\t11987654321\tSão Paulo', 'Conceição\t(21) 98765-4322\tNiterói'],
          '\r\n',
        ),
      'utf-16le',
    ),
    // Opt-outs kept in another tool: numbers only, one per line, no header (a one-column sheet saved as text).
    'descadastros.txt': iconv.encode(
      lines(
        [
          '(11) 98765-4321',
          '11 98765-4322',
          '+55 21 99876-5432',
          '1234',
          '5.51199E+12',
          '011 98765-4321',
          '(11) 8765-4325',
        ],
        '\r\n',
      ),
      'windows-1252',
    ),
    'contatos-pipe.txt': Buffer.from(
      lines(['nome|telefone|bairro', 'João|11 98765-4321|Sé', 'Conceição|11 98765-4322|Mooca'], '\n'),
      'utf8',
    ),
    'quoted-multiline.csv': Buffer.from(
      lines(
        [
          'Nome;Telefone;Observação',
          '"Silva; João";"(11) 98765-4321";"linha 1\r\nlinha 2; com ponto e vírgula"',
          '"Maria ""Mary"" Conceição";11 98765-4322;"obs simples"',
          'Antônio;11 98765-4323;sem aspas',
        ],
        '\r\n',
      ),
      'utf8',
    ),
    'long-cell.csv': iconv.encode(
      lines(
        ['Nome;Telefone;Observação', `João;11 98765-4321;${'x'.repeat(5000)}`, 'Maria;11 98765-4322;curta'],
        '\r\n',
      ),
      'windows-1252',
    ),
  };
}

export function buildContactFixtures(): Record<string, Buffer> {
  return { ...textFiles(), ...spreadsheets(), ...hostile() };
}
