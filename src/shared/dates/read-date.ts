/**
 * The one reader of the dates people type or bring in files: a date is read,
 * never guessed. JavaScript's own parser takes "05/12/2026 09:00" as 12 May
 * (month first), "9" as 2001-09-01, 30/02 as 2 March, and a time without an
 * offset on the computer's clock; here each accepted form is named by the
 * caller, read exactly, and anything else is refused with a typed reason.
 *
 * Forms (the caller lists the ones its field takes):
 * - `iso-offset`: ISO 8601 with a date, a time and an offset or Z
 *   (`2026-12-05T09:00-03:00`, `2026-12-05T12:00:00.000Z`).
 * - `br-date-time`: `dd/mm/aaaa hh:mm` as a Brazilian writes it
 *   (`05/12/2026 09:00`, `5/12/2026 9h00`, `05/12/2026 às 09:00`), on the
 *   clock of `zone` (Brasília time unless told).
 * Later forms (birthdays as `dd/mm`, `dd/mm/aa`, Excel serials; a segment's
 * dates) are added to FORMS; a number alone stays refused until a form that
 * reads numbers (an Excel serial) is asked for.
 *
 * Pure: date-fns validates calendar dates, date-fns-tz reads a wall clock in
 * a zone; no Node, no DOM (the renderer uses it too).
 */
import { isExists } from 'date-fns/isExists';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { formatInTimeZone, fromZonedTime } from './zoned-clock';
import { APP_TIME_ZONE } from '../display-format';

export type DateForm = 'iso-offset' | 'br-date-time';

/**
 * Why a text was not taken as a date:
 * - `empty`: nothing was typed;
 * - `bare-number`: a number alone ("9", "2026") is not a date in any form asked for;
 * - `unknown-form`: none of the forms asked for;
 * - `impossible`: the form fits but the date or time does not exist
 *   (30/02, 25:00, a month 13, a wall-clock time skipped by a clock change);
 * - `past`: a real instant, but not after `now` where the caller wants a future one.
 */
export type DateRefusal = 'empty' | 'bare-number' | 'unknown-form' | 'impossible' | 'past';

export interface ReadDateOptions {
  /** The forms this field takes, in the order they are tried. */
  forms: readonly DateForm[];
  /** The clock a form without an offset is read on (IANA name); Brasília time by default. */
  zone?: string;
  /** The present, for `future` (and for the forms that will need a year, later). */
  now?: Date;
  /** Refuse an instant that is not after `now` (a schedule). */
  future?: boolean;
}

export type DateReading =
  { ok: true; at: Date; form: DateForm } | { ok: false; reason: DateRefusal; forms: readonly DateForm[] };

/** One example per form, as the refusals and the help show them. */
export const DATE_FORM_EXAMPLES: Readonly<Record<DateForm, string>> = {
  'iso-offset': '2026-12-05T09:00-03:00',
  'br-date-time': '05/12/2026 09:00',
};

/** What a form made of the text: an instant, or "this is my form but it does not exist". */
type FormResult = { at: Date } | { impossible: true };

interface FormContext {
  zone: string;
}

const ISO_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))$/i;
const BR_DATE_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(?:(?:às|as)\s+)?(\d{1,2})[:h](\d{2})$/i;

const two = (n: number) => String(n).padStart(2, '0');

type Five = [number, number, number, number, number];

/** The first five groups of a match, as numbers (each form's date and time parts, in its own order). */
const fiveNumbers = (m: RegExpExecArray): Five => [m[1], m[2], m[3], m[4], m[5]].map(Number) as Five;

/** A calendar date and a clock time that exist (no 24:00, no 30/02). */
function existsOn(year: number, month: number, day: number, hour: number, minute: number, second = 0) {
  return isExists(year, month - 1, day) && hour <= 23 && minute <= 59 && second <= 59;
}

const FORMS: Readonly<Record<DateForm, (text: string, ctx: FormContext) => FormResult | null>> = {
  'iso-offset': (text) => {
    const m = ISO_OFFSET.exec(text);
    if (!m) return null;
    const [year, month, day, hour, minute] = fiveNumbers(m);
    const second = m[6] === undefined ? 0 : Number(m[6]);
    // The widest real offsets are -12:00 and +14:00.
    const offsetOk = m[8] === undefined || (Number(m[8]) <= 14 && Number(m[9]) <= 59);
    if (!existsOn(year, month, day, hour, minute, second) || !offsetOk) return { impossible: true };
    const at = parseISO(text);
    return isValid(at) ? { at } : { impossible: true };
  },

  'br-date-time': (text, { zone }) => {
    const m = BR_DATE_TIME.exec(text);
    if (!m) return null;
    const [day, month, year, hour, minute] = fiveNumbers(m);
    if (!existsOn(year, month, day, hour, minute)) return { impossible: true };
    const wall = `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
    const at = fromZonedTime(`${wall}:00`, zone);
    // A time the clock skipped (a daylight-saving change) comes back as another time: it never happened.
    if (!isValid(at) || formatInTimeZone(at, zone, "yyyy-MM-dd'T'HH:mm") !== wall)
      return { impossible: true };
    return { at };
  },
};

/**
 * Reads `text` as one of `options.forms`, or says why not. The first form
 * that recognises the text decides: an impossible date in that form is
 * refused as such, never tried as another form.
 */
export function readDate(text: string, options: ReadDateOptions): DateReading {
  const { forms } = options;
  const refuse = (reason: DateRefusal): DateReading => ({ ok: false, reason, forms });
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return refuse('empty');
  const ctx: FormContext = { zone: options.zone ?? APP_TIME_ZONE };
  for (const form of forms) {
    const result = FORMS[form](trimmed, ctx);
    if (result === null) continue;
    if ('impossible' in result) return refuse('impossible');
    if (options.future && result.at.getTime() <= (options.now ?? new Date()).getTime()) return refuse('past');
    return { ok: true, at: result.at, form };
  }
  return refuse(/^[+-]?\d+([.,]\d+)?$/.test(trimmed) ? 'bare-number' : 'unknown-form');
}
