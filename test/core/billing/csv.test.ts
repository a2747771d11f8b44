/** core/export/csv.ts (shared with campaign reports) and the invoice export built on it. */
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '@core/export/csv';
import { invoicesCsv } from '@core/billing/invoices/invoices-csv';

describe('csvCell: formula injection', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+5511999990000', "'+5511999990000"],
    ['-2', "'-2"],
    ['@x', "'@x"],
    ['=HYPERLINK("http://evil","click")', `"'=HYPERLINK(""http://evil"",""click"")"`],
  ])('%j → %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('neutralises a leading tab or carriage return (a CR also needs quotes)', () => {
    expect(csvCell('\tx')).toBe(`'\tx`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('\tx', ';')).toBe(`'\tx`);
  });

  it('leaves ordinary text and numbers alone (a negative number is data, not a formula)', () => {
    expect(csvCell('Pago')).toBe('Pago');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(90.5)).toBe('90.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });
});

describe('csvCell: quoting', () => {
  it.each([
    ['a;b', '"a;b"'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rinside', '"cr\rinside"'],
    [' padded ', '" padded "'],
  ])('%j → %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('quotes a tab when tab is the delimiter', () => {
    expect(csvCell('a\tb', '\t')).toBe('"a\tb"');
  });
});

describe('toCsv', () => {
  it('joins cells with the delimiter and rows with CRLF, optionally after a BOM', () => {
    expect(
      toCsv([
        ['a', 1],
        ['=x', 'y;z'],
      ]),
    ).toBe(`a,1\r\n'=x,"y;z"\r\n`);
    expect(toCsv([['a', 'b']], { delimiter: ';', bom: true })).toBe('\uFEFFa;b\r\n');
    expect(toCsv([])).toBe('');
  });
});

describe('invoicesCsv', () => {
  const inv = {
    uuid: 'u-1',
    total: 1234.5,
    date: '2024-05-01T12:00:00.000Z',
    expiry: '2024-05-04T12:00:00.000Z',
    displayId: '=cmd|/C calc!A0',
    status: { code: 'paid', name: '@SUM(1)', icon: null, color: null },
    card: { code: 'visa', name: 'Visa •••• 4242; "x"' },
  };

  it('in Portuguese: `;`, decimal comma, BOM, every text neutralised', () => {
    const csv = invoicesCsv([inv], 'pt-BR');
    expect(csv.startsWith('\uFEFFData;Número;Total (R$);Situação;Cartão;Vencimento;Fatura\r\n')).toBe(true);
    const line = csv.split('\r\n')[1]!;
    expect(line).toBe(
      `2024-05-01T12:00:00.000Z;'=cmd|/C calc!A0;"1234,50";'@SUM(1);"Visa •••• 4242; ""x""";2024-05-04T12:00:00.000Z;u-1`,
    );
  });

  it('in English: `,` and a decimal point', () => {
    const line = invoicesCsv([inv], 'en').split('\r\n')[1]!;
    expect(line).toContain(`,1234.50,`);
  });
});
