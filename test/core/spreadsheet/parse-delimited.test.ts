import { describe, expect, it } from 'vitest';
import { ImportFileError } from '@core/import/file';
import { DelimitedParser } from '@core/spreadsheet/text/parse-delimited';

/** Records with their line numbers. */
function parse(text: string, delimiter = ';', maxFields = 100, reportedMax?: number): [number, string[]][] {
  const parser = new DelimitedParser(text, delimiter, maxFields, reportedMax);
  const out: [number, string[]][] = [];
  for (let record = parser.next(); record !== undefined; record = parser.next())
    out.push([parser.line, record]);
  return out;
}
const cells = (text: string, delimiter = ';') => parse(text, delimiter).map(([, record]) => record);

describe('parseDelimited', () => {
  it('cuts the same fields from Latin-1 bytes as from the text (DecodedText.latin1)', () => {
    const texts = [
      'a;b\r\nc;d\n\ne;f\rg',
      '"a;1";"say ""hi""";"x\r\ny"\nz',
      ';a;;\n;',
      'Nome;Telefone\nJoão da Conceição;(11) 98765-4321\n"Ação ""já""";\xa0+55 11\n',
      '"never closed;x\ny"z;w',
    ];
    for (const text of texts) {
      const records = (latin1?: Buffer) => {
        const parser = new DelimitedParser(text, ';', 100, undefined, latin1);
        const out: string[][] = [];
        for (let record = parser.next(); record !== undefined; record = parser.next()) out.push(record);
        return out;
      };
      expect(records(Buffer.from(text, 'latin1')), JSON.stringify(text)).toEqual(records());
    }
  });

  it('splits records on LF, CRLF and CR, skipping empty lines but counting them', () => {
    expect(parse('a;b\r\nc;d\n\ne;f\rg')).toEqual([
      [1, ['a', 'b']],
      [2, ['c', 'd']],
      [4, ['e', 'f']],
      [5, ['g']],
    ]);
    expect(parse('\n\n\r\n')).toEqual([]);
    expect(parse('\r\n\r\na\n')).toEqual([[3, ['a']]]);
  });

  it('unquotes fields, with doubled quotes, delimiters and line breaks inside', () => {
    expect(parse('"a;1";"say ""hi""";"x\r\ny"\nz')).toEqual([
      [1, ['a;1', 'say "hi"', 'x\r\ny']],
      [2, ['z']],
    ]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(cells(';a;;\n;')).toEqual([
      ['', 'a', '', ''],
      ['', ''],
    ]);
  });

  it('is lenient like Excel with stray quotes', () => {
    expect(cells('Jo"ão;b')).toEqual([['Jo"ão', 'b']]);
    expect(cells('"ab"cd;e')).toEqual([['abcd', 'e']]);
    // An opening quote never closed is a literal character, not the rest of the file.
    expect(cells('"abc;d\ne;f')).toEqual([
      ['"abc', 'd'],
      ['e', 'f'],
    ]);
  });

  it('stops a record that has more fields than allowed while building it', () => {
    const wide = 'x;'.repeat(1000);
    let thrown: unknown;
    try {
      parse(wide, ';', 100, 7);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ImportFileError);
    expect((thrown as ImportFileError).params).toMatchObject({ max: 7, count: 101 });
  });

  it('works with any one-character delimiter', () => {
    expect(cells('a\tb|c', '\t')).toEqual([['a', 'b|c']]);
    expect(cells('a\tb|c', '|')).toEqual([['a\tb', 'c']]);
  });
});
