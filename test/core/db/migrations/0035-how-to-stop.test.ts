import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0035-how-to-stop', () => {
  it('keeps the rules saved before it, "Como sair" unset (NULL), and takes only on or off', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 34));
    db.prepare(
      `INSERT INTO sending_rules VALUES (1, '{"prefix":"Loja Maria:"}', '2026-12-01T12:00:00.000Z')`,
    ).run();

    migrate(db, allMigrations.slice(0, 35));
    expect(userVersion(db)).toBe(35);
    // Nothing chosen before: unset, which follows the server connection.
    expect(db.prepare('SELECT rules, how_to_stop FROM sending_rules').get()).toEqual({
      rules: '{"prefix":"Loja Maria:"}',
      how_to_stop: null,
    });
    const choose = db.prepare('UPDATE sending_rules SET how_to_stop = ?');
    choose.run('on');
    choose.run('off');
    choose.run(null);
    expect(() => choose.run('unset')).toThrow(/CHECK/);
    expect(() => choose.run('ON')).toThrow(/CHECK/);
  });
});
