import { cleanName, sortKeyOf } from '../../shared/sort-key';
import { birthdayNumber } from '../../shared/birthday';
import type { UpsertRow } from './types';

/**
 * How a file's row merges into the contact that has its phone, as SQL over
 * `b` (the row, from FILE_ROWS) and `c` (the contact): a blank name or
 * e-mail keeps the contact's, custom fields merge with the file's winning.
 * The import's update writes MERGED where CHANGES holds, the review shows
 * MERGED beside `c` for the same rows, and the undo journal keeps `c` as it
 * was for the same rows: one rule, so what the review promised is what the
 * import does and what the undo puts back.
 */

/** The rows as `[seq, name, sort_key, email, fields, birth_md, birth_year]` arrays in one JSON parameter (see fileRow). */
export const FILE_ROWS = `(SELECT value ->> 0 AS seq, value ->> 1 AS name, value ->> 2 AS sort_key,
    value ->> 3 AS email, value ->> 4 AS fields, value ->> 5 AS birth_md, value ->> 6 AS birth_year
    FROM json_each(?)) AS b`;

export const MERGED = {
  name: `CASE WHEN b.name <> '' THEN b.name ELSE c.name END`,
  sortKey: `CASE WHEN b.name <> '' THEN b.sort_key ELSE c.sort_key END`,
  email: 'coalesce(b.email, c.email)',
  fields: 'json_patch(c.fields, b.fields)',
  // A birthday travels whole (day, month and year together): a file without one keeps the contact's.
  birthMd: 'coalesce(b.birth_md, c.birth_md)',
  birthYear: 'CASE WHEN b.birth_md IS NOT NULL THEN b.birth_year ELSE c.birth_year END',
} as const;

/** The row would change the contact (contacts it leaves as they are keep their updated_at). */
export const CHANGES = `((b.name <> '' AND b.name IS NOT c.name)
    OR (b.email IS NOT NULL AND b.email IS NOT c.email)
    OR ${MERGED.fields} <> c.fields
    OR (b.birth_md IS NOT NULL AND (b.birth_md IS NOT c.birth_md OR b.birth_year IS NOT c.birth_year)))`;

/** One row of FILE_ROWS for the contact `seq`. */
export function fileRow(seq: number, row: UpsertRow): unknown[] {
  const name = cleanName(row.name);
  const birthday = row.birthday ?? null;
  return [
    seq,
    name,
    sortKeyOf(name),
    row.email || null,
    JSON.stringify(row.fields ?? {}),
    birthday ? birthdayNumber(birthday) : null,
    birthday?.year ?? null,
  ];
}
