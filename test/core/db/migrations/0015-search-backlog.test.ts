import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

describe('migration 0015-search-backlog', () => {
  function migratedTo15() {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 14));
    expect(tableNames(db)).not.toContain('search_backlog');
    migrate(db, allMigrations.slice(0, 15));
    expect(userVersion(db)).toBe(15);
    return db;
  }

  it('starts empty: every contact indexed before it stays indexed, none waits', () => {
    const db = migratedTo15();
    expect(db.prepare('SELECT count(*) FROM search_backlog').pluck().get()).toBe(0);
  });

  it('holds ranges of seq, one per start, never backwards', () => {
    const db = migratedTo15();
    const add = db.prepare('INSERT INTO search_backlog (from_seq, to_seq) VALUES (?, ?)');
    add.run(1, 5_000);
    add.run(5_001, 5_001);
    expect(() => add.run(1, 10)).toThrow(/UNIQUE constraint failed|PRIMARY KEY/);
    expect(() => add.run(9, 8)).toThrow(/CHECK constraint failed/);
    expect(() => add.run('a', 8)).toThrow(/datatype mismatch|cannot store TEXT/);
    expect(db.prepare('SELECT from_seq, to_seq FROM search_backlog ORDER BY from_seq').all()).toEqual([
      { from_seq: 1, to_seq: 5_000 },
      { from_seq: 5_001, to_seq: 5_001 },
    ]);
  });
});
