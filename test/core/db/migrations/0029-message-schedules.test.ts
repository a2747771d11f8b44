import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0029-message-schedules', () => {
  it('keeps messages frozen before it (no schedule, no zone) and takes each message’s own time after', () => {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 28));
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, status, created_at, updated_at, queued_at)
       VALUES ('c1', 'default', 'AB12CD34', 'Natal', 'queued', 'x', 'x', 'x')`,
    ).run();
    db.prepare(
      `INSERT INTO campaign_batches (campaign_id, batch, messages, segments, cost) VALUES ('c1', 0, 2, 2, 0.2)`,
    ).run();
    db.prepare(
      `INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments)
       VALUES ('c1', 0, 0, '+5511999990001', 'Oi', 1)`,
    ).run();

    migrate(db, allMigrations.slice(0, 29));
    expect(userVersion(db)).toBe(29);
    expect(db.prepare('SELECT schedule, zone FROM campaign_messages').get()).toEqual({
      schedule: null,
      zone: null,
    });
    db.prepare(
      `INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments, schedule, zone)
       VALUES ('c1', 0, 1, '+5581999990002', 'Oi', 1, 1780311600000, 'America/Noronha')`,
    ).run();
    expect(db.prepare('SELECT rule_counts FROM campaigns').pluck().get()).toBeNull();
    db.prepare(`UPDATE campaigns SET rule_counts = '{"excluded":{"blocked":1,"cap":0}}'`).run();
    expect(() => db.prepare(`UPDATE campaigns SET rule_counts = 'blocked'`).run()).toThrow();
  });
});
