/**
 * The type of a contact's own column (a spreadsheet's "cidade",
 * "ultima_compra", "total_gasto"): text, number or date. The import detects
 * it from the column's values and the owner may change it; a segment's
 * conditions fit it (contains for text, greater than for numbers, before
 * for dates).
 *
 * A typed value is kept as text in the contact (what a message's merge
 * field prints), in one written form per type, so that reading it back
 * needs no column's conventions: a date as dd/mm/aaaa (or dd/mm, year
 * unknown), a number without thousands marks and with a decimal comma.
 */
import {
  DayOrderEvidence,
  formatCellDate,
  readDateCell,
  type CellDateRefusal,
  type DayOrder,
} from './dates/read-date-cell';
import {
  DecimalEvidence,
  formatNumberCell,
  readNumberCell,
  type DecimalMark,
} from './numbers/read-number-cell';
import { foldHeader } from './field-key';

export const FIELD_TYPES = ['text', 'number', 'date'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** How a column's cells are read: its type and, for dates and numbers, the column's conventions. */
export interface ColumnReading {
  type: FieldType;
  /** Dates: dd/mm or mm/dd (DayOrderEvidence). */
  dayOrder?: DayOrder;
  /** Numbers: the decimal mark (DecimalEvidence). */
  decimal?: DecimalMark;
  /** Dates: bare numbers are Excel serials (a date column whose cells were all serials). */
  serials?: boolean;
}

/** Why a cell does not fit its column's type (the error file says it with the column and the value). */
export type ValueProblem = 'date_unreadable' | 'date_impossible' | 'number_unreadable';

export type TypedValue = { ok: true; text: string } | { ok: false; problem: ValueProblem };

const DATE_PROBLEM: Record<Exclude<CellDateRefusal, 'empty'>, ValueProblem> = {
  'unknown-form': 'date_unreadable',
  impossible: 'date_impossible',
};

/**
 * A non-blank cell in its type's written form, or the problem. Text is kept
 * as it is (trimmed).
 */
export function typedValue(cell: string, reading: ColumnReading): TypedValue {
  const text = cell.trim();
  if (reading.type === 'date') {
    const date = readDateCell(text, { order: reading.dayOrder ?? 'dmy', serials: reading.serials ?? false });
    if (date.ok) return { ok: true, text: formatCellDate(date.date) };
    return { ok: false, problem: date.reason === 'empty' ? 'date_unreadable' : DATE_PROBLEM[date.reason] };
  }
  if (reading.type === 'number') {
    const number = readNumberCell(text, reading.decimal ?? ',');
    return number.ok
      ? { ok: true, text: formatNumberCell(number.value) }
      : { ok: false, problem: 'number_unreadable' };
  }
  return { ok: true, text };
}

/** Headers that name a date ("Data da compra", "Nascimento", "Última visita em"): serials there are dates. */
const DATE_HEADER = /\b(data|date|dt|dia|nascimento|aniversario|birthday|birth|vencimento|validade)\b/;

/** Excel serials from 01/01/1950 to 31/12/2099: the plausible days of a contact's column. */
const SERIAL_RANGE = { min: 18_264, max: 73_415 } as const;

/**
 * Filled cells a column's type is judged on. A million-row file's every cell
 * read as a date and a number took seconds; the type is an offer the owner
 * confirms, and a cell past these that does not fit is refused by the plan
 * with its reason. dd/mm against mm/dd and the decimal mark, which decide how
 * every cell is read, keep looking until a cell settles them.
 */
export const TYPE_EVIDENCE_CELLS = 5_000;

/**
 * What a column's values say its type is. `add` every cell of the column
 * (a file's whole column as it streams past: each costs a regular
 * expression or two, a column found to be text stops looking, and past
 * TYPE_EVIDENCE_CELLS only an unsettled order or mark is looked for);
 * `reading` is then the type to offer.
 */
export class ColumnTypeEvidence {
  private filled = 0;
  private dates = 0;
  private numbers = 0;
  private serials = 0;
  private text = false;
  private readonly order = new DayOrderEvidence();
  private readonly decimal = new DecimalEvidence();

  add(cell: string): void {
    if (this.text) return;
    const text = cell.trim();
    if (text === '') return;
    if (this.filled >= TYPE_EVIDENCE_CELLS) {
      if (this.dates === this.filled && !this.order.settled) this.order.add(text);
      else if (this.numbers === this.filled && this.decimal.mark === ',' && this.decimal.comma === 0)
        this.decimal.add(text);
      return;
    }
    this.filled++;
    if (isDateForm(text)) {
      this.dates++;
      this.order.add(text);
    } else if (readNumberCell(text, ',').ok || readNumberCell(text, '.').ok) {
      this.numbers++;
      this.decimal.add(text);
      if (/^\d+$/.test(text) && +text >= SERIAL_RANGE.min && +text <= SERIAL_RANGE.max) this.serials++;
    }
    if (this.dates + this.numbers < this.filled) this.text = true;
  }

  /** Every filled cell a date: a date; every one a number: a number (a date if serials under a date header). */
  reading(header = ''): ColumnReading {
    if (this.text || this.filled === 0) return { type: 'text' };
    if (this.dates === this.filled) return { type: 'date', dayOrder: this.order.order };
    if (this.numbers === this.filled) {
      if (this.serials === this.filled && DATE_HEADER.test(foldHeader(header)))
        return { type: 'date', dayOrder: 'dmy', serials: true };
      return { type: 'number', decimal: this.decimal.mark };
    }
    // Dates and numbers mixed: the numbers may be serials of a date column, or the dates typos.
    return { type: 'text' };
  }
}

/** A date in some form (in either order, possible or not): what a date column's cells look like. */
function isDateForm(text: string): boolean {
  for (const order of ['dmy', 'mdy'] as const) {
    const reading = readDateCell(text, { order });
    if (reading.ok || reading.reason === 'impossible') return true;
  }
  return false;
}
