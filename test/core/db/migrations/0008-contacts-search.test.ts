import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0008-contacts-search', () => {
  function migratedTo8() {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 7));
    const contact = db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, email, fields, created_at, updated_at, deleted_at, deleted_batch)
       VALUES (?, 'default', ?, '', ?, ?, '{}', ?, ?, ?, ?)`,
    );
    contact.run('c1', 'João Conceição', '+5511987654321', 'joao@gmail.com', NOW, NOW, null, null);
    contact.run('c2', 'Hidden', '+5511912345678', null, NOW, NOW, NOW, 'undo-1');
    contact.run('c3', 'Ann', '+14155550123', null, NOW, NOW, null, null);
    db.prepare(
      "INSERT INTO lists (id, profile, name, name_key, created_at, updated_at) VALUES ('1111-aaaa', 'default', 'VIP', 'vip', ?, ?)",
    ).run(NOW, NOW);
    db.prepare("INSERT INTO contact_lists VALUES ('1111-aaaa', 'c1', ?)").run(NOW);
    db.prepare("INSERT INTO opt_outs VALUES ('default', '+5511987654321', ?, 'manual', NULL)").run(NOW);

    migrate(db, allMigrations.slice(0, 8));
    expect(userVersion(db)).toBe(8);
    return db;
  }

  const match = (db: ReturnType<typeof blankDb>, query: string) =>
    db.prepare('SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ? ORDER BY rowid').pluck().all(query);

  it('indexes the contacts already there, except hidden (deleted) ones', () => {
    const db = migratedTo8();
    expect(match(db, 'tags : "p64656661756c74"')).toEqual([1, 3]);
  });

  it('folds accents and case, in the data and in the query', () => {
    const db = migratedTo8();
    expect(match(db, 'name : "joao"')).toEqual([1]);
    expect(match(db, 'name : "CONCEIÇÃO"')).toEqual([1]);
    expect(match(db, 'name : "conc"*')).toEqual([1]);
  });

  it('keeps a Brazilian number as national and last-8 digits, another country\u2019s with E.164 too', () => {
    const db = migratedTo8();
    expect(match(db, 'phones : "11987654321"')).toEqual([1]);
    expect(match(db, 'phones : "87654321"')).toEqual([1]);
    expect(match(db, 'phones : "14155550123"')).toEqual([3]);
    expect(match(db, 'phones : "4155550123"')).toEqual([3]);
  });

  it('tags each row with its profile, lists and opt-out', () => {
    const db = migratedTo8();
    expect(match(db, 'tags : "l1111aaaa"')).toEqual([1]);
    expect(match(db, 'tags : "optout"')).toEqual([1]);
  });

  it('answers prefixes of 1 to 3 characters from prefix indexes and keeps a big write buffer', () => {
    const db = migratedTo8();
    const sql = db
      .prepare("SELECT sql FROM sqlite_schema WHERE name = 'contacts_fts'")
      .pluck()
      .get() as string;
    expect(sql).toContain("prefix = '1 2 3'");
    expect(sql).toContain('remove_diacritics 2');
    expect(db.prepare("SELECT v FROM contacts_fts_config WHERE k = 'hashsize'").pluck().get()).toBe(16777216);
    db.prepare('DELETE FROM contacts_fts WHERE rowid = 1').run();
    expect(match(db, '"j"*')).toEqual([]);
  });
});
