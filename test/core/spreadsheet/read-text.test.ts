import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readImportFile } from '@core/import/file';
import { decodeText, decodeWindows1252, detectEncoding } from '@core/spreadsheet/text/decode-text';
import { sniffDelimiter } from '@core/spreadsheet/text/sniff-delimiter';
import { column, expectFileError, readFixture, textFile } from './helpers';

describe('reading CSV and TXT files', () => {
  it('reads a Windows-1252 ";" CSV from Excel with accents intact', async () => {
    const table = await readFixture('contatos-cp1252.csv');
    expect(table).toMatchObject({ format: 'csv', encoding: 'windows-1252', bom: false, delimiter: ';' });
    expect(table.lineBreak).toBe('\r\n');
    expect(table.headers).toEqual(['Nome', 'Celular', 'E-mail', 'Cidade']);
    expect(column(table, 'Nome').slice(0, 3)).toEqual([
      'João da Silva',
      'Maria da Conceição',
      'Antônio Araújo',
    ]);
    expect(column(table, 'Cidade')).toContain('Conceição do Mato Dentro');
  });

  it('numbers rows as a spreadsheet shows them, skipping blank lines but counting them', async () => {
    const table = await readFixture('contatos-cp1252.csv');
    expect(table.headerLine).toBe(1);
    expect(table.lines[0]).toBe(2);
    // line 12 is ";;;" (blank): the next row keeps its own number
    expect(table.lines.at(-1)).toBe(13);
    expect(table.rows.at(-1)![0]).toBe('Ana DDD Inválido');
    expect(table.rows).toHaveLength(11);
  });

  it('reads a UTF-8 CSV with a BOM and "," with quoted commas', async () => {
    const table = await readFixture('contacts-utf8-bom.csv');
    expect(table).toMatchObject({ encoding: 'utf-8', bom: true, delimiter: ',', lineBreak: '\n' });
    expect(table.headers[0]).toBe('name'); // no BOM glued to the first header
    expect(column(table, 'name')).toEqual(['Silva, João', 'Conceição Souza', 'Antônio']);
    expect(column(table, 'city')[1]).toBe('Rio de Janeiro, RJ');
  });

  it('reads a UTF-16LE tab-separated TXT', async () => {
    const table = await readFixture('contatos-utf16le.txt');
    expect(table).toMatchObject({ format: 'txt', encoding: 'utf-16le', bom: true, delimiter: '\t' });
    expect(column(table, 'Nome')).toEqual(['João', 'Conceição']);
    expect(column(table, 'WhatsApp')).toEqual(['11987654321', '(21) 98765-4322']);
  });

  it('reads a "|" TXT', async () => {
    const table = await readFixture('contatos-pipe.txt');
    expect(table).toMatchObject({ format: 'txt', delimiter: '|', encoding: 'utf-8' });
    expect(column(table, 'bairro')).toEqual(['Sé', 'Mooca']);
  });

  it('keeps quoted delimiters, doubled quotes and line breaks inside one cell', async () => {
    const table = await readFixture('quoted-multiline.csv');
    expect(table.delimiter).toBe(';');
    expect(table.rows).toHaveLength(3);
    expect(table.rows[0]).toEqual([
      'Silva; João',
      '(11) 98765-4321',
      'linha 1\r\nlinha 2; com ponto e vírgula',
    ]);
    expect(table.rows[1]![0]).toBe('Maria "Mary" Conceição');
    expect(table.lines).toEqual([2, 3, 4]);
  });

  it('lets the user override the encoding and the delimiter', async () => {
    const bytes = textFile(['nome;cidade', 'João;São Paulo'], 'windows-1252');
    const asLatin1 = await readImportFile(bytes, 'a.csv', { encoding: 'ISO-8859-1' });
    expect(asLatin1.encoding).toBe('iso-8859-1');
    expect(asLatin1.rows[0]).toEqual(['João', 'São Paulo']);
    const asUtf8 = await readImportFile(bytes, 'a.csv', { encoding: 'utf-8' });
    expect(asUtf8.rows[0]![0]).toBe('Jo\ufffdo');
    const oneColumn = await readImportFile(bytes, 'a.csv', { delimiter: ',' });
    expect(oneColumn.delimiter).toBe(',');
    expect(oneColumn.headers).toEqual(['nome;cidade']);
  });

  it('refuses an encoding or delimiter it cannot use', async () => {
    const bytes = textFile(['nome;telefone', 'a;11987654321']);
    await expectFileError(readImportFile(bytes, 'a.csv', { encoding: 'klingon-8' }), 'unknown_encoding');
    await expectFileError(readImportFile(bytes, 'a.csv', { delimiter: ';;' }), 'invalid_delimiter');
    await expectFileError(readImportFile(bytes, 'a.csv', { delimiter: '"' }), 'invalid_delimiter');
  });

  it('skips a title row above the header', async () => {
    const bytes = textFile([
      'Lista de clientes - março de 2024',
      '',
      'Nome;Celular;Cidade',
      'João;11 98765-4321;Santos',
    ]);
    const table = await readImportFile(bytes, 'a.csv');
    expect(table.headerLine).toBe(3);
    expect(table.headers).toEqual(['Nome', 'Celular', 'Cidade']);
    expect(table.rows).toEqual([['João', '11 98765-4321', 'Santos']]);
    expect(table.lines).toEqual([4]);
  });

  it('reads a bare list of numbers as a file without header', async () => {
    const table = await readImportFile(textFile(['11 98765-4321', '11 98765-4322']), 'numeros.txt');
    expect(table.headerLine).toBe(0);
    expect(table.headers).toEqual(['']);
    expect(table.rows).toEqual([['11 98765-4321'], ['11 98765-4322']]);
    expect(table.lines).toEqual([1, 2]);
  });

  it('lets the caller say where the header is, or that there is none', async () => {
    const bytes = textFile(['Relatório', 'Nome;Celular', 'João;11 98765-4321']);
    expect((await readImportFile(bytes, 'a.csv', { headerLine: 2 })).headers).toEqual(['Nome', 'Celular']);
    const none = await readImportFile(bytes, 'a.csv', { headerLine: 0 });
    expect(none.headerLine).toBe(0);
    expect(none.rows).toHaveLength(3);
  });

  it('drops trailing empty columns and pads short rows', async () => {
    const table = await readImportFile(
      textFile(['Nome;Celular;;;', 'João;11 98765-4321;;;', 'Ana;;;;', 'Zé']),
      'a.csv',
    );
    expect(table.headers).toEqual(['Nome', 'Celular']);
    expect(table.rows).toEqual([
      ['João', '11 98765-4321'],
      ['Ana', ''],
      ['Zé', ''],
    ]);
  });

  it('gives unnamed columns an empty header when data goes past the header', async () => {
    const table = await readImportFile(textFile(['Nome;Celular', 'João;11 98765-4321;extra']), 'a.csv');
    expect(table.headers).toEqual(['Nome', 'Celular', '']);
    expect(table.rows[0]).toEqual(['João', '11 98765-4321', 'extra']);
  });

  it('says when there is a header but no contacts', async () => {
    await expectFileError(readImportFile(textFile(['Nome;Celular']), 'a.csv'), 'no_data_rows');
    await expectFileError(readImportFile(textFile(['', '  ', ';;']), 'a.csv'), 'empty_file');
  });
});

describe('encoding detection', () => {
  const sample = 'Nome;Cidade\nJoão da Conceição;São José dos Campos\nAntônio;Ribeirão Preto\n';

  it.each([
    ['utf-8', false],
    ['windows-1252', false],
    ['cp850', false],
    ['utf-16le', false],
    ['utf-16be', false],
  ])('detects %s without a BOM', (encoding) => {
    const bytes = new Uint8Array(iconv.encode(sample, encoding));
    expect(detectEncoding(bytes)).toEqual({ encoding, bom: false });
    expect(decodeText(bytes).text).toBe(sample);
  });

  it('reads UTF-8 with a few damaged bytes as UTF-8, not as Windows-1252', () => {
    const good = Buffer.from(sample.repeat(5), 'utf8');
    const damaged = Buffer.concat([good, Buffer.from([0xe3]), Buffer.from('\n')]);
    expect(detectEncoding(new Uint8Array(damaged)).encoding).toBe('utf-8');
  });

  it('decodes Windows-1252 exactly like iconv-lite, including € and curly quotes', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    expect(decodeWindows1252(all)).toBe(iconv.decode(all, 'windows-1252'));
    expect(decodeWindows1252(Buffer.from([0x80, 0x93, 0x94]))).toBe('€“”');
  });
});

describe("the text's Latin-1 bytes, for cutting fields", () => {
  const sample = 'Nome;Cidade\nJoão da Conceição;São José dos Campos\n';

  it.each([
    ['Windows-1252', iconv.encode(sample, 'windows-1252')],
    ['UTF-8', Buffer.from(sample, 'utf8')],
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample, 'utf8')])],
  ])('are given for %s text within Latin-1, and read back as the text', (_, bytes) => {
    const decoded = decodeText(new Uint8Array(bytes));
    expect(decoded.text).toBe(sample);
    expect(decoded.latin1?.toString('latin1')).toBe(sample);
  });

  it.each([
    ['Windows-1252 with € and curly quotes', iconv.encode(`${sample}“R$ 5” ou € 1\n`, 'windows-1252')],
    ['UTF-8 beyond Latin-1', Buffer.from(`${sample}Zoë 😀\n`, 'utf8')],
    ['UTF-16', iconv.encode(sample, 'utf-16le')],
  ])('are not given for %s', (_, bytes) => {
    const decoded = decodeText(new Uint8Array(bytes));
    expect(decoded.text.startsWith(sample)).toBe(true);
    expect(decoded.latin1).toBeUndefined();
  });
});

describe('delimiter sniffing', () => {
  it.each([
    [';', 'nome;telefone;obs\nJoão;11 98765-4321;a, b\nAna;11 98765-4322;c'],
    [',', 'nome,telefone\n"Silva; João",11 98765-4321\nAna,11 98765-4322'],
    ['\t', 'nome\ttelefone\nJoão\t11 98765-4321'],
    ['|', 'nome|telefone|cidade\nJoão|11 98765-4321|Santos'],
  ])('finds %j', (expected, text) => {
    expect(sniffDelimiter(text)).toBe(expected);
  });

  it('prefers ";" when "," fits as well (decimal commas in a Brazilian file)', () => {
    expect(sniffDelimiter('nome;valor\nJoão;1,50\nAna;2,75')).toBe(';');
  });

  it('falls back to ";" for a single column', () => {
    expect(sniffDelimiter('telefone\n11 98765-4321\n11 98765-4322')).toBe(';');
  });
});
