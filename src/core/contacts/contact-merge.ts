import { cleanName, sortKeyOf } from '../../shared/sort-key';
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

/** The rows as `[seq, name, sort_key, email, fields]` arrays in one JSON parameter (see fileRow). */
export const FILE_ROWS = `(SELECT value ->> 0 AS seq, value ->> 1 AS name, value ->> 2 AS sort_key,
    value ->> 3 AS email, value ->> 4 AS fields FROM json_each(?)) AS b`;

export const MERGED = {
  name: `CASE WHEN b.name <> '' THEN b.name ELSE c.name END`,
  sortKey: `CASE WHEN b.name <> '' THEN b.sort_key ELSE c.sort_key END`,
  email: 'coalesce(b.email, c.email)',
  fields: 'json_patch(c.fields, b.fields)',
} as const;

/** The row would change the contact (contacts it leaves as they are keep their updated_at). */
export const CHANGES = `((b.name <> '' AND b.name IS NOT c.name)
    OR (b.email IS NOT NULL AND b.email IS NOT c.email)
    OR ${MERGED.fields} <> c.fields)`;

/** One row of FILE_ROWS for the contact `seq`. */
export function fileRow(seq: number, row: UpsertRow): unknown[] {
  const name = cleanName(row.name);
  return [seq, name, sortKeyOf(name), row.email || null, JSON.stringify(row.fields ?? {})];
}
