import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0020-test-send-cost', () => {
  it('gives each test message a cost, unknown (null) for those sent before, never negative', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 19));
    const now = '2026-11-25T12:00:00.000Z';
    db.prepare(
      `INSERT INTO campaign_test_sends (profile, send_id, campaign_id, campaign_name, phone, sent_at)
       VALUES ('demo', 's1', NULL, 'Sábado', '+5511987654321', ?)`,
    ).run(now);
    migrate(db, allMigrations.slice(0, 20));
    expect(userVersion(db)).toBe(20);
    expect(db.prepare('SELECT send_id, cost FROM campaign_test_sends').all()).toEqual([
      { send_id: 's1', cost: null },
    ]);
    const add = db.prepare(
      `INSERT INTO campaign_test_sends (profile, send_id, campaign_id, campaign_name, phone, sent_at, cost)
       VALUES ('demo', ?, NULL, 'Sábado', '+5511987654321', ?, ?)`,
    );
    add.run('s2', now, 0.09);
    expect(() => add.run('s3', now, -0.09)).toThrow(/CHECK constraint failed/);
  });
});
