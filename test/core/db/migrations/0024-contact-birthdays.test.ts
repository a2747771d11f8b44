import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0024-contact-birthdays', () => {
  it('keeps contacts from before it without a birthday and takes only days that exist', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 23));
    db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, fields, created_at, updated_at)
       VALUES ('c1', 'demo', 'Ana', 'ana', '+5581999990001', '{}', 'x', 'x')`,
    ).run();
    db.prepare(
      `INSERT INTO import_journal (import_id, profile, file_name, at) VALUES ('i1', 'demo', 'a.csv', 'x')`,
    ).run();

    migrate(db, allMigrations.slice(0, 24));
    expect(userVersion(db)).toBe(24);
    expect(db.prepare('SELECT birth_md, birth_year FROM contacts').get()).toEqual({
      birth_md: null,
      birth_year: null,
    });

    const set = db.prepare(`UPDATE contacts SET birth_md = ?, birth_year = ? WHERE id = 'c1'`);
    set.run(315, null); // 15/03, year unknown
    set.run(229, 2024); // 29/02 exists in some year
    set.run(1231, 1990);
    for (const [md, year] of [
      [230, null], // 30/02
      [431, null], // 31/04
      [1301, null], // month 13
      [100, null], // day 0
      [315, 1700], // a year before 1800
    ])
      expect(() => set.run(md, year), `${md} ${year}`).toThrow(/CHECK/);
    // A year alone is not a birthday.
    expect(() => set.run(null, 1990)).toThrow(/CHECK/);

    // The undo journal keeps a contact's birthday as it was.
    db.prepare(
      `INSERT INTO import_journal_contacts (import_id, seq, name, sort_key, fields, updated_at, birth_md, birth_year)
       VALUES ('i1', 1, 'Ana', 'ana', '{}', 'x', 315, 1990)`,
    ).run();

    // A day's birthdays are one lookup of the partial index.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM contacts WHERE profile = 'demo' AND birth_md = 315
                AND deleted_at IS NULL`,
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/contacts_birthday/);
  });
});
