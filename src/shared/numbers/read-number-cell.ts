/**
 * A number as a spreadsheet cell or a typed field holds it, in Brazil's
 * writing or another's: "1.234,56", "1234,5", "R$ 500", "-12", and the
 * "1234.5" a spreadsheet's General cells show. Like dates, the decimal mark
 * is a column's, not a cell's: DecimalEvidence reads the column ("12,5"
 * settles the comma, "12.5" the point); "1.500" alone is 1500, as a
 * Brazilian reads it.
 *
 * A number written with a leading zero ("00123", a code, a CEP) is not read
 * as one: it is an identifier, and as a number it would lose its zeros.
 */

/** The column's decimal mark. */
export type DecimalMark = ',' | '.';

export type NumberCellReading = { ok: true; value: number } | { ok: false; reason: 'empty' | 'not-a-number' };

/** "R$", spaces (thin, non-breaking) and a leading "+": how people dress a number. */
const DRESSING = /^\+|R\$|[\s\u00a0\u202f]/gi;
const PLAIN = /^-?\d+$/;
const ONE_MARK = /^-?(\d+)([.,])(\d+)$/;
/** Thousands marks every three digits, then maybe the decimal mark: by decimal mark. */
const GROUPED: Readonly<Record<DecimalMark, RegExp>> = {
  ',': /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/,
  '.': /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/,
};

const leadingZero = (digits: string) => /^-?0\d/.test(digits);

/** Reads one cell as a number with the column's decimal mark (the comma unless told), or says why not. */
export function readNumberCell(text: string, decimal: DecimalMark = ','): NumberCellReading {
  const cell = text.replace(DRESSING, '');
  if (cell === '' || cell === '-') return text.trim() === '' ? { ok: false, reason: 'empty' } : notANumber;
  if (leadingZero(cell)) return notANumber;
  if (PLAIN.test(cell)) return number(Number(cell));
  const thousands = decimal === ',' ? '.' : ',';
  const one = ONE_MARK.exec(cell);
  // One mark: the decimal one, unless it is the thousands mark before exactly three digits ("1.500").
  if (one) {
    if (one[2] === decimal) return number(Number(cell.replace(decimal, '.')));
    return one[3]!.length === 3 ? number(Number(cell.replace(thousands, ''))) : notANumber;
  }
  if (!GROUPED[decimal].test(cell)) return notANumber;
  return number(Number(cell.split(thousands).join('').replace(decimal, '.')));
}

const notANumber: NumberCellReading = { ok: false, reason: 'not-a-number' };
const number = (value: number): NumberCellReading =>
  Number.isFinite(value) ? { ok: true, value } : notANumber;

/** A number as Torpedo stores it: no thousands mark, a decimal comma ("1234,56", "-12", "0,5"). */
export function formatNumberCell(value: number): string {
  return String(value).replace('.', ',');
}

/**
 * What a column's cells say about their decimal mark. `add` every cell;
 * `mark` is then the column's: the point only when some cell can only be
 * read with it ("12.5", "1,234.5") and none only with the comma.
 */
export class DecimalEvidence {
  comma = 0;
  point = 0;

  add(text: string): void {
    const cell = text.replace(DRESSING, '');
    const one = ONE_MARK.exec(cell);
    if (one) {
      // "1.500" and "1,500" say nothing: either mark reads them.
      if (one[3]!.length !== 3) this.count(one[2] as DecimalMark);
      return;
    }
    const last = Math.max(cell.lastIndexOf('.'), cell.lastIndexOf(','));
    if (last > 0 && cell.includes('.') && cell.includes(',')) this.count(cell[last] as DecimalMark);
  }

  get mark(): DecimalMark {
    return this.point > 0 && this.comma === 0 ? '.' : ',';
  }

  private count(mark: DecimalMark): void {
    if (mark === ',') this.comma++;
    else this.point++;
  }
}
