import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0021-contact-landlines', () => {
  it('marks the fixed lines among the contacts already stored, and nothing else', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 20));
    const now = '2026-11-25T12:00:00.000Z';
    const add = db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, created_at, updated_at)
       VALUES (?, 'demo', ?, ?, ?, ?, ?)`,
    );
    const contacts: [string, string, string][] = [
      ['c1', 'Loja', '+551133334444'],
      ['c2', 'Ana', '+5511987654321'],
      ['c3', 'Disk', '+5508001234567'],
      ['c4', 'John', '+14155552671'],
    ];
    for (const [id, name, phone] of contacts) add.run(id, name, name.toLowerCase(), phone, now, now);
    migrate(db, allMigrations.slice(0, 21));
    expect(userVersion(db)).toBe(21);
    expect(db.prepare('SELECT id, landline FROM contacts ORDER BY id').all()).toEqual([
      { id: 'c1', landline: 1 },
      { id: 'c2', landline: 0 },
      { id: 'c3', landline: 1 },
      { id: 'c4', landline: 0 },
    ]);
    expect(() => db.prepare("UPDATE contacts SET landline = 2 WHERE id = 'c2'").run()).toThrow(/CHECK/);
  });
});
