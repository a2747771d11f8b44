import type { Database } from '../../db/open-database';
import { registerValueFunctions, VALUE_COLUMNS, VALUE_SOURCE_SQL } from './value-functions';

const INSERT_VALUES = `INSERT INTO contact_values ${VALUE_COLUMNS} ${VALUE_SOURCE_SQL}`;
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
/** A field a contact has that the profile has not typed yet: text until an import says otherwise. */
const REGISTER_KEYS = `INSERT OR IGNORE INTO contact_fields (profile, key, type, created_at, updated_at)
  SELECT DISTINCT c.profile, j.key, 'text', ${NOW}, ${NOW}
  FROM contacts c JOIN json_each(c.fields) j
  WHERE c.fields <> '{}' AND c.deleted_at IS NULL`;
/** Not in a range the search catch-up will fill (migration 0015): those contacts get their values then. */
const NOT_WAITING = 'NOT EXISTS (SELECT 1 FROM search_backlog b WHERE c.seq BETWEEN b.from_seq AND b.to_seq)';

/**
 * Keeps `contact_values` (migration 0026) in step with the contacts, on the
 * search index's schedule (search-index.ts): the contacts a change touched
 * are rewritten at its flush, a transaction's new contacts by range, and a
 * large import's new contacts at the catch-up, with their search rows. So
 * every write path (import, edit, sync pull, delete and undo, the undo of
 * an import, sign-out) keeps it true without knowing it exists; a test
 * checks it against the contacts' fields after each kind of change.
 *
 * `touched` is the SQL of the touched contacts the index holds (the same set
 * the search rows are rewritten for), with one parameter: the first fresh seq.
 */
export class ValueIndex {
  private readonly s;

  constructor(db: Database, touched: string) {
    registerValueFunctions(db);
    this.s = {
      registerTouched: db.prepare<[number]>(`${REGISTER_KEYS} AND c.seq IN (${touched})`),
      removeTouched: db.prepare<[number]>(`DELETE FROM contact_values WHERE seq IN (${touched})`),
      insertTouched: db.prepare<[number]>(`${INSERT_VALUES} AND c.seq IN (${touched})`),
      registerFrom: db.prepare<[number]>(`${REGISTER_KEYS} AND c.seq >= ?`),
      insertFrom: db.prepare<[number]>(`${INSERT_VALUES} AND c.seq >= ?`),
      registerRange: db.prepare<[number, number]>(`${REGISTER_KEYS} AND c.seq BETWEEN ? AND ?`),
      insertRange: db.prepare<[number, number]>(`${INSERT_VALUES} AND c.seq BETWEEN ? AND ?`),
      clearField: db.prepare<[number]>('DELETE FROM contact_values WHERE field_id = ?'),
      fillField: db.prepare<[number]>(
        `${INSERT_VALUES} AND f.id = ? AND c.profile = f.profile AND ${NOT_WAITING}`,
      ),
    };
  }

  /** The touched contacts' values, as their fields are now (a deleted one loses them). */
  rewriteTouched(freshFrom: number): void {
    this.s.registerTouched.run(freshFrom);
    this.s.removeTouched.run(freshFrom);
    this.s.insertTouched.run(freshFrom);
  }

  /** Contacts from `seq` on, all new in this transaction (no values to remove). */
  addFrom(seq: number): void {
    this.s.registerFrom.run(seq);
    this.s.insertFrom.run(seq);
  }

  /** The catch-up's range (none of them has values yet). */
  addRange(from: number, to: number): number {
    this.s.registerRange.run(from, to);
    return this.s.insertRange.run(from, to).changes;
  }

  /** A field's type changed: every value of it read again as the new type. */
  retype(fieldId: number): void {
    this.s.clearField.run(fieldId);
    this.s.fillField.run(fieldId);
  }
}
