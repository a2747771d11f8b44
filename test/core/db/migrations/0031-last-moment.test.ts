import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0031-last-moment', () => {
  it('keeps batches queued before it (no time of their own: they go when the worker gets to them) and records removals', () => {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 30));
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, status, created_at, updated_at, queued_at)
       VALUES ('c1', 'default', 'AB12CD34', 'Natal', 'queued', 'x', 'x', 'x')`,
    ).run();
    db.prepare(
      `INSERT INTO campaign_batches (campaign_id, batch, messages, segments, cost) VALUES ('c1', 0, 2, 2, 0.2)`,
    ).run();

    migrate(db, allMigrations.slice(0, 31));
    expect(userVersion(db)).toBe(31);
    expect(db.prepare('SELECT not_before, last_at FROM campaign_batches').get()).toEqual({
      not_before: null,
      last_at: null,
    });
    const remove = db.prepare(
      `INSERT INTO campaign_removals (campaign_id, batch, position, phone, segments, reason, removed_at)
       VALUES ('c1', 0, ?, '+5511999990001', 1, ?, 'x')`,
    );
    remove.run(0, 'opted_out');
    expect(() => remove.run(1, 'forgotten')).toThrow();
    expect(() => remove.run(0, 'cap')).toThrow(); // one removal per message
    db.prepare("DELETE FROM campaigns WHERE id = 'c1'").run();
    expect(db.prepare('SELECT count(*) FROM campaign_removals').pluck().get()).toBe(0);
  });
});
