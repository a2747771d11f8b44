import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0011-campaigns', () => {
  function migratedTo11() {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 10));
    expect(tableNames(db)).not.toContain('campaigns');
    db.prepare("INSERT INTO sync_lists (profile, list_id, enabled) VALUES ('default', 'l1', 1)").run();

    migrate(db, allMigrations.slice(0, 11));
    expect(userVersion(db)).toBe(11);
    expect(db.prepare('SELECT count(*) FROM sync_lists').pluck().get()).toBe(1);
    return db;
  }

  const add = (db: ReturnType<typeof blankDb>, id: string, extra: Record<string, unknown> = {}) => {
    const row = {
      id,
      profile: 'default',
      ref: `r${id}`,
      name: 'Promo',
      created_at: NOW,
      updated_at: NOW,
      ...extra,
    };
    const columns = Object.keys(row);
    db.prepare(
      `INSERT INTO campaigns (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    ).run(row);
  };

  it('starts a campaign as an empty draft, not frozen', () => {
    const db = migratedTo11();
    add(db, 'c1');
    expect(db.prepare('SELECT * FROM campaigns').get()).toEqual({
      id: 'c1',
      profile: 'default',
      ref: 'rc1',
      name: 'Promo',
      status: 'draft',
      template: '',
      audience: '{}',
      options: '{}',
      allow_partial: 0,
      hold: null,
      recipients: null,
      messages: null,
      segments: null,
      unit_price: null,
      cost: null,
      created_at: NOW,
      updated_at: NOW,
      queued_at: null,
      finished_at: null,
    });
  });

  it('keeps each ref once in the whole database (it starts every message reference)', () => {
    const db = migratedTo11();
    add(db, 'c1', { ref: 'abc12345' });
    expect(() => add(db, 'c2', { ref: 'abc12345', profile: 'demo' })).toThrow(/UNIQUE constraint failed/);
  });

  it('knows only the campaign states, and a queued time exactly when no longer a draft', () => {
    const db = migratedTo11();
    for (const status of ['queued', 'sending', 'paused', 'held', 'completed', 'cancelled']) {
      add(db, status, { status, queued_at: NOW });
    }
    expect(() => add(db, 'x', { status: 'sent', queued_at: NOW })).toThrow(/CHECK constraint failed/);
    expect(() => add(db, 'y', { status: 'queued' })).toThrow(/CHECK constraint failed/);
    expect(() => add(db, 'z', { queued_at: NOW })).toThrow(/CHECK constraint failed/);
    expect(() => add(db, 'w', { allow_partial: 2 })).toThrow(/CHECK constraint failed/);
  });

  it('stores money as the service gives it, more than two decimals', () => {
    const db = migratedTo11();
    add(db, 'c1', { status: 'queued', queued_at: NOW, unit_price: 0.0875, cost: 12.35, segments: 141 });
    expect(db.prepare('SELECT unit_price, cost FROM campaigns').get()).toEqual({
      unit_price: 0.0875,
      cost: 12.35,
    });
    expect(() => add(db, 'c2', { cost: 'muito' })).toThrow(/cannot store TEXT value in REAL column/);
  });
});
