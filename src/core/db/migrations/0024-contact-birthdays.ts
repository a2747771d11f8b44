import type { Migration } from './types';

/**
 * A contact's birthday: the day and month apart from the year, so "year
 * unknown" (a file that says only 15/03) is a value, not a guess.
 *
 * - `birth_md`: month × 100 + day (`315` for 15/03, `229` for 29/02); one
 *   number so that a day's birthdays are one index lookup and a month's a
 *   range. The check allows only days that exist in some year.
 * - `birth_year`: the year of birth when known (an age between 0 and 120 at
 *   import; any year here, the reader decides).
 * - The import's undo journal keeps a contact's birthday as it was, so
 *   undoing an import that changed a birthday puts the old one back.
 * - The index serves the automations' daily hand-over and their forecast
 *   over a million contacts: live contacts only, by profile and day.
 */
export const contactBirthdays: Migration = {
  version: 24,
  name: 'contact-birthdays',
  up(db) {
    db.exec(`
      ALTER TABLE contacts ADD COLUMN birth_md INTEGER CHECK (
        birth_md IS NULL OR (birth_md / 100 BETWEEN 1 AND 12 AND birth_md % 100 BETWEEN 1 AND
          CASE birth_md / 100 WHEN 2 THEN 29 WHEN 4 THEN 30 WHEN 6 THEN 30 WHEN 9 THEN 30 WHEN 11 THEN 30 ELSE 31 END));
      ALTER TABLE contacts ADD COLUMN birth_year INTEGER CHECK (
        birth_year IS NULL OR (birth_md IS NOT NULL AND birth_year BETWEEN 1800 AND 9999));
      ALTER TABLE import_journal_contacts ADD COLUMN birth_md INTEGER;
      ALTER TABLE import_journal_contacts ADD COLUMN birth_year INTEGER;
      CREATE INDEX contacts_birthday ON contacts (profile, birth_md) WHERE birth_md IS NOT NULL AND deleted_at IS NULL;
    `);
  },
};
