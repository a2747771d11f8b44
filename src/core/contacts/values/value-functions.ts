/**
 * The SQL functions that turn a contact's field text into its typed values
 * (contact_values, migration 0026): registered on every connection that
 * writes contacts (the repo's, the import's and the catch-up's threads),
 * never used by a query that only reads, so a read-only connection (the
 * campaign freezer's) needs none of them. Migration 0026's back-fill keeps
 * its own copy, frozen as these were then: a change here changes no migration.
 *
 * They read what the contacts domain writes: a typed field's text in its
 * one written form (shared/field-types.ts), and, for older or hand-typed
 * values, any form the cell readers take with Brazil's conventions (dd/mm,
 * decimal comma). What does not read is kept as text only (its typed value
 * NULL): a condition on the type does not match it, "empty" does not either.
 */
import { dayNumber, readDateCell, type CellDate } from '../../../shared/dates/read-date-cell';
import { readNumberCell } from '../../../shared/numbers/read-number-cell';
import { foldText } from '../../../shared/sort-key';
import type { Database } from '../../db/open-database';

/** What a condition on text compares: folded (no case, no accents), spaces collapsed. */
export const foldValue = (text: string): string => foldText(text).replace(/\s+/g, ' ').trim();

/** A day of the year as one number (March 15 → 315): "month is" and birthdays compare it. */
export const monthDayOf = (date: Pick<CellDate, 'month' | 'day'>): number => date.month * 100 + date.day;

/** One date read per text, though two functions ask for it in the same row (day, then month-day). */
let lastDateText: string | null = null;
let lastDate: CellDate | null = null;
function dateOf(text: string): CellDate | null {
  if (text !== lastDateText) {
    const reading = readDateCell(text, { order: 'dmy' });
    lastDateText = text;
    lastDate = reading.ok ? reading.date : null;
  }
  return lastDate;
}

export function registerValueFunctions(db: Database): void {
  const options = { deterministic: true, varargs: false } as const;
  db.function('torpedo_fold', options, (text: unknown) =>
    typeof text === 'string' ? foldValue(text) : null,
  );
  db.function('torpedo_number', options, (text: unknown) => {
    if (typeof text !== 'string') return null;
    const reading = readNumberCell(text, ',');
    return reading.ok ? reading.value : null;
  });
  db.function('torpedo_day', options, (text: unknown) => {
    const date = typeof text === 'string' ? dateOf(text) : null;
    return date ? dayNumber(date) : null;
  });
  db.function('torpedo_month_day', options, (text: unknown) => {
    const date = typeof text === 'string' ? dateOf(text) : null;
    return date ? monthDayOf(date) : null;
  });
}

/**
 * The typed values of the contacts `c` the caller's WHERE picks: one row per
 * non-blank field the profile has typed (contact_fields), for live contacts.
 * Append `AND ...` (on `c`) and run as `INSERT INTO contact_values (...) ${...}`.
 */
export const VALUE_SOURCE_SQL = `
  SELECT f.id, c.seq, torpedo_fold(j.value),
    CASE f.type WHEN 'number' THEN torpedo_number(j.value) END,
    CASE f.type WHEN 'date' THEN torpedo_day(j.value) END,
    CASE f.type WHEN 'date' THEN torpedo_month_day(j.value) END
  FROM contacts c
  JOIN json_each(c.fields) j
  JOIN contact_fields f ON f.profile = c.profile AND f.key = j.key
  WHERE c.fields <> '{}' AND j.type = 'text' AND trim(j.value) <> '' AND c.deleted_at IS NULL`;

export const VALUE_COLUMNS = '(field_id, seq, text_key, number_value, day, month_day)';
