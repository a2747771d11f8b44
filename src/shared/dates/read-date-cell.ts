/**
 * The date-CELL reader: a calendar day as a spreadsheet cell or a typed
 * field holds it (a last purchase, a birthday), beside read-date.ts's
 * instants. A cell has no time and no zone, and its year may be unknown
 * ("15/03" for a birthday): that is a value, not a failure.
 *
 * Forms read (each exactly; anything else is refused with a reason):
 * - `d/m/y`: dd/mm/aaaa (also with `-` or `.`, one-digit parts, a time after
 *   it that is dropped: "15/03/2026 14:30", how a date-time cell shows);
 * - `d/m/yy`: dd/mm/aa, the century the one that puts the year within 89
 *   years before and 10 after `now` (85 → 1985, 26 → 2026 in 2026);
 * - `d/m`: dd/mm, year unknown (with a slash only: "1.5" is a number);
 * - `iso`: aaaa-mm-dd (or aaaa/mm/dd, a `T...` time dropped);
 * - `named`: a month by name, Portuguese or English, as SheetJS shows Excel's
 *   built-in formats 15-17 or as people write it ("15-mar-26", "15 de março
 *   de 2026", "15 mar");
 * - `serial`: an Excel date serial in the 1900 system (45366 = 15/03/2024),
 *   only when the caller says the column holds dates (`serials`): a bare
 *   number is not a date otherwise. Excel counts a 29/02/1900 that never
 *   was (serial 60): refused as impossible, and serials before it are one
 *   day off from those after, as in Excel.
 *
 * dd/mm against mm/dd is decided per column, not per cell: DayOrderEvidence
 * reads a whole column (a first part above 12 settles dd/mm, a second part
 * above 12 settles mm/dd; with neither, dd/mm, as Brazilians write it), and
 * every cell of that column is then read in that order.
 *
 * Pure: date-fns says whether a day exists; no Node, no DOM.
 */
import { isExists } from 'date-fns/isExists';

/** A day as a cell gives it; `year` null when the cell leaves it out ("15/03"). */
export interface CellDate {
  year: number | null;
  /** 1-12. */
  month: number;
  /** 1-31. */
  day: number;
}

/** The order of a numeric date's first two parts: dd/mm (Brazil) or mm/dd. */
export type DayOrder = 'dmy' | 'mdy';

export type CellDateForm = 'd/m/y' | 'd/m/yy' | 'd/m' | 'iso' | 'named' | 'serial';

/**
 * Why a cell was not read as a date:
 * - `empty`: nothing in it;
 * - `unknown-form`: none of the forms above (or a number where serials were not asked for);
 * - `impossible`: the form fits but the day does not exist (31/02/2026, a month 13, serial 60).
 */
export type CellDateRefusal = 'empty' | 'unknown-form' | 'impossible';

export type CellDateReading =
  { ok: true; date: CellDate; form: CellDateForm } | { ok: false; reason: CellDateRefusal };

export interface ReadDateCellOptions {
  /** The column's order (DayOrderEvidence); dd/mm unless told. */
  order?: DayOrder;
  /** Read a bare number as an Excel serial (the column is known to hold dates). */
  serials?: boolean;
  /** The present, for the century of a two-digit year. */
  now?: Date;
}

/** Excel's last day (31/12/9999) as a 1900-system serial. */
const MAX_SERIAL = 2_958_465;
const MS_PER_DAY = 86_400_000;
/** A time left after a date ("14:30", "14:30:00", "T14:30:00.000Z"), dropped. */
const TIME_TAIL = String.raw`(?:[ T]+(?:às\s+)?\d{1,2}[:h]\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
// Without a year only with a slash: "1.5" and "1-5" are a number and a range more often than a day.
const NUMERIC = new RegExp(
  String.raw`^(\d{1,2})(?:([/.-])(\d{1,2})\2(\d{4}|\d{2})${TIME_TAIL}|\/(\d{1,2}))$`,
  'i',
);
const ISO = new RegExp(String.raw`^(\d{4})([/-])(\d{1,2})\2(\d{1,2})${TIME_TAIL}$`, 'i');
const NAMED = /^(\d{1,2})(?:\s+de\s+|[\s/.-]+)(\p{L}{3,9})\.?(?:(?:\s+de\s+|[\s/.,-]+)(\d{4}|\d{2}))?$/iu;
const SERIAL = /^\d{1,7}(?:[.,]\d+)?$/;

/** Month names and their common abbreviations, folded (no accents, lower case). */
const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ['janeiro', 'january', 'jan'],
    ['fevereiro', 'february', 'fev', 'feb'],
    ['marco', 'march', 'mar'],
    ['abril', 'april', 'abr', 'apr'],
    ['maio', 'may', 'mai'],
    ['junho', 'june', 'jun'],
    ['julho', 'july', 'jul'],
    ['agosto', 'august', 'ago', 'aug'],
    ['setembro', 'september', 'set', 'sep', 'sept'],
    ['outubro', 'october', 'out', 'oct'],
    ['novembro', 'november', 'nov'],
    ['dezembro', 'december', 'dez', 'dec'],
  ].flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

const foldMonth = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** The year a two-digit year stands for: within 89 years before and 10 after `now`. */
export function fullYear(twoDigits: number, now: Date = new Date()): number {
  const latest = now.getUTCFullYear() + 10;
  const year = latest - ((((latest - twoDigits) % 100) + 100) % 100);
  return year;
}

/** Whether the day exists; a day without a year exists if it does in some year (29/02 does). */
export function dayExists(date: CellDate): boolean {
  return isExists(date.year ?? 2000, date.month - 1, date.day);
}

function checked(year: number | null, month: number, day: number, form: CellDateForm): CellDateReading {
  const date: CellDate = { year, month, day };
  if (year !== null && (year < 1 || year > 9999)) return { ok: false, reason: 'impossible' };
  return dayExists(date) ? { ok: true, date, form } : { ok: false, reason: 'impossible' };
}

/** The day an Excel 1900-system serial stands for (its time of day dropped). */
function fromSerial(serial: number): CellDateReading {
  const whole = Math.floor(serial);
  if (whole < 1 || whole > MAX_SERIAL) return { ok: false, reason: 'impossible' };
  // Excel's 29/02/1900 (serial 60) never existed; before it Excel is one day ahead of the calendar.
  if (whole === 60) return { ok: false, reason: 'impossible' };
  const epoch = Date.UTC(1899, 11, whole < 60 ? 31 : 30);
  const at = new Date(epoch + whole * MS_PER_DAY);
  return {
    ok: true,
    date: { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() },
    form: 'serial',
  };
}

/** Reads one cell as a day, or says why not. */
export function readDateCell(text: string, options: ReadDateCellOptions = {}): CellDateReading {
  const cell = text.trim().replace(/\s+/g, ' ');
  if (cell === '') return { ok: false, reason: 'empty' };

  const iso = ISO.exec(cell);
  if (iso) return checked(Number(iso[1]), Number(iso[3]), Number(iso[4]), 'iso');

  const numeric = NUMERIC.exec(cell);
  if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[3] ?? numeric[5])];
    const [day, month] = options.order === 'mdy' ? [second, first] : [first, second];
    const year = numeric[4];
    if (year === undefined) return checked(null, month, day, 'd/m');
    if (year.length === 4) return checked(Number(year), month, day, 'd/m/y');
    return checked(fullYear(Number(year), options.now), month, day, 'd/m/yy');
  }

  const named = NAMED.exec(cell);
  if (named) {
    const month = MONTHS.get(foldMonth(named[2]!));
    if (month !== undefined) {
      const year = named[3];
      const full =
        year === undefined ? null : year.length === 4 ? Number(year) : fullYear(Number(year), options.now);
      return checked(full, month, Number(named[1]), 'named');
    }
  }

  if (options.serials && SERIAL.test(cell)) return fromSerial(Number(cell.replace(',', '.')));
  return { ok: false, reason: 'unknown-form' };
}

/** A day as Brazilians write it: "15/03/2026", or "15/03" when the year is unknown. */
export function formatCellDate(date: CellDate): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const dayMonth = `${two(date.day)}/${two(date.month)}`;
  return date.year === null ? dayMonth : `${dayMonth}/${String(date.year).padStart(4, '0')}`;
}

/** Days since 1970-01-01 (negative before): what a date is compared and stored by; null without a year. */
export function dayNumber(date: CellDate): number | null {
  if (date.year === null) return null;
  const at = new Date(0);
  at.setUTCFullYear(date.year, date.month - 1, date.day);
  return Math.round(at.getTime() / MS_PER_DAY);
}

/** The day a day number stands for (dayNumber's inverse). */
export function dateOfDayNumber(days: number): CellDate {
  const at = new Date(days * MS_PER_DAY);
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

/**
 * What a column's cells say about dd/mm against mm/dd. `add` every cell
 * (cheap: one regular expression); `order` is then the column's order.
 */
export class DayOrderEvidence {
  /** Cells whose first part is above 12: only dd/mm reads them. */
  dayFirst = 0;
  /** Cells whose second part is above 12: only mm/dd reads them. */
  monthFirst = 0;

  add(text: string): void {
    const m = NUMERIC.exec(text.trim());
    if (!m) return;
    if (Number(m[1]) > 12) this.dayFirst++;
    else if (Number(m[3] ?? m[5]) > 12) this.monthFirst++;
  }

  /**
   * mm/dd only when the column says so and never contradicts it; otherwise
   * dd/mm (a column with both is dd/mm, and its mm/dd cells are impossible
   * dates: the owner sees them in the error file).
   */
  get order(): DayOrder {
    return this.monthFirst > 0 && this.dayFirst === 0 ? 'mdy' : 'dmy';
  }

  /** Whether some cell settled the order (otherwise it is dd/mm by default). */
  get settled(): boolean {
    return this.dayFirst > 0 || this.monthFirst > 0;
  }
}
