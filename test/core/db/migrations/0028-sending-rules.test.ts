import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0028-sending-rules', () => {
  it('keeps the rules, and block lists and a send log per profile, a list’s numbers going with it', () => {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 28));
    expect(userVersion(db)).toBe(28);

    db.prepare(`INSERT INTO sending_rules VALUES (1, '{"sundays":true}', '2026-12-01T12:00:00.000Z')`).run();
    // One row: the data folder's rules.
    expect(() => db.prepare(`INSERT INTO sending_rules VALUES (2, '{}', 'x')`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE sending_rules SET rules = '[1]'`).run()).toThrow(/CHECK/);

    db.prepare(
      `INSERT INTO block_lists VALUES ('default', 'procon-sp', 'nao-me-ligue.csv', 2, '2026-12-01T12:00:00.000Z')`,
    ).run();
    const block = db.prepare(`INSERT INTO blocked_numbers VALUES ('default', ?, ?)`);
    block.run('+5511999990001', 'procon-sp');
    block.run('+5511999990002', 'procon-sp');
    expect(() => block.run('11999990003', 'procon-sp')).toThrow(/CHECK/);
    // A number only on a list that exists.
    expect(() => block.run('+5511999990004', 'other')).toThrow(/FOREIGN KEY/);
    expect(() =>
      db.prepare(`INSERT INTO block_lists VALUES ('default', 'mine', 'x.csv', 0, '2026-12-01')`).run(),
    ).toThrow(/CHECK/);
    db.prepare(`DELETE FROM block_lists WHERE source = 'procon-sp'`).run();
    expect(db.prepare('SELECT count(*) FROM blocked_numbers').pluck().get()).toBe(0);

    const log = db.prepare(`INSERT INTO send_log VALUES ('default', '+5511999990001', ?, ?)`);
    log.run(1_700_000_000_000, 'cAB12CD34');
    log.run(1_700_000_000_000, 'cZZ99YY88');
    expect(() => log.run(1_700_000_000_000, 'cAB12CD34')).toThrow(/UNIQUE/);
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT count(*) FROM send_log WHERE profile = 'default' AND phone = '+5511999990001' AND at > 0`,
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join()).toMatch(
      /USING PRIMARY KEY \(profile=\? AND phone=\? AND at>\?\)/,
    );
  });
});
