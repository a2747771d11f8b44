import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0002-service-cache', () => {
  function migratedTo2() {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 1));
    expect(userVersion(db)).toBe(1);
    expect(tableNames(db)).not.toContain('service_cache');
    // Data written at version 1 must survive the step.
    db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('theme', '"dark"', NOW);

    migrate(db, allMigrations.slice(0, 2));
    expect(userVersion(db)).toBe(2);
    expect(db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get('theme')).toBe('"dark"');
    return db;
  }

  const insertSql = 'INSERT INTO service_cache (profile, key, value, fetched_at) VALUES (?, ?, ?, ?)';

  it('creates a service_cache table that stores and reads back a value per profile', () => {
    const db = migratedTo2();
    db.prepare(insertSql).run('default', 'balance', '{"credits":120}', NOW);
    expect(db.prepare('SELECT * FROM service_cache').all()).toEqual([
      { profile: 'default', key: 'balance', value: '{"credits":120}', fetched_at: NOW },
    ]);
  });

  it('keeps one row per (profile, key) but lets profiles share a key name', () => {
    const db = migratedTo2();
    const insert = db.prepare(insertSql);
    insert.run('default', 'balance', '1', NOW);
    insert.run('shop-2', 'balance', '2', NOW);
    expect(() => insert.run('default', 'balance', '3', NOW)).toThrow(
      /UNIQUE constraint failed: service_cache.profile, service_cache.key/,
    );
    expect(db.prepare('SELECT count(*) FROM service_cache').pluck().get()).toBe(2);
  });

  it('requires every column', () => {
    const db = migratedTo2();
    const insert = db.prepare(insertSql);
    expect(() => insert.run(null, 'balance', '1', NOW)).toThrow(/NOT NULL/);
    expect(() => insert.run('default', null, '1', NOW)).toThrow(/NOT NULL/);
    expect(() => insert.run('default', 'balance', null, NOW)).toThrow(/NOT NULL/);
    expect(() => insert.run('default', 'balance', '1', null)).toThrow(/NOT NULL/);
  });
});
