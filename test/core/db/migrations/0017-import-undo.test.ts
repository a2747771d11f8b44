import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0017-import-undo', () => {
  function migratedTo17() {
    const db = blankDb();
    // As in openDatabase: the cascades below need foreign keys on.
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 16));
    expect(tableNames(db)).not.toContain('import_journal');
    db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, fields, created_at, updated_at)
       VALUES ('c1', 'default', 'Ana', 'ana', '+5511987654321', '{}', ?, ?)`,
    ).run(NOW, NOW);
    migrate(db, allMigrations.slice(0, 17));
    expect(userVersion(db)).toBe(17);
    // Contacts from before are nobody's import: nothing to undo.
    expect(db.prepare('SELECT count(*) FROM import_journal').pluck().get()).toBe(0);
    expect(db.prepare('SELECT name FROM contacts').pluck().get()).toBe('Ana');
    return db;
  }

  const journal = (db: ReturnType<typeof blankDb>, id: string, extra: Record<string, unknown> = {}) => {
    const row = { import_id: id, profile: 'default', file_name: 'clientes.csv', at: NOW, ...extra };
    const columns = Object.keys(row);
    db.prepare(
      `INSERT INTO import_journal (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    ).run(row);
  };

  it('journals an import by its new contacts’ range, with counts that cannot go wrong', () => {
    const db = migratedTo17();
    journal(db, 'i1', { first_seq: 10, last_seq: 12, imported: 3 });
    journal(db, 'i2');
    expect(() => journal(db, 'i1')).toThrow(/UNIQUE constraint failed/);
    expect(() => journal(db, 'i3', { first_seq: 5 })).toThrow(/CHECK constraint failed/);
    expect(() => journal(db, 'i4', { first_seq: 5, last_seq: 4 })).toThrow(/CHECK constraint failed/);
    expect(() => journal(db, 'i5', { imported: -1 })).toThrow(/CHECK constraint failed/);
    // Only a list the import names can be one it created.
    expect(() => journal(db, 'i6', { list_created: 1 })).toThrow(/CHECK constraint failed/);
    journal(db, 'i7', { list_id: 'l1', list_created: 1 });
    expect(
      db.prepare('SELECT imported, updated, joined FROM import_journal WHERE import_id = ?').get('i2'),
    ).toEqual({ imported: 0, updated: 0, joined: 0 });
  });

  it('keeps the changed contacts as they were and the joined ones, and forgets them with their import', () => {
    const db = migratedTo17();
    journal(db, 'i1');
    const keep = db.prepare(
      `INSERT INTO import_journal_contacts (import_id, seq, name, sort_key, email, fields, updated_at)
       VALUES (?, ?, 'Ana', 'ana', NULL, ?, ?)`,
    );
    keep.run('i1', 1, '{"cidade":"Recife"}', NOW);
    expect(() => keep.run('i1', 1, '{}', NOW)).toThrow(/UNIQUE constraint failed/);
    expect(() => keep.run('i1', 2, '[]', NOW)).toThrow(/CHECK constraint failed/);
    expect(() => keep.run('nobody', 3, '{}', NOW)).toThrow(/FOREIGN KEY constraint failed/);
    const member = db.prepare('INSERT INTO import_journal_members (import_id, seq) VALUES (?, ?)');
    member.run('i1', 1);
    expect(() => member.run('nobody', 1)).toThrow(/FOREIGN KEY constraint failed/);

    db.prepare("DELETE FROM import_journal WHERE import_id = 'i1'").run();
    expect(db.prepare('SELECT count(*) FROM import_journal_contacts').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM import_journal_members').pluck().get()).toBe(0);
  });
});
