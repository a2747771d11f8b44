import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2025-03-14T13:05:00.000Z';

describe('migration 0013-send-history', () => {
  function migratedTo13() {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 12));
    expect(tableNames(db)).not.toContain('history_sends');
    migrate(db, allMigrations.slice(0, 13));
    expect(userVersion(db)).toBe(13);
    expect(tableNames(db)).toEqual(expect.arrayContaining(['history_sends', 'history_numbers']));
    return db;
  }

  const addSend = (db: ReturnType<typeof blankDb>, id: string, extra: Record<string, unknown> = {}) => {
    const row = {
      profile: 'default',
      id,
      created_at: NOW,
      quantity: 2,
      status: 'queued',
      type: 'Padrão',
      ...extra,
    };
    const columns = Object.keys(row);
    db.prepare(
      `INSERT INTO history_sends (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    ).run(row);
  };

  const seqOf = (db: ReturnType<typeof blankDb>, id: string) =>
    db
      .prepare("SELECT seq FROM history_sends WHERE profile = 'default' AND id = ?")
      .pluck()
      .get(id) as number;

  const addNumber = (db: ReturnType<typeof blankDb>, extra: Record<string, unknown> = {}) => {
    const row = {
      send_seq: 1,
      position: 0,
      id: 'm1',
      phone: '+5511987650001',
      status: 'queued',
      outcome: 'in_progress',
      first_of_phone: 1,
      ...extra,
    };
    const columns = Object.keys(row);
    db.prepare(
      `INSERT INTO history_numbers (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    ).run(row);
  };

  it('keeps a send once per profile; its detail is all there or not at all', () => {
    const db = migratedTo13();
    addSend(db, 's1');
    expect(() => addSend(db, 's1')).toThrow(/UNIQUE constraint failed/);
    addSend(db, 's1', { profile: 'demo' });
    // Read (detail_at) and done go together; done is a flag.
    expect(() => addSend(db, 's2', { done: 0 })).toThrow(/CHECK constraint failed/);
    expect(() => addSend(db, 's3', { detail_at: NOW })).toThrow(/CHECK constraint failed/);
    expect(() => addSend(db, 's4', { done: 2, detail_at: NOW })).toThrow(/CHECK constraint failed/);
    addSend(db, 's5', { done: 0, detail_at: NOW });
  });

  it('keeps numbers and progress only of a kept send, gone with it', () => {
    const db = migratedTo13();
    expect(() => addNumber(db)).toThrow(/FOREIGN KEY constraint failed/);
    addSend(db, 's1');
    const seq = seqOf(db, 's1');
    addNumber(db, { send_seq: seq });
    expect(() => addNumber(db, { send_seq: seq, position: 1, outcome: 'lost' })).toThrow(
      /CHECK constraint failed/,
    );
    addNumber(db, { send_seq: seq, position: 1, id: 'm2', phone: '+5511987650002', outcome: 'failed' });
    const progress = db.prepare(
      'INSERT INTO history_progress (send_seq, at, delivered, failed) VALUES (?, ?, ?, ?)',
    );
    progress.run(seq, NOW, 0, 1);
    expect(() => progress.run(seq, NOW, 1, 1)).toThrow(/UNIQUE constraint failed/);
    expect(() => progress.run(seq + 100, NOW, 1, 1)).toThrow(/FOREIGN KEY constraint failed/);
    expect(() => progress.run(seq, '2025-03-14T13:06:00.000Z', -1, 1)).toThrow(/CHECK constraint failed/);

    db.prepare("DELETE FROM history_sends WHERE id = 's1'").run();
    expect(db.prepare('SELECT count(*) FROM history_numbers').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM history_progress').pluck().get()).toBe(0);
  });

  it('marks one first message per phone in a send (the one a campaign message is matched with)', () => {
    const db = migratedTo13();
    addSend(db, 's1');
    const seq = seqOf(db, 's1');
    addNumber(db, { send_seq: seq });
    // The same phone again in the same send: allowed, as a later message.
    addNumber(db, { send_seq: seq, position: 1, id: 'm2', first_of_phone: 0 });
    expect(() => addNumber(db, { send_seq: seq, position: 2, id: 'm3', first_of_phone: 1 })).toThrow(
      /UNIQUE constraint failed/,
    );
  });
});
