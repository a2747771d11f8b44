import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0014-sync-pull-seen', () => {
  function migratedTo14() {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 13));
    expect(tableNames(db)).not.toContain('sync_pull_seen');
    // A contact queued before the migration, and one queued whose contact is already gone.
    db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, fields, created_at, updated_at)
       VALUES ('c1', 'default', 'Ana', 'ana', '+5511987654321', '{}', ?, ?)`,
    ).run(NOW, NOW);
    const queue = db.prepare(
      "INSERT INTO sync_queue (profile, contact_id, op, version) VALUES ('default', ?, 'upsert', 1)",
    );
    queue.run('c1');
    queue.run('purged');

    migrate(db, allMigrations.slice(0, 14));
    expect(userVersion(db)).toBe(14);
    expect(tableNames(db)).toContain('sync_pull_seen');
    return db;
  }

  it("fills the queued contacts' numbers, where the contact is still there", () => {
    const db = migratedTo14();
    expect(db.prepare('SELECT contact_id, phone FROM sync_queue ORDER BY contact_id').all()).toEqual([
      { contact_id: 'c1', phone: '+5511987654321' },
      { contact_id: 'purged', phone: null },
    ]);
  });

  it('remembers each contact met by a pull once per list and profile', () => {
    const db = migratedTo14();
    const see = db.prepare('INSERT INTO sync_pull_seen (profile, list_id, contact_id) VALUES (?, ?, ?)');
    see.run('default', 'l1', 'c1');
    expect(() => see.run('default', 'l1', 'c1')).toThrow(/UNIQUE constraint failed/);
    // No foreign key: a contact met may be gone by the time the pull completes.
    see.run('default', 'l1', 'gone');
    see.run('default', 'l2', 'c1');
    see.run('demo', 'l1', 'c1');
    expect(() => see.run('default', null, 'c1')).toThrow(/NOT NULL constraint failed/);
    expect(db.prepare('SELECT count(*) FROM sync_pull_seen').pluck().get()).toBe(4);
  });
});
