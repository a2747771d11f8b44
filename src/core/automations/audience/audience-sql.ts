/**
 * Who an automation writes to, in SQL over the contacts tables (read here:
 * src/core/db/tables.ts lists it): the live contacts of the profile in its
 * audience (everyone, a list, a segment), with whether each number opted
 * out and whether the contact was already greeted for this occurrence's
 * once-key. A birthday automation reads only the day's birthdays, through
 * the `contacts_birthday` index (the `contact-birthdays` migration): a day of a million
 * contacts is a few thousand rows, never a scan.
 *
 * Rows are arrays in the order the campaigns' message builder reads them
 * (id, phone, name, e-mail, the contact's own time zone, then the custom
 * fields the text uses: campaigns/messages/audience-sql.ts `COL`), with
 * this file's columns after those.
 */
import type { AutomationAudience } from '../../../shared/dto/automations';
import type { Database } from '../../db/open-database';
import { optedOutSql } from '../../rules/rules-module';
import type { SegmentSource, SqlCondition } from '../ports';

/** The audience as a condition over `c`; null when its list or segment no longer exists. */
export function audienceCondition(
  db: Database,
  profile: string,
  audience: AutomationAudience,
  segments: SegmentSource,
): SqlCondition | null {
  switch (audience.kind) {
    case 'everyone':
      return { sql: '1', params: {} };
    case 'list':
      if (listName(db, profile, audience.listId) === null) return null;
      return {
        sql: 'c.id IN (SELECT contact_id FROM contact_lists WHERE list_id = :audienceList)',
        params: { audienceList: audience.listId },
      };
    case 'segment':
      return segments.condition(profile, audience.segmentId);
  }
}

const listNames = new WeakMap<Database, (profile: string, id: string) => string | undefined>();

/** A list's name; null when it is not the profile's (or was deleted). */
export function listName(db: Database, profile: string, listId: string): string | null {
  let read = listNames.get(db);
  if (!read) {
    const statement = db
      .prepare<[string, string], string>('SELECT name FROM lists WHERE id = ? AND profile = ?')
      .pluck();
    read = (p, id) => statement.get(id, p);
    listNames.set(db, read);
  }
  return read(profile, listId) ?? null;
}

export interface RowShape {
  /** The custom-field columns the text needs (the message builder's). */
  extraColumns: readonly string[];
  /** Only the birthdays of `:days` (a JSON array of month × 100 + day). */
  birthdays: boolean;
  /** Once-keys to check, as parameter names (`:once0`, ...): a `greeted` column each. */
  onceKeys: number;
  /** Rows in any order (a count: the forecast); otherwise by name, as the log lists them. */
  unordered?: boolean;
}

/** Where the custom fields start: the campaigns' `COL.firstExtra` (their message builder reads the row). */
const FIRST_EXTRA = 5;

/** Where this file's columns sit in a row. */
export function columnsOf(shape: RowShape) {
  const opted = FIRST_EXTRA + shape.extraColumns.length;
  return { zone: 4, opted, greeted: (i: number) => opted + 1 + i, birthday: opted + 1 + shape.onceKeys };
}

// Opted out: the one rule of who may receive (rules/recipient-policy.ts).
const OPTED = optedOutSql('c.phone');
const greeted = (i: number) =>
  `EXISTS (SELECT 1 FROM automation_recipients r WHERE r.profile = :profile AND r.contact_id = c.id
      AND r.once_key = :once${i} AND r.outcome = 'handed_over')`;

/** The SELECT for an audience (its condition's SQL inside), in name order, phone as the tie-break. */
export function recipientRowsSql(shape: RowShape, condition: string): string {
  const columns = [
    'c.id',
    'c.phone',
    'c.name',
    'c.email',
    'c.time_zone',
    ...shape.extraColumns,
    OPTED,
    ...Array.from({ length: shape.onceKeys }, (_, i) => greeted(i)),
    'c.birth_md',
  ];
  const birthday = shape.birthdays ? 'AND c.birth_md IN (SELECT value FROM json_each(:days))' : '';
  // A day's birthdays are read through their index and then sorted (a few thousand rows): without the `+`,
  // SQLite walks the whole book in name order to skip that sort (11 s a round at a million contacts).
  const order = shape.birthdays ? '+c.sort_key' : 'c.sort_key';
  return `SELECT ${columns.join(', ')} FROM contacts c
    WHERE c.profile = :profile AND c.deleted_at IS NULL ${birthday} AND (${condition})
    ${shape.unordered ? '' : `ORDER BY ${order}, c.phone`}`;
}

/** A prepared statement returning raw rows. */
export interface RowsStatement {
  all(params: unknown): unknown[];
}

/** Prepared statements by their SQL (an audience and a text make one; a round reuses it). */
export function statementCache(db: Database): (sql: string) => RowsStatement {
  const cache = new Map<string, RowsStatement>();
  return (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql).raw();
      if (cache.size > 64) cache.clear();
      cache.set(sql, statement);
    }
    return statement;
  };
}

/** How many of an audience have a birthday on record (any day), opted-out numbers left out. */
export function withBirthdayCountSql(condition: string): string {
  return `SELECT count(*) FROM contacts c
    WHERE c.profile = :profile AND c.deleted_at IS NULL AND c.birth_md IS NOT NULL AND (${condition}) AND NOT ${OPTED}`;
}

/** How many an audience holds now (the day's birthdays only, with `:days`), opted-out numbers left out. */
export function audienceCountSql(birthdays: boolean, condition: string): string {
  const birthday = birthdays ? 'AND c.birth_md IN (SELECT value FROM json_each(:days))' : '';
  return `SELECT count(*) FROM contacts c
    WHERE c.profile = :profile AND c.deleted_at IS NULL ${birthday} AND (${condition}) AND NOT ${OPTED}`;
}
