import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0001-settings', () => {
  function migratedTo1() {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 0));
    expect(userVersion(db)).toBe(0);
    expect(tableNames(db)).not.toContain('settings');
    migrate(db, allMigrations.slice(0, 1));
    expect(userVersion(db)).toBe(1);
    return db;
  }

  it('creates a settings table that stores and reads back a JSON value', () => {
    const db = migratedTo1();
    db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run(
      'language',
      '"pt-BR"',
      NOW,
    );
    expect(db.prepare('SELECT key, value, updated_at FROM settings').all()).toEqual([
      { key: 'language', value: '"pt-BR"', updated_at: NOW },
    ]);
  });

  it('keeps one row per key', () => {
    const db = migratedTo1();
    const insert = db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)');
    insert.run('theme', '"dark"', NOW);
    expect(() => insert.run('theme', '"light"', NOW)).toThrow(/UNIQUE constraint failed: settings.key/);
  });

  it('requires a value and a timestamp', () => {
    const db = migratedTo1();
    const insert = db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)');
    expect(() => insert.run('theme', null, NOW)).toThrow(/NOT NULL/);
    expect(() => insert.run('theme', '"dark"', null)).toThrow(/NOT NULL/);
  });
});
