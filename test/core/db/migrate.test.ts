import { describe, expect, it } from 'vitest';
import { DatabaseTooNewError, migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import type { Migration } from '@core/db/migrations/types';
import { blankDb, tableNames, userVersion } from '../../support/temp-dir';

function createTable(version: number, table: string): Migration {
  return { version, name: `create-${table}`, up: (db) => db.exec(`CREATE TABLE ${table} (id INTEGER)`) };
}

describe('migrate', () => {
  it('applies every migration in order and records the version', () => {
    const db = blankDb();
    migrate(db, [createTable(1, 'a'), createTable(2, 'b')]);
    expect(userVersion(db)).toBe(2);
    expect(tableNames(db)).toEqual(['a', 'b']);
  });

  it('applies only the pending migrations', () => {
    const db = blankDb();
    migrate(db, [createTable(1, 'a')]);
    migrate(db, [createTable(1, 'a'), createTable(2, 'b')]);
    expect(userVersion(db)).toBe(2);
    expect(tableNames(db)).toEqual(['a', 'b']);
  });

  it('uses the real migration list by default', () => {
    const db = blankDb();
    migrate(db);
    expect(userVersion(db)).toBe(allMigrations.length);
  });

  it('refuses a database written by a newer version, in plain words, without touching it', () => {
    const db = blankDb();
    db.pragma('user_version = 7');

    let thrown: unknown;
    try {
      migrate(db, [createTable(1, 'a'), createTable(2, 'b'), createTable(3, 'c')]);
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toBeInstanceOf(DatabaseTooNewError);
    const error = thrown as DatabaseTooNewError;
    expect(error.code).toBe('database_too_new');
    expect(error.databaseVersion).toBe(7);
    expect(error.knownVersion).toBe(3);
    expect(error.message).toBe(
      'This data folder was written by a newer version of Torpedo (database version 7, this app knows up to 3). ' +
        'Update Torpedo to open it.',
    );
    expect(userVersion(db)).toBe(7);
    expect(tableNames(db)).toEqual([]);
  });

  it('rolls a failing migration back entirely and keeps the earlier ones', () => {
    const db = blankDb();
    const failing: Migration = {
      version: 2,
      name: 'half-done',
      up(d) {
        d.exec('CREATE TABLE half (id INTEGER)');
        throw new Error('boom');
      },
    };

    expect(() => migrate(db, [createTable(1, 'a'), failing])).toThrow('boom');
    expect(userVersion(db)).toBe(1);
    expect(tableNames(db)).toEqual(['a']);
    expect(db.inTransaction).toBe(false);
  });

  it('leaves a new file at version 0 when the first migration fails', () => {
    const db = blankDb();
    const failing: Migration = {
      version: 1,
      name: 'broken',
      up(d) {
        d.exec('CREATE TABLE first (id INTEGER); CREATE TABLE first (id INTEGER);');
      },
    };

    expect(() => migrate(db, [failing])).toThrow(/already exists/);
    expect(userVersion(db)).toBe(0);
    expect(tableNames(db)).toEqual([]);
  });

  it.each([
    ['a gap', [createTable(1, 'a'), createTable(3, 'c')]],
    ['a duplicate', [createTable(1, 'a'), createTable(1, 'b')]],
    ['a list not starting at 1', [createTable(2, 'b')]],
    ['a list out of order', [createTable(2, 'b'), createTable(1, 'a')]],
  ])('refuses %s as a programming error before touching the file', (_label, migrations) => {
    const db = blankDb();
    expect(() => migrate(db, migrations)).toThrow(/numbered 1, 2, 3/);
    expect(userVersion(db)).toBe(0);
    expect(tableNames(db)).toEqual([]);
  });

  it('numbers the shipped migrations consecutively from 1', () => {
    expect(allMigrations.map((m) => m.version)).toEqual(allMigrations.map((_m, i) => i + 1));
  });
});
