import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

const NOW = '2024-05-01T12:00:00.000Z';

describe('migration 0007-opt-outs', () => {
  function migratedTo7() {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 6));
    expect(tableNames(db)).not.toContain('opt_outs');
    db.prepare(
      "INSERT INTO lists (id, profile, name, name_key, created_at, updated_at) VALUES ('l1', 'default', 'VIP', 'vip', ?, ?)",
    ).run(NOW, NOW);

    migrate(db, allMigrations.slice(0, 7));
    expect(userVersion(db)).toBe(7);
    expect(db.prepare('SELECT name FROM lists').pluck().get()).toBe('VIP');
    return db;
  }

  const add = (db: ReturnType<typeof blankDb>, phone: string, source: string, profile = 'default') =>
    db
      .prepare('INSERT INTO opt_outs (profile, phone, created_at, source, note) VALUES (?, ?, ?, ?, ?)')
      .run(profile, phone, NOW, source, null);

  it('stores a number with its date, source and note, no contact needed', () => {
    const db = migratedTo7();
    db.prepare("INSERT INTO opt_outs VALUES ('default', '+5511987654321', ?, 'reply', 'SAIR')").run(NOW);
    expect(db.prepare('SELECT * FROM opt_outs').get()).toEqual({
      profile: 'default',
      phone: '+5511987654321',
      created_at: NOW,
      source: 'reply',
      note: 'SAIR',
    });
  });

  it('takes each number once per profile', () => {
    const db = migratedTo7();
    add(db, '+5511987654321', 'manual');
    expect(() => add(db, '+5511987654321', 'import')).toThrow(/UNIQUE constraint failed/);
    add(db, '+5511987654321', 'manual', 'demo');
  });

  it('knows only the four sources and E.164 numbers', () => {
    const db = migratedTo7();
    ['contact', 'import', 'manual', 'reply'].forEach((source, i) => add(db, `+551198765432${i}`, source));
    expect(() => add(db, '+5511900000001', 'webhook')).toThrow(/CHECK constraint failed/);
    expect(() => add(db, '(11) 98765-4321', 'manual')).toThrow(/CHECK constraint failed/);
  });
});
