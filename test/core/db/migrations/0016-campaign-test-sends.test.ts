import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

describe('migration 0016-campaign-test-sends', () => {
  function migratedTo16() {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 15));
    expect(tableNames(db)).not.toContain('campaign_test_sends');
    migrate(db, allMigrations.slice(0, 16));
    expect(userVersion(db)).toBe(16);
    return db;
  }

  it('keeps one row per profile and send, and the campaign’s name when the campaign is deleted', () => {
    const db = migratedTo16();
    const now = '2026-11-25T12:00:00.000Z';
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, created_at, updated_at) VALUES ('c1', 'demo', 'r1', 'Sábado', ?, ?)`,
    ).run(now, now);
    const add = db.prepare(
      `INSERT INTO campaign_test_sends (profile, send_id, campaign_id, campaign_name, phone, sent_at)
       VALUES (?, ?, ?, 'Sábado', '+5511987654321', ?)`,
    );
    add.run('demo', 's1', 'c1', now);
    expect(() => add.run('demo', 's1', 'c1', now)).toThrow(/UNIQUE constraint failed|PRIMARY KEY/);
    add.run('default', 's1', 'c1', now);

    db.prepare("DELETE FROM campaigns WHERE id = 'c1'").run();
    expect(
      db
        .prepare('SELECT profile, campaign_id, campaign_name FROM campaign_test_sends ORDER BY profile')
        .all(),
    ).toEqual([
      { profile: 'default', campaign_id: null, campaign_name: 'Sábado' },
      { profile: 'demo', campaign_id: null, campaign_name: 'Sábado' },
    ]);
  });
});
