import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0019-history-number-cost', () => {
  it('keeps the numbers read before it (their cost unknown) and takes a cost of zero or more', () => {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 18));
    db.prepare(
      `INSERT INTO history_sends (seq, profile, id, created_at, quantity, status, type)
       VALUES (1, 'demo', 's1', '2026-11-25T12:00:00.000Z', 2, 'sent', 'Padrão')`,
    ).run();
    const before = db.prepare(
      `INSERT INTO history_numbers (send_seq, position, id, phone, status, outcome, first_of_phone)
       VALUES (1, ?, ?, ?, 'failed', 'failed', 1)`,
    );
    before.run(0, 'n0', '+5511999990000');

    migrate(db, allMigrations.slice(0, 19));
    expect(userVersion(db)).toBe(19);
    expect(db.prepare('SELECT cost FROM history_numbers').pluck().all()).toEqual([null]);

    const add = db.prepare(
      `INSERT INTO history_numbers (send_seq, position, id, phone, status, outcome, first_of_phone, cost)
       VALUES (1, ?, ?, ?, 'failed', 'failed', 1, ?)`,
    );
    add.run(1, 'n1', '+5511999990001', 0);
    add.run(2, 'n2', '+5511999990002', 0.09);
    expect(() => add.run(3, 'n3', '+5511999990003', -0.09)).toThrow(/CHECK constraint failed/);
  });
});
