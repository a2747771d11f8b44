import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const VERSION = allMigrations.findIndex((m) => m.name === 'segments') + 1;

describe('migration 0027-segments', () => {
  it('keeps segments per profile, one name per profile whatever its case, conditions as a JSON array', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, VERSION - 1));
    expect(tableNames(db)).not.toContain('segments');
    migrate(db, allMigrations.slice(0, VERSION));
    expect(userVersion(db)).toBe(VERSION);
    const add = db.prepare(
      `INSERT INTO segments (id, profile, name, name_key, match, conditions, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'x', 'x')`,
    );
    add.run('s1', 'default', 'Recife', 'recife', 'all', '[{"field":"cidade","op":"eq","value":"Recife"}]');
    add.run('s2', 'demo', 'Recife', 'recife', 'any', '[]');
    expect(() => add.run('s3', 'default', 'RECIFE', 'recife', 'all', '[]')).toThrow(/UNIQUE/);
    expect(() => add.run('s4', 'default', 'Outro', 'outro', 'some', '[]')).toThrow(/CHECK/);
    expect(() => add.run('s5', 'default', 'Outro', 'outro', 'all', '{}')).toThrow(/CHECK/);
    expect(() => add.run('s6', 'default', '', '', 'all', '[]')).toThrow(/CHECK/);
  });
});
