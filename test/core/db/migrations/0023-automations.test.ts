import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';

describe('migration 0023-automations', () => {
  function migrated() {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, 22));
    expect(tableNames(db)).not.toContain('automations');
    migrate(db, allMigrations.slice(0, 23));
    expect(userVersion(db)).toBe(23);
    expect(tableNames(db)).toEqual(
      expect.arrayContaining(['automations', 'automation_occurrences', 'automation_recipients']),
    );
    return db;
  }
  const now = '2026-11-27T12:00:00.000Z';

  it('keeps one live automation per folded name and profile, with its rule and audience as JSON objects', () => {
    const db = migrated();
    const add = db.prepare(
      `INSERT INTO automations (id, profile, name, name_key, kind, audience, rule, active_since, created_at, updated_at)
       VALUES (?, 'demo', ?, ?, ?, ?, ?, '${now}', '${now}', '${now}')`,
    );
    add.run('a1', 'Aniversário', 'aniversario', 'birthday', '{"kind":"all"}', '{"time":"09:00"}');
    expect(db.prepare('SELECT status FROM automations').pluck().get()).toBe('active');
    expect(() => add.run('a2', 'ANIVERSARIO', 'aniversario', 'birthday', '{}', '{}')).toThrow(/UNIQUE/);
    // A deleted automation's name is free again.
    db.prepare(`UPDATE automations SET deleted_at = '${now}' WHERE id = 'a1'`).run();
    add.run('a2', 'Aniversário', 'aniversario', 'birthday', '{}', '{}');
    expect(() => add.run('a3', 'Semanal', 'semanal', 'weekly', '{}', '{}')).toThrow(/CHECK/);
    expect(() => add.run('a4', '', '', 'recurring', '{}', '{}')).toThrow(/CHECK/);
    expect(() => add.run('a5', 'Lista', 'lista', 'recurring', '[]', '{}')).toThrow(/CHECK/);
    expect(() => add.run('a6', 'Regra', 'regra', 'recurring', '{}', 'x')).toThrow();
    expect(() => db.prepare(`UPDATE automations SET status = 'stopped' WHERE id = 'a2'`).run()).toThrow(
      /CHECK/,
    );
  });

  it('greets a contact at most once per once_key, whatever occurrence hands them over', () => {
    const db = migrated();
    db.prepare(
      `INSERT INTO automations (id, profile, name, name_key, kind, audience, rule, active_since, created_at, updated_at)
       VALUES (?, 'demo', ?, ?, 'birthday', '{}', '{}', '${now}', '${now}', '${now}')`,
    ).run('a1', 'Um', 'um');
    db.prepare(
      `INSERT INTO automations (id, profile, name, name_key, kind, audience, rule, active_since, created_at, updated_at)
       VALUES (?, 'demo', ?, ?, 'birthday', '{}', '{}', '${now}', '${now}', '${now}')`,
    ).run('a2', 'Dois', 'dois');
    const occurrence = db.prepare(
      `INSERT INTO automation_occurrences (automation_id, date, at, state, campaign_id) VALUES (?, ?, '${now}', ?, ?)`,
    );
    occurrence.run('a1', '2026-03-15', 'handed_over', 'c1');
    occurrence.run('a2', '2026-03-15', 'waiting', null);
    expect(() => occurrence.run('a1', '2026-03-16', 'handed_over', null)).toThrow(/CHECK/);
    expect(() => occurrence.run('a1', '15/03/2026', 'waiting', null)).toThrow(/CHECK/);
    expect(() => occurrence.run('a1', '2026-03-17', 'sent', null)).toThrow(/CHECK/);

    const recipient = db.prepare(
      `INSERT INTO automation_recipients (automation_id, date, contact_id, profile, name, phone, once_key, outcome, reason)
       VALUES (?, '2026-03-15', 'k1', 'demo', 'Ana', '+5581999990001', 'birthday:2026', ?, ?)`,
    );
    recipient.run('a1', 'handed_over', null);
    // The other birthday automation may prepare her, skip her, but never hand her over again this year.
    recipient.run('a2', 'waiting', null);
    expect(() =>
      db.prepare(`UPDATE automation_recipients SET outcome = 'handed_over' WHERE automation_id = 'a2'`).run(),
    ).toThrow(/UNIQUE/);
    expect(() =>
      db.prepare(`UPDATE automation_recipients SET outcome = 'skipped' WHERE automation_id = 'a2'`).run(),
    ).toThrow(/CHECK/);
    db.prepare(
      `UPDATE automation_recipients SET outcome = 'skipped', reason = 'once_a_year' WHERE automation_id = 'a2'`,
    ).run();
    // A recipient belongs to an occurrence that exists.
    expect(() =>
      db
        .prepare(
          `INSERT INTO automation_recipients (automation_id, date, contact_id, profile, name, phone, once_key, outcome)
           VALUES ('a1', '2026-04-01', 'k2', 'demo', 'Bia', '+5581999990002', 'birthday:2026', 'waiting')`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);

    // Deleting an automation's row takes its occurrences and their recipients with it.
    db.prepare(`DELETE FROM automations WHERE id = 'a1'`).run();
    expect(db.prepare('SELECT automation_id FROM automation_occurrences').pluck().all()).toEqual(['a2']);
    expect(db.prepare('SELECT automation_id FROM automation_recipients').pluck().all()).toEqual(['a2']);
  });
});
