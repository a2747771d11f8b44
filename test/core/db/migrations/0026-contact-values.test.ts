import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, tableNames, userVersion } from '../../../support/temp-dir';
import { expectValuesInStep } from '../../contacts/repo-fixture';

const VERSION = allMigrations.findIndex((m) => m.name === 'contact-values') + 1;

describe('migration 0026-contact-values', () => {
  function before() {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, VERSION - 1));
    expect(tableNames(db)).not.toContain('contact_values');
    const add = db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, fields, created_at, updated_at, deleted_at, deleted_batch)
       VALUES (?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', ?, ?)`,
    );
    let n = 0;
    const contact = (profile: string, fields: Record<string, string>, deleted = false) => {
      n++;
      add.run(
        `c${n}`,
        profile,
        `C ${n}`,
        `c ${n}`,
        `+55819876500${String(n).padStart(2, '0')}`,
        JSON.stringify(fields),
        deleted ? '2026-01-02T00:00:00.000Z' : null,
        deleted ? 'b1' : null,
      );
    };
    contact('default', {
      cidade: 'Recife',
      compra: '15/03/2026',
      total: '1.500',
      codigo: '00123',
      nota: '10',
    });
    contact('default', {
      cidade: 'Natal',
      compra: '2026-04-01',
      total: '12,5',
      codigo: '00124',
      nota: 'dez',
    });
    contact('default', { cidade: '', compra: '3/4', total: 'R$ 7', codigo: '', nota: '' });
    // A deleted contact's values count for nothing (not in the types' evidence, no value rows).
    contact('default', { compra: 'ontem', total: 'muito' }, true);
    contact('demo', { compra: 'ontem', Errado: 'x' });
    return db;
  }

  it('types each field from its values, writes typed values in one form and fills the values', () => {
    const db = before();
    migrate(db, allMigrations.slice(0, VERSION));
    expect(userVersion(db)).toBe(VERSION);
    expect(
      db.prepare('SELECT profile, key, type FROM contact_fields ORDER BY profile, key').raw().all(),
    ).toEqual([
      ['default', 'cidade', 'text'],
      ['default', 'codigo', 'text'],
      ['default', 'compra', 'date'],
      ['default', 'nota', 'text'],
      ['default', 'total', 'number'],
      // A key no import could have written (upper case) stays untyped; "ontem" is text.
      ['demo', 'compra', 'text'],
    ]);
    const fields = db
      .prepare("SELECT fields FROM contacts WHERE profile = 'default' ORDER BY seq")
      .pluck()
      .all();
    expect(fields.map((f) => JSON.parse(f as string))).toEqual([
      { cidade: 'Recife', compra: '15/03/2026', total: '1500', codigo: '00123', nota: '10' },
      { cidade: 'Natal', compra: '01/04/2026', total: '12,5', codigo: '00124', nota: 'dez' },
      { cidade: '', compra: '03/04', total: '7', codigo: '', nota: '' },
      { compra: 'ontem', total: 'muito' },
    ]);
    // The demo's unkeyed field has no type, so no value: the check below skips nothing else.
    db.prepare("UPDATE contacts SET fields = json_remove(fields, '$.Errado') WHERE profile = 'demo'").run();
    expectValuesInStep(db);
    expect(db.prepare('SELECT count(*) FROM contact_values').pluck().get()).toBe(5 + 5 + 2 + 1);
  });

  it('keeps a field’s type unique per profile and its values’ columns typed', () => {
    const db = before();
    migrate(db, allMigrations.slice(0, VERSION));
    const field = db.prepare(
      `INSERT INTO contact_fields (profile, key, type, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x')`,
    );
    expect(() => field.run('default', 'cidade', 'text')).toThrow(/UNIQUE/);
    expect(() => field.run('default', 'nova', 'money')).toThrow(/CHECK/);
    expect(() => field.run('default', 'Nova', 'text')).toThrow(/CHECK/);
    const value = db.prepare(
      'INSERT INTO contact_values (field_id, seq, text_key, number_value, day, month_day) VALUES (1, 99, ?, ?, ?, ?)',
    );
    expect(() => value.run('x', null, null, 1300)).toThrow(/CHECK/);
    expect(() => value.run('x', null, 'dia', null)).toThrow(/cannot store TEXT/);
  });
});
