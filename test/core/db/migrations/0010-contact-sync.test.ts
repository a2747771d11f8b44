import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0010-contact-sync', () => {
  function migratedTo10() {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 9));
    expect(tableNames(db)).not.toContain('sync_lists');
    db.prepare(
      "INSERT INTO sync_changes (profile, entity, entity_id, op, created_at) VALUES ('default', 'contact', 'c1', 'upsert', ?)",
    ).run(NOW);

    migrate(db, allMigrations.slice(0, 10));
    expect(userVersion(db)).toBe(10);
    expect(tableNames(db)).toEqual(expect.arrayContaining(['sync_lists', 'sync_contacts', 'sync_queue']));
    expect(db.prepare('SELECT count(*) FROM sync_changes').pluck().get()).toBe(1);
    return db;
  }

  const addSyncList = (
    db: ReturnType<typeof blankDb>,
    listId: string,
    extra: Record<string, unknown> = {},
  ) => {
    const row = { profile: 'default', list_id: listId, enabled: 1, ...extra };
    const columns = Object.keys(row);
    db.prepare(
      `INSERT INTO sync_lists (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    ).run(row);
  };

  it('keeps a synced list row after its local list is gone (its remote delete is still to push)', () => {
    const db = migratedTo10();
    // No list 'gone' exists: no foreign key stops the row.
    addSyncList(db, 'gone', { remote_id: 'r1', remote_name: 'VIP' });
    expect(db.prepare('SELECT enabled, pull_page, remote_name FROM sync_lists').get()).toEqual({
      enabled: 1,
      pull_page: 0,
      remote_name: 'VIP',
    });
  });

  it('opts a list in once per profile, as on or off, with an error only when dated', () => {
    const db = migratedTo10();
    addSyncList(db, 'l1');
    expect(() => addSyncList(db, 'l1')).toThrow(/UNIQUE constraint failed/);
    addSyncList(db, 'l1', { profile: 'demo' });
    expect(() => addSyncList(db, 'l2', { enabled: 2 })).toThrow(/CHECK constraint failed/);
    expect(() => addSyncList(db, 'l3', { pull_page: -1 })).toThrow(/CHECK constraint failed/);
    expect(() => addSyncList(db, 'l4', { error_code: 'unreachable' })).toThrow(/CHECK constraint failed/);
    addSyncList(db, 'l5', { error_code: 'unreachable', error_at: NOW });
  });

  it("remembers a contact's remote id and remote lists (a JSON array), found back by remote id", () => {
    const db = migratedTo10();
    const insert = db.prepare(
      'INSERT INTO sync_contacts (profile, contact_id, remote_id, remote_lists) VALUES (?, ?, ?, ?)',
    );
    insert.run('default', 'c1', 'r1', '["rl1","rl2"]');
    expect(() => insert.run('default', 'c2', 'r2', '{"not":"a list"}')).toThrow(/CHECK constraint failed/);
    expect(() => insert.run('default', 'c1', 'r3', '[]')).toThrow(/UNIQUE constraint failed/);
    expect(
      db
        .prepare("SELECT contact_id FROM sync_contacts WHERE profile = 'default' AND remote_id = 'r1'")
        .pluck()
        .get(),
    ).toBe('c1');
  });

  it('queues one operation per contact: upsert or delete', () => {
    const db = migratedTo10();
    const queue = db.prepare(
      "INSERT INTO sync_queue (profile, contact_id, op, version) VALUES ('default', ?, ?, ?)",
    );
    queue.run('c1', 'upsert', 1);
    expect(() => queue.run('c1', 'delete', 2)).toThrow(/UNIQUE constraint failed/);
    expect(() => queue.run('c2', 'merge', 3)).toThrow(/CHECK constraint failed/);
  });
});
