import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0030-contact-consent', () => {
  it('keeps contacts without a record, and takes a legal basis, its source and date, and a clock', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 29));
    const add = db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, created_at, updated_at)
       VALUES (?, 'default', 'Ana', 'ana', ?, 'x', 'x')`,
    );
    add.run('a', '+5511999990001');

    migrate(db, allMigrations.slice(0, 30));
    expect(userVersion(db)).toBe(30);
    expect(
      db.prepare('SELECT consent_basis, consent_source, consent_at, time_zone FROM contacts').get(),
    ).toEqual({
      consent_basis: null,
      consent_source: null,
      consent_at: null,
      time_zone: null,
    });
    const set = db.prepare(
      'UPDATE contacts SET consent_basis = ?, consent_source = ?, consent_at = ?, time_zone = ? WHERE id = ?',
    );
    set.run('consent', 'ficha da loja', '2026-12-05', 'America/Noronha', 'a');
    set.run('legitimate_interest', null, null, null, 'a');
    expect(() => set.run('maybe', null, null, null, 'a')).toThrow(/CHECK/);
    expect(() => set.run('consent', null, '05/12/2026', null, 'a')).toThrow(/CHECK/);
  });
});
