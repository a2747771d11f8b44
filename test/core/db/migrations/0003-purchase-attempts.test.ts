import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0003-purchase-attempts', () => {
  function migratedTo3() {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 2));
    expect(tableNames(db)).not.toContain('purchase_attempts');
    // Data written at version 2 must survive the step.
    db.prepare('INSERT INTO service_cache (profile, key, value, fetched_at) VALUES (?, ?, ?, ?)').run(
      'default',
      'balance',
      '{"balance":50}',
      NOW,
    );

    migrate(db, allMigrations.slice(0, 3));
    expect(userVersion(db)).toBe(3);
    expect(db.prepare('SELECT value FROM service_cache').pluck().get()).toBe('{"balance":50}');
    return db;
  }

  const insert = (db: ReturnType<typeof migratedTo3>, id: string, state: string, profile = 'default') =>
    db
      .prepare(
        `INSERT INTO purchase_attempts (id, profile, state, request, created_at, updated_at)
         VALUES (?, ?, ?, '{"quantity":1000}', ?, ?)`,
      )
      .run(id, profile, state, NOW, NOW);

  it('stores an attempt with its request, expectation and defaults', () => {
    const db = migratedTo3();
    db.prepare(
      `INSERT INTO purchase_attempts
         (id, profile, state, request, expected_quantity, expected_total_cents, expected_total_exact, created_at, updated_at)
       VALUES ('a1', 'default', 'sending', '{"plan_id":"p"}', 1000, 9000, 1, ?, ?)`,
    ).run(NOW, NOW);
    expect(db.prepare('SELECT * FROM purchase_attempts').get()).toEqual({
      id: 'a1',
      profile: 'default',
      state: 'sending',
      request: '{"plan_id":"p"}',
      expected_quantity: 1000,
      expected_total_cents: 9000,
      expected_total_exact: 1,
      invoice_uuid: null,
      total_cents: null,
      quantity: null,
      error_code: null,
      error_message: null,
      error_details: null,
      created_at: NOW,
      updated_at: NOW,
      settled_at: null,
    });
  });

  it('refuses an unknown state', () => {
    const db = migratedTo3();
    expect(() => insert(db, 'a1', 'charged')).toThrow(/CHECK constraint failed/);
  });

  it('allows only one attempt in flight (sending or checking) per profile', () => {
    const db = migratedTo3();
    insert(db, 'a1', 'sending');
    expect(() => insert(db, 'a2', 'checking')).toThrow(/UNIQUE constraint failed/);
    insert(db, 'b1', 'sending', 'demo');
    insert(db, 'a3', 'failed');
    insert(db, 'a4', 'not-charged');
    db.prepare("UPDATE purchase_attempts SET state = 'succeeded' WHERE id = 'a1'").run();
    insert(db, 'a5', 'checking');
    expect(db.prepare('SELECT count(*) FROM purchase_attempts').pluck().get()).toBe(5);
  });

  it('links an invoice to at most one attempt per profile', () => {
    const db = migratedTo3();
    insert(db, 'a1', 'succeeded');
    insert(db, 'a2', 'charged-after-timeout');
    const link = db.prepare('UPDATE purchase_attempts SET invoice_uuid = ? WHERE id = ?');
    link.run('inv-1', 'a1');
    expect(() => link.run('inv-1', 'a2')).toThrow(/UNIQUE constraint failed/);
  });

  it('requires the request and timestamps', () => {
    const db = migratedTo3();
    const sql = `INSERT INTO purchase_attempts (id, profile, state, request, created_at, updated_at)
                 VALUES (?, ?, ?, ?, ?, ?)`;
    expect(() => db.prepare(sql).run('a', 'default', 'sending', null, NOW, NOW)).toThrow(/NOT NULL/);
    expect(() => db.prepare(sql).run('a', 'default', 'sending', '{}', null, NOW)).toThrow(/NOT NULL/);
    expect(() => db.prepare(sql).run('a', null, 'sending', '{}', NOW, NOW)).toThrow(/NOT NULL/);
  });
});
