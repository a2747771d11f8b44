import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

describe('migration 0022-templates', () => {
  it('keeps one template per folded name and profile, with a positive SMS type', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 21));
    expect(tableNames(db)).not.toContain('templates');
    migrate(db, allMigrations.slice(0, 22));
    expect(userVersion(db)).toBe(22);

    const now = '2026-11-27T12:00:00.000Z';
    const add = db.prepare(
      `INSERT INTO templates (id, profile, name, name_key, text, sms_type_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'Olá {{nome|cliente}}', ?, ?, ?)`,
    );
    add.run('t1', 'demo', 'Promoção', 'promocao', null, now, now);
    expect(() => add.run('t2', 'demo', 'PROMOCAO', 'promocao', null, now, now)).toThrow(/UNIQUE/);
    add.run('t3', 'default', 'Promoção', 'promocao', 2, now, now);
    expect(() => add.run('t4', 'demo', 'Outra', 'outra', 0, now, now)).toThrow(/CHECK/);
    expect(() => add.run('t5', 'demo', '', '', null, now, now)).toThrow(/CHECK/);
    expect(db.prepare('SELECT count(*) FROM templates').pluck().get()).toBe(2);
  });
});
