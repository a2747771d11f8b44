import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0006-lists', () => {
  function migratedTo6() {
    const db = blankDb();
    // As in openDatabase: the cascades below need foreign keys on.
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 5));
    expect(tableNames(db)).not.toContain('lists');
    db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, fields, created_at, updated_at)
       VALUES ('c1', 'default', 'Ana', 'ana', '+5511987654321', '{}', ?, ?)`,
    ).run(NOW, NOW);

    migrate(db, allMigrations.slice(0, 6));
    expect(userVersion(db)).toBe(6);
    expect(db.prepare('SELECT name FROM contacts').pluck().get()).toBe('Ana');
    return db;
  }

  const addList = (db: ReturnType<typeof blankDb>, id: string, name: string, key = name.toLowerCase()) =>
    db
      .prepare(
        'INSERT INTO lists (id, profile, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(id, 'default', name, key, NOW, NOW);
  const join = (db: ReturnType<typeof blankDb>, listId: string, contactId: string) =>
    db
      .prepare('INSERT INTO contact_lists (list_id, contact_id, added_at) VALUES (?, ?, ?)')
      .run(listId, contactId, NOW);

  it('takes list names of 2 to 20 characters, like the service', () => {
    const db = migratedTo6();
    expect(() => addList(db, 'l1', 'A')).toThrow(/CHECK constraint failed/);
    expect(() => addList(db, 'l2', 'x'.repeat(21))).toThrow(/CHECK constraint failed/);
    addList(db, 'l3', 'VIP');
    addList(db, 'l4', 'Promoção de Natal 24');
  });

  it('keeps list names unique per profile by their folded key', () => {
    const db = migratedTo6();
    addList(db, 'l1', 'Clientes', 'clientes');
    expect(() => addList(db, 'l2', 'CLIENTES', 'clientes')).toThrow(/UNIQUE constraint failed/);
    db.prepare(
      "INSERT INTO lists (id, profile, name, name_key, created_at, updated_at) VALUES ('l3', 'demo', 'Clientes', 'clientes', ?, ?)",
    ).run(NOW, NOW);
  });

  it('links contacts to lists once, and only existing ones', () => {
    const db = migratedTo6();
    addList(db, 'l1', 'VIP');
    join(db, 'l1', 'c1');
    expect(() => join(db, 'l1', 'c1')).toThrow(/UNIQUE constraint failed/);
    expect(() => join(db, 'l1', 'nobody')).toThrow(/FOREIGN KEY constraint failed/);
    expect(() => join(db, 'nolist', 'c1')).toThrow(/FOREIGN KEY constraint failed/);
  });

  it('drops the memberships of a deleted list or contact, not the other side', () => {
    const db = migratedTo6();
    addList(db, 'l1', 'VIP');
    addList(db, 'l2', 'Clientes');
    join(db, 'l1', 'c1');
    join(db, 'l2', 'c1');
    db.prepare("DELETE FROM lists WHERE id = 'l1'").run();
    expect(db.prepare('SELECT list_id FROM contact_lists').pluck().all()).toEqual(['l2']);
    expect(db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(1);
    db.prepare("DELETE FROM contacts WHERE id = 'c1'").run();
    expect(db.prepare('SELECT count(*) FROM contact_lists').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM lists').pluck().get()).toBe(1);
  });
});
