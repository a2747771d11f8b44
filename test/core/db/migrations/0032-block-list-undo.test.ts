import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0032-block-list-undo', () => {
  it('keeps the lists (no file date known), and one list before its last import, its numbers going with it', () => {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 31));
    db.prepare(
      `INSERT INTO block_lists VALUES ('default', 'procon-sp', 'nao-me-ligue.csv', 1, '2026-12-01T12:00:00.000Z')`,
    ).run();
    db.prepare(`INSERT INTO blocked_numbers VALUES ('default', '+5511999990001', 'procon-sp')`).run();

    migrate(db, allMigrations.slice(0, 32));
    expect(userVersion(db)).toBe(32);
    expect(db.prepare('SELECT file_name, file_date FROM block_lists').get()).toEqual({
      file_name: 'nao-me-ligue.csv',
      file_date: null,
    });

    const keep = db.prepare(`INSERT INTO block_list_undo VALUES ('default', ?, 'old.csv', 2, 'x', NULL)`);
    keep.run('procon-sp');
    // One kept list per list.
    expect(() => keep.run('procon-sp')).toThrow(/UNIQUE/);
    expect(() => keep.run('mine')).toThrow(/CHECK/);
    const number = db.prepare(`INSERT INTO block_list_undo_numbers VALUES ('default', ?, ?)`);
    number.run('procon-sp', '+5511999990002');
    expect(() => number.run('other', '+5511999990003')).toThrow(/FOREIGN KEY/);
    db.prepare(`DELETE FROM block_list_undo`).run();
    expect(db.prepare('SELECT count(*) FROM block_list_undo_numbers').pluck().get()).toBe(0);
    // What decides who is blocked is untouched.
    expect(db.prepare('SELECT count(*) FROM blocked_numbers').pluck().get()).toBe(1);
  });
});
