import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0004-invoices', () => {
  function migratedTo4() {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 3));
    expect(tableNames(db)).not.toContain('invoices');
    db.prepare(
      `INSERT INTO purchase_attempts (id, profile, state, request, created_at, updated_at)
       VALUES ('a1', 'default', 'sending', '{}', ?, ?)`,
    ).run(NOW, NOW);

    migrate(db, allMigrations.slice(0, 4));
    expect(userVersion(db)).toBe(4);
    expect(db.prepare('SELECT state FROM purchase_attempts').pluck().get()).toBe('sending');
    return db;
  }

  const insertSql = `INSERT INTO invoices
    (profile, uuid, display_id, total_cents, date, expiry, status_code, status_name, status_icon,
     status_color, card_code, card_name, fetched_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

  it('stores an invoice per profile and reads a page newest first', () => {
    const db = migratedTo4();
    const insert = db.prepare(insertSql);
    insert.run(
      'default',
      'u1',
      'N-1',
      9000,
      '2024-05-01T10:00:00.000Z',
      NOW,
      'paid',
      'Pago',
      null,
      null,
      'visa',
      'Visa',
      NOW,
    );
    insert.run(
      'default',
      'u2',
      'N-2',
      40000,
      '2024-05-02T10:00:00.000Z',
      NOW,
      null,
      null,
      null,
      null,
      null,
      null,
      NOW,
    );
    insert.run(
      'demo',
      'u3',
      'N-3',
      1,
      '2024-05-03T10:00:00.000Z',
      NOW,
      null,
      null,
      null,
      null,
      null,
      null,
      NOW,
    );
    const page = db
      .prepare(
        "SELECT uuid FROM invoices WHERE profile = 'default' ORDER BY date DESC, uuid LIMIT 1 OFFSET 0",
      )
      .pluck()
      .all();
    expect(page).toEqual(['u2']);
  });

  it('keeps one row per (profile, uuid)', () => {
    const db = migratedTo4();
    const insert = db.prepare(insertSql);
    const row = ['u1', 'N-1', 9000, NOW, NOW, null, null, null, null, null, null, NOW];
    insert.run('default', ...row);
    insert.run('demo', ...row);
    expect(() => insert.run('default', ...row)).toThrow(
      /UNIQUE constraint failed: invoices.profile, invoices.uuid/,
    );
  });

  it('requires the identifying columns', () => {
    const db = migratedTo4();
    const insert = db.prepare(insertSql);
    expect(() =>
      insert.run('default', 'u1', null, 1, NOW, NOW, null, null, null, null, null, null, NOW),
    ).toThrow(/NOT NULL/);
    expect(() =>
      insert.run('default', 'u1', 'N', null, NOW, NOW, null, null, null, null, null, null, NOW),
    ).toThrow(/NOT NULL/);
    expect(() =>
      insert.run('default', 'u1', 'N', 1, null, NOW, null, null, null, null, null, null, NOW),
    ).toThrow(/NOT NULL/);
  });
});
