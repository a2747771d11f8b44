import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0025-outbox-schedules', () => {
  it('keeps campaigns frozen before it as the owner’s, with no expiry and no message schedule', () => {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 24));
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

    migrate(db, allMigrations.slice(0, 25));
    expect(userVersion(db)).toBe(25);
    expect(db.prepare('SELECT automation_id, expires_at FROM campaigns').get()).toEqual({
      automation_id: null,
      expires_at: null,
    });
    expect(db.prepare('SELECT schedule FROM campaign_messages').pluck().get()).toBeNull();

    // An automation's occurrence: its own campaign, an expiry, each message its own instant.
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, status, created_at, updated_at, queued_at, automation_id, expires_at)
       VALUES ('c2', 'default', 'EF56GH78', 'Aniversário', 'queued', 'x', 'x', 'x', 'a1', '2026-03-16T03:00:00.000Z')`,
    ).run();
    db.prepare(
      `INSERT INTO campaign_batches (campaign_id, batch, messages, segments, cost) VALUES ('c2', 0, 1, 1, 0.1)`,
    ).run();
    db.prepare(
      `INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments, schedule)
       VALUES ('c2', 0, 0, '+5581999990002', 'Parabéns', 1, 1773576000000)`,
    ).run();
    expect(db.prepare(`SELECT schedule FROM campaign_messages WHERE campaign_id = 'c2'`).pluck().get()).toBe(
      1773576000000,
    );

    // The worker finds the campaigns to expire from the partial index: the ones still waiting only.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM campaigns WHERE expires_at <= '2026-03-17'
         AND expires_at IS NOT NULL AND status IN ('queued', 'sending', 'held', 'paused')`,
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/campaigns_expiring/);
    const index = db
      .prepare(`SELECT sql FROM sqlite_schema WHERE name = 'campaigns_expiring'`)
      .pluck()
      .get() as string;
    expect(index).toMatch(
      /WHERE expires_at IS NOT NULL AND status IN \('queued', 'sending', 'held', 'paused'\)/,
    );
  });
});
