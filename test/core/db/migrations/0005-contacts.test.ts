import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0005-contacts', () => {
  function migratedTo5() {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 4));
    expect(tableNames(db)).not.toContain('contacts');
    db.prepare("INSERT INTO settings VALUES ('theme', '\"dark\"', ?)").run(NOW);

    migrate(db, allMigrations.slice(0, 5));
    expect(userVersion(db)).toBe(5);
    expect(db.prepare('SELECT value FROM settings').pluck().get()).toBe('"dark"');
    return db;
  }

  const insertSql = `INSERT INTO contacts (id, profile, name, sort_key, phone, email, fields, created_at, updated_at)
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  const insert = (
    db: ReturnType<typeof blankDb>,
    id: string,
    phone: string,
    profile = 'default',
    fields = '{}',
  ) => db.prepare(insertSql).run(id, profile, 'Ana', 'ana', phone, null, fields, NOW, NOW);

  it('stores a contact with its defaults and numbers it', () => {
    const db = migratedTo5();
    insert(db, 'c1', '+5511987654321');
    expect(db.prepare('SELECT * FROM contacts').get()).toEqual({
      seq: 1,
      id: 'c1',
      profile: 'default',
      name: 'Ana',
      sort_key: 'ana',
      phone: '+5511987654321',
      email: null,
      fields: '{}',
      created_at: NOW,
      updated_at: NOW,
      deleted_at: null,
      deleted_batch: null,
    });
  });

  it('keeps one contact per phone in a profile, the same phone in another profile apart', () => {
    const db = migratedTo5();
    insert(db, 'c1', '+5511987654321');
    expect(() => insert(db, 'c2', '+5511987654321')).toThrow(/UNIQUE constraint failed/);
    insert(db, 'c3', '+5511987654321', 'demo');
    expect(() => insert(db, 'c1', '+5511900000000')).toThrow(/UNIQUE constraint failed: contacts.id/);
  });

  it.each([
    '5511987654321',
    '+0511987654321',
    '+55 11 98765',
    '+55(11)987654321',
    '+5',
    '+12345678901234567',
  ])('refuses %j as a phone: only E.164 is stored', (phone) => {
    const db = migratedTo5();
    expect(() => insert(db, 'c1', phone)).toThrow(/CHECK constraint failed/);
  });

  it('refuses fields that are not a JSON object', () => {
    const db = migratedTo5();
    for (const fields of ['[]', '"x"', 'not json', '1']) {
      expect(() => insert(db, 'c1', '+5511987654321', 'default', fields)).toThrow(
        /CHECK constraint|malformed JSON/,
      );
    }
    insert(db, 'c1', '+5511987654321', 'default', '{"cidade":"Recife"}');
  });

  it('holds a deleted contact only with its undo batch', () => {
    const db = migratedTo5();
    insert(db, 'c1', '+5511987654321');
    const hide = db.prepare('UPDATE contacts SET deleted_at = ?, deleted_batch = ? WHERE id = ?');
    expect(() => hide.run(NOW, null, 'c1')).toThrow(/CHECK constraint failed/);
    hide.run(NOW, 'batch-1', 'c1');
  });

  it('never gives a purged contact\u2019s seq to a new one (the search index points at seq)', () => {
    const db = migratedTo5();
    insert(db, 'c1', '+5511987654321');
    insert(db, 'c2', '+5511987654322');
    db.prepare("DELETE FROM contacts WHERE id = 'c2'").run();
    insert(db, 'c3', '+5511987654323');
    expect(db.prepare("SELECT seq FROM contacts WHERE id = 'c3'").pluck().get()).toBe(3);
  });
});
