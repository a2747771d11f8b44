import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

// Its place in the list, not a fixed number: the integrator puts 0036 before it.
const at = allMigrations.findIndex((m) => m.name === 'person-erasure');

describe('migration 0037-person-erasure', () => {
  it('keeps the last-moment removals, takes `erased` as a reason, and keeps hashes and erase records apart', () => {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, at));
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, status, created_at, updated_at, queued_at)
       VALUES ('c1', 'default', 'r1', 'Promo', 'queued', 'x', 'x', 'x')`,
    ).run();
    db.prepare(
      `INSERT INTO campaign_removals VALUES ('c1', 0, 3, '+5511999990001', 1, 'opted_out', '2026-12-01T12:00:00Z')`,
    ).run();
    expect(() =>
      db.prepare(`INSERT INTO campaign_removals VALUES ('c1', 0, 4, 'erased', 1, 'erased', 'x')`).run(),
    ).toThrow(/CHECK/);

    migrate(db, allMigrations.slice(0, at + 1));
    expect(userVersion(db)).toBe(at + 1);
    expect(db.prepare('SELECT phone, reason FROM campaign_removals').all()).toEqual([
      { phone: '+5511999990001', reason: 'opted_out' },
    ]);
    db.prepare(`INSERT INTO campaign_removals VALUES ('c1', 0, 4, 'apagado-1', 1, 'erased', 'x')`).run();
    expect(() =>
      db.prepare(`INSERT INTO campaign_removals VALUES ('c1', 0, 5, 'x', 1, 'forgotten', 'x')`).run(),
    ).toThrow(/CHECK/);
    // The removals still go with their campaign.
    db.prepare(`DELETE FROM campaigns WHERE id = 'c1'`).run();
    expect(db.prepare('SELECT count(*) FROM campaign_removals').pluck().get()).toBe(0);

    const suppress = db.prepare(`INSERT INTO privacy_suppressions VALUES ('default', ?, 'x')`);
    suppress.run('a'.repeat(64));
    expect(() => suppress.run('a'.repeat(64))).toThrow(/UNIQUE|PRIMARY/);
    // A hash only: never a number.
    expect(() => suppress.run('+5511987654321')).toThrow(/CHECK/);
    expect(() => suppress.run('A'.repeat(64))).toThrow(/CHECK/);

    const record = db.prepare(`INSERT INTO privacy_erasures VALUES (?, 'default', 'x', ?, ?)`);
    record.run('e1', 'cli', '{"contacts":1}');
    expect(() => record.run('e2', 'someone', '{}')).toThrow(/CHECK/);
    expect(() => record.run('e3', 'owner', '[]')).toThrow(/CHECK/);
  });
});
