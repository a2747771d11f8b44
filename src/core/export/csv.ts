/**
 * CSV for people who open it in a spreadsheet. Two dangers, both handled per
 * cell: a text that starts like a formula (`=`, `+`, `-`, `@`, tab, CR) would
 * be run by Excel or LibreOffice (CSV/formula injection, OWASP), so it gets a
 * leading `'`; and a delimiter, quote or line break inside a text would split
 * the row, so such cells are quoted with inner quotes doubled (RFC 4180).
 *
 * Numbers are written as they are: a number is data, never a formula, and a
 * negative total must stay a number. Anything user- or service-provided that
 * is text must be passed as a string so it is neutralised.
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Default `,`. `;` suits spreadsheets set to Brazilian Portuguese. */
  delimiter?: ',' | ';' | '\t';
  /** Start with a UTF-8 byte order mark so Excel reads accents and symbols right. Default false. */
  bom?: boolean;
  /**
   * Leave texts made only of digits, spaces and `().-` after a leading `+`/`-`
   * (phone numbers such as `+55 11 98765-4321`) as they are: for files meant to be
   * imported again, where a `'` would corrupt the number. Such a text cannot be a
   * formula that does anything harmful. Default false.
   */
  keepPhoneNumbers?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_START_EXCEPT_PHONES = /^[=@\t\r]|^[+-](?![\d\s().-]*$)/;

/** Escapes one cell. Always quotes when the text holds `,`, `;`, a quote or a line break. */
export function csvCell(
  value: CsvValue,
  delimiter: CsvOptions['delimiter'] | string = ',',
  keepPhoneNumbers = false,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const formula = keepPhoneNumbers ? FORMULA_START_EXCEPT_PHONES : FORMULA_START;
  const text = formula.test(value) ? `'${value}` : value;
  const mustQuote = /[",;\r\n]/.test(text) || text.includes(delimiter) || text !== text.trim();
  return mustQuote ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text, CRLF line ends (what RFC 4180 and Excel expect), ending with a line break. */
export function toCsv(rows: readonly (readonly CsvValue[])[], options: CsvOptions = {}): string {
  const delimiter = options.delimiter ?? ',';
  const keep = options.keepPhoneNumbers ?? false;
  const body = rows
    .map((row) => row.map((cell) => csvCell(cell, delimiter, keep)).join(delimiter))
    .join('\r\n');
  return (options.bom ? '\uFEFF' : '') + body + (rows.length ? '\r\n' : '');
}
