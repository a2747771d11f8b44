import type { ContactFieldView } from '../../../shared/dto/contacts';
import { typedValue, type FieldType } from '../../../shared/field-types';
import type { Database } from '../../db/open-database';
import { fieldFailure } from '../contact-errors';
import type { ValueIndex } from './value-index';

/** What the window is told, in English, when a typed field's value does not read. */
const PROBLEM_TEXT = {
  date_unreadable: 'Not a date: write it as dd/mm/aaaa (or dd/mm when the year is not known)',
  date_impossible: 'This day does not exist',
  number_unreadable: 'Not a number',
} as const;

/**
 * The profile's custom fields and their types (contact_fields, migration
 * 0026): what an import's mapping set, `text` for a field first typed by
 * hand (the value index registers those as it meets them). Changing a
 * field's type reads its values again as the new type.
 */
export class ContactFields {
  private readonly s;

  constructor(
    db: Database,
    private readonly values: ValueIndex,
  ) {
    this.s = {
      all: db.prepare<[string], ContactFieldView>(
        'SELECT key, type FROM contact_fields WHERE profile = ? ORDER BY key',
      ),
      find: db.prepare<[string, string], { id: number; type: FieldType }>(
        'SELECT id, type FROM contact_fields WHERE profile = ? AND key = ?',
      ),
      insert: db.prepare<[string, string, FieldType, string, string]>(
        'INSERT INTO contact_fields (profile, key, type, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      ),
      retype: db.prepare<[FieldType, string, number]>(
        'UPDATE contact_fields SET type = ?, updated_at = ? WHERE id = ?',
      ),
    };
  }

  all(profile: string): ContactFieldView[] {
    return this.s.all.all(profile);
  }

  /** Types the fields (created if new); a changed type reads the field's values again. Inside a write. */
  define(profile: string, fields: readonly ContactFieldView[], at: string): void {
    for (const { key, type } of fields) {
      const found = this.s.find.get(profile, key);
      if (!found) this.s.insert.run(profile, key, type, at, at);
      else if (found.type !== type) {
        this.s.retype.run(type, at, found.id);
        this.values.retype(found.id);
      }
    }
  }

  /**
   * Fields typed by hand (the contact form) in their type's written form
   * (a date as dd/mm/aaaa, a number as 1234,5); a value that does not read
   * as its field's type is an error on that field.
   */
  written(profile: string, fields: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(fields)) {
      const type = value.trim() === '' ? undefined : this.s.find.get(profile, key)?.type;
      if (type === undefined || type === 'text') {
        out[key] = value;
        continue;
      }
      const typed = typedValue(value, { type });
      if (!typed.ok) {
        throw fieldFailure(`fields.${key}`, PROBLEM_TEXT[typed.problem], typed.problem, {
          field: key,
          value,
        });
      }
      out[key] = typed.text;
    }
    return out;
  }
}
