import { dayNumber, readDateCell, type CellDate } from '../../../shared/dates/read-date-cell';
import { ColumnTypeEvidence, typedValue, type ColumnReading } from '../../../shared/field-types';
import { readNumberCell } from '../../../shared/numbers/read-number-cell';
import { foldText } from '../../../shared/sort-key';
import type { Database } from '../open-database';
import type { Migration } from './types';

/**
 * Typed, indexed storage for the contacts' own columns, so a segment
 * ("cidade = Recife and ultima_compra in the last 90 days") is counted over
 * a million contacts from indexes: the JSON `fields` column (0005) can only
 * be scanned and parsed contact by contact.
 *
 * - `contact_fields`: each custom field of a profile and its type (text,
 *   number, date), set by the import's mapping (detected, changeable) and
 *   `text` for a field first typed by hand.
 * - `contact_values`: one row per live contact and non-blank typed field,
 *   derived from `contacts.fields` by the contacts repo in the same
 *   transaction as every change (core/contacts/values/value-index.ts), like
 *   the search index (0008): `text_key` the text folded (no case, no
 *   accents: "is" and "contains"), `number_value` for numbers, `day` (days
 *   since 1970-01-01) and `month_day` (month × 100 + day; "month is",
 *   birthdays) for dates. A value that does not read as its type keeps its
 *   `text_key` only. Keyed by contacts.seq (the rowid), and WITHOUT ROWID:
 *   each index below then carries the seq, so a condition is answered from
 *   its index alone. No foreign keys: a contact loses its rows when it is
 *   deleted (hidden), in the same flush as its search row.
 * - Indexes on `contacts` for the built-in conditions: the e-mail (folded:
 *   addresses are compared without case) and the date added, of live contacts.
 *
 * The back-fill types every field the contacts already have from its values
 * (as the import would detect a column: all dates, a date; all numbers, a
 * number; else text), writes typed values in their one form (dd/mm/aaaa,
 * 1234,5), and fills contact_values.
 */
export const contactValues: Migration = {
  version: 26,
  name: 'contact-values',
  up(db) {
    db.exec(`
      CREATE TABLE contact_fields (
        id         INTEGER PRIMARY KEY,
        profile    TEXT NOT NULL,
        key        TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 64 AND key NOT GLOB '*[^a-z0-9_]*'),
        type       TEXT NOT NULL CHECK (type IN ('text', 'number', 'date')),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (profile, key)
      ) STRICT;
      CREATE TABLE contact_values (
        field_id     INTEGER NOT NULL,
        seq          INTEGER NOT NULL,
        text_key     TEXT NOT NULL,
        number_value REAL,
        day          INTEGER,
        month_day    INTEGER CHECK (month_day IS NULL OR month_day BETWEEN 101 AND 1231),
        PRIMARY KEY (seq, field_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX contact_values_text ON contact_values (field_id, text_key);
      CREATE INDEX contact_values_number ON contact_values (field_id, number_value) WHERE number_value IS NOT NULL;
      CREATE INDEX contact_values_day ON contact_values (field_id, day) WHERE day IS NOT NULL;
      CREATE INDEX contact_values_month_day ON contact_values (field_id, month_day) WHERE month_day IS NOT NULL;
      CREATE INDEX contacts_by_email ON contacts (profile, lower(email)) WHERE deleted_at IS NULL AND email IS NOT NULL;
      CREATE INDEX contacts_by_created ON contacts (profile, created_at) WHERE deleted_at IS NULL;
      -- The fixed lines (migration 0021), few: a segment's count leaves them out without a scan.
      CREATE INDEX contacts_landlines ON contacts (profile) WHERE landline = 1 AND deleted_at IS NULL;
    `);
    backFill(db);
  },
};

type Values = { profile: string; key: string; value: string };

function backFill(db: Parameters<Migration['up']>[0]): void {
  const evidence = new Map<string, { profile: string; key: string; evidence: ColumnTypeEvidence }>();
  const values = db.prepare<[], Values>(
    `SELECT c.profile, j.key, j.value FROM contacts c JOIN json_each(c.fields) j
      WHERE c.fields <> '{}' AND j.type = 'text' AND c.deleted_at IS NULL`,
  );
  for (const { profile, key, value } of values.iterate()) {
    const id = `${profile}\u0000${key}`;
    let seen = evidence.get(id);
    if (!seen) evidence.set(id, (seen = { profile, key, evidence: new ColumnTypeEvidence() }));
    seen.evidence.add(value);
  }
  if (evidence.size === 0) return;

  const now = new Date().toISOString();
  const insertField = db.prepare<[string, string, string, string, string]>(
    'INSERT OR IGNORE INTO contact_fields (profile, key, type, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const typed: { profile: string; key: string; reading: ColumnReading }[] = [];
  for (const { profile, key, evidence: seen } of evidence.values()) {
    const reading = seen.reading(key);
    // A key no field could have (written by hand, outside the import's slugs) stays untyped.
    const added = insertField.run(profile, key, reading.type, now, now).changes === 1;
    if (added && reading.type !== 'text') typed.push({ profile, key, reading });
  }

  // A typed field's values in their one written form, where they are written otherwise.
  const rewrite = db.prepare<[string, string, string, number]>(
    `UPDATE contacts SET fields = json_set(fields, '$."' || ? || '"', ?) WHERE profile = ? AND seq = ?`,
  );
  for (const { profile, key, reading } of typed) {
    const cells = db
      .prepare<{ path: string; profile: string }, { seq: number; value: string }>(
        `SELECT c.seq, json_extract(c.fields, :path) AS value FROM contacts c
          WHERE c.profile = :profile AND c.deleted_at IS NULL AND json_type(c.fields, :path) = 'text'`,
      )
      .all({ path: `$."${key}"`, profile });
    for (const { seq, value } of cells) {
      if (value.trim() === '') continue;
      const written = typedValue(value, reading);
      if (written.ok && written.text !== value) rewrite.run(key, written.text, profile, seq);
    }
  }

  registerBackFillFunctions(db);
  db.exec(`
    INSERT INTO contact_values (field_id, seq, text_key, number_value, day, month_day)
    SELECT f.id, c.seq, torpedo_fold(j.value),
      CASE f.type WHEN 'number' THEN torpedo_number(j.value) END,
      CASE f.type WHEN 'date' THEN torpedo_day(j.value) END,
      CASE f.type WHEN 'date' THEN torpedo_month_day(j.value) END
    FROM contacts c
    JOIN json_each(c.fields) j
    JOIN contact_fields f ON f.profile = c.profile AND f.key = j.key
    WHERE c.fields <> '{}' AND j.type = 'text' AND trim(j.value) <> '' AND c.deleted_at IS NULL`);
}

/*
 * The back-fill's SQL functions, frozen here as core/contacts/values/value-functions.ts
 * had them when this migration was written (and the INSERT above is its VALUE_SOURCE_SQL
 * of that day): an old migration does the same thing whatever the contacts code becomes.
 * The repo registers its own functions of the same names on the connections it writes
 * from, replacing these. They read cells with the shared readers (Brazil's conventions:
 * dd/mm, decimal comma).
 */
function registerBackFillFunctions(db: Database): void {
  let lastDateText: string | null = null;
  let lastDate: CellDate | null = null;
  const dateOf = (text: string): CellDate | null => {
    if (text !== lastDateText) {
      const reading = readDateCell(text, { order: 'dmy' });
      lastDateText = text;
      lastDate = reading.ok ? reading.date : null;
    }
    return lastDate;
  };
  const options = { deterministic: true, varargs: false } as const;
  db.function('torpedo_fold', options, (text: unknown) =>
    typeof text === 'string' ? foldText(text).replace(/\s+/g, ' ').trim() : null,
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
    return date ? date.month * 100 + date.day : null;
  });
}
