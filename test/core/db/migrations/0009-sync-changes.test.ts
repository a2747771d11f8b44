import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0009-sync-changes', () => {
  function migratedTo9() {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 8));
    expect(tableNames(db)).not.toContain('sync_changes');
    db.prepare("INSERT INTO opt_outs VALUES ('default', '+5511987654321', ?, 'manual', NULL)").run(NOW);

    migrate(db, allMigrations.slice(0, 9));
    expect(userVersion(db)).toBe(9);
    expect(db.prepare('SELECT count(*) FROM opt_outs').pluck().get()).toBe(1);
    return db;
  }

  const log = (db: ReturnType<typeof blankDb>, entity: string, id: string, op: string) =>
    db
      .prepare('INSERT INTO sync_changes (profile, entity, entity_id, op, created_at) VALUES (?, ?, ?, ?, ?)')
      .run('default', entity, id, op, NOW);

  it('appends changes in order, the same entity as often as it changes', () => {
    const db = migratedTo9();
    log(db, 'contact', 'c1', 'upsert');
    log(db, 'list', 'l1', 'upsert');
    log(db, 'contact', 'c1', 'delete');
    expect(db.prepare('SELECT seq, entity, entity_id, op FROM sync_changes ORDER BY seq').all()).toEqual([
      { seq: 1, entity: 'contact', entity_id: 'c1', op: 'upsert' },
      { seq: 2, entity: 'list', entity_id: 'l1', op: 'upsert' },
      { seq: 3, entity: 'contact', entity_id: 'c1', op: 'delete' },
    ]);
  });

  it('knows contacts and lists, upserts and deletes only', () => {
    const db = migratedTo9();
    expect(() => log(db, 'campaign', 'x', 'upsert')).toThrow(/CHECK constraint failed/);
    expect(() => log(db, 'contact', 'x', 'merge')).toThrow(/CHECK constraint failed/);
  });
});
