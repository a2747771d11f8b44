import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0012-outbox', () => {
  function migratedTo12() {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 11));
    expect(tableNames(db)).not.toContain('campaign_batches');
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, status, created_at, updated_at, queued_at)
       VALUES ('c1', 'default', 'abc12345', 'Promo', 'queued', ?, ?, ?)`,
    ).run(NOW, NOW, NOW);

    migrate(db, allMigrations.slice(0, 12));
    expect(userVersion(db)).toBe(12);
    expect(db.prepare('SELECT status FROM campaigns').pluck().get()).toBe('queued');
    return db;
  }

  const batch = (db: ReturnType<typeof blankDb>, n: number, extra: Record<string, unknown> = {}) => {
    const row = { campaign_id: 'c1', batch: n, messages: 2, segments: 2, cost: 0.2, ...extra };
    const columns = Object.keys(row);
    db.prepare(
      `INSERT INTO campaign_batches (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    ).run(row);
  };
  const message = (
    db: ReturnType<typeof blankDb>,
    n: number,
    position: number,
    extra: Record<string, unknown> = {},
  ) =>
    db
      .prepare(
        `INSERT INTO campaign_messages (campaign_id, batch, position, phone, message, segments, contact_id)
         VALUES (@campaign_id, @batch, @position, @phone, @message, @segments, @contact_id)`,
      )
      .run({
        campaign_id: 'c1',
        batch: n,
        position,
        phone: '+5511987654321',
        message: 'Oi',
        segments: 1,
        contact_id: null,
        ...extra,
      });

  it('queues a batch with its messages, each at one (batch, position)', () => {
    const db = migratedTo12();
    batch(db, 0);
    message(db, 0, 0);
    message(db, 0, 1, { contact_id: 'k1' });
    expect(db.prepare('SELECT state, attempts, ambiguous, send_id FROM campaign_batches').get()).toEqual({
      state: 'queued',
      attempts: 0,
      ambiguous: 0,
      send_id: null,
    });
    expect(() => message(db, 0, 1)).toThrow(/UNIQUE constraint failed/);
    expect(() => message(db, 1, 0)).toThrow(/FOREIGN KEY constraint failed/);
  });

  it('holds 1 to 5000 messages per batch (one bulk request)', () => {
    const db = migratedTo12();
    batch(db, 0, { messages: 5000 });
    expect(() => batch(db, 1, { messages: 5001 })).toThrow(/CHECK constraint failed/);
    expect(() => batch(db, 2, { messages: 0 })).toThrow(/CHECK constraint failed/);
    expect(() => batch(db, -1)).toThrow(/CHECK constraint failed/);
  });

  it('takes messages of 1 to 1600 characters, in at least one part', () => {
    const db = migratedTo12();
    batch(db, 0);
    message(db, 0, 0, { message: 'ç'.repeat(1600), segments: 24 });
    expect(() => message(db, 0, 1, { message: '' })).toThrow(/CHECK constraint failed/);
    expect(() => message(db, 0, 2, { message: 'x'.repeat(1601) })).toThrow(/CHECK constraint failed/);
    expect(() => message(db, 0, 3, { segments: 0 })).toThrow(/CHECK constraint failed/);
  });

  it('is accepted exactly when the service gave a send id, and one send settles one batch', () => {
    const db = migratedTo12();
    batch(db, 0, { state: 'accepted', send_id: 's1', accepted_at: NOW });
    expect(() => batch(db, 1, { state: 'accepted' })).toThrow(/CHECK constraint failed/);
    expect(() => batch(db, 2, { state: 'queued', send_id: 's2' })).toThrow(/CHECK constraint failed/);
    expect(() => batch(db, 3, { state: 'accepted', send_id: 's1' })).toThrow(/UNIQUE constraint failed/);
    expect(() => batch(db, 4, { state: 'lost' })).toThrow(/CHECK constraint failed/);
  });

  it('goes with its campaign', () => {
    const db = migratedTo12();
    batch(db, 0);
    message(db, 0, 0);
    db.prepare("DELETE FROM campaigns WHERE id = 'c1'").run();
    expect(db.prepare('SELECT count(*) FROM campaign_batches').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM campaign_messages').pluck().get()).toBe(0);
  });
});
