import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

// Its position in the list, not a number written here: the migrations of the neighbouring work land beside it.
const position = allMigrations.findIndex((m) => m.name === 'privacy-rights') + 1;

describe('migration 0036-privacy-rights', () => {
  it('turns each consent on record into its first record (withdrawn when the number opted out), losing nothing', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, position - 1));
    const add = db.prepare(
      `INSERT INTO contacts (id, profile, name, sort_key, phone, created_at, updated_at,
                             consent_basis, consent_source, consent_at, deleted_at, deleted_batch)
       VALUES (?, 'default', ?, ?, ?, '2026-01-02T10:00:00.000Z', '2026-01-03T10:00:00.000Z', ?, ?, ?, ?, ?)`,
    );
    add.run('a', 'Ana', 'ana', '+5511999990001', 'consent', 'ficha da loja', '2025-12-05', null, null);
    add.run('b', 'Bia', 'bia', '+5511999990002', 'legitimate_interest', null, null, null, null);
    add.run('c', 'Caio', 'caio', '+5511999990003', null, null, null, null, null);
    add.run(
      'd',
      'Davi',
      'davi',
      '+5511999990004',
      'consent',
      'site',
      '2025-11-01',
      '2026-01-04T00:00:00Z',
      'undo-1',
    );
    db.prepare(
      `INSERT INTO opt_outs (profile, phone, created_at, source, note)
       VALUES ('default', '+5511999990002', '2026-02-01T12:00:00.000Z', 'reply', NULL)`,
    ).run();

    migrate(db, allMigrations.slice(0, position));
    expect(userVersion(db)).toBe(position);
    expect(
      db
        .prepare(
          `SELECT phone, basis, words, channel, collected_by, source, given_at, recorded_at, withdrawn_at, withdrawn_source
             FROM consent_records ORDER BY phone`,
        )
        .all(),
    ).toEqual([
      {
        phone: '+5511999990001',
        basis: 'consent',
        words: null,
        channel: null,
        collected_by: null,
        source: 'ficha da loja',
        given_at: '2025-12-05',
        recorded_at: '2026-01-03T10:00:00.000Z',
        withdrawn_at: null,
        withdrawn_source: null,
      },
      {
        phone: '+5511999990002',
        basis: 'legitimate_interest',
        words: null,
        channel: null,
        collected_by: null,
        source: null,
        given_at: null,
        recorded_at: '2026-01-03T10:00:00.000Z',
        withdrawn_at: '2026-02-01T12:00:00.000Z',
        withdrawn_source: 'reply',
      },
    ]);
    // The label stays where it was: the record is its evidence, not its replacement.
    expect(db.prepare("SELECT consent_basis FROM contacts WHERE id = 'a'").pluck().get()).toBe('consent');

    const record = db.prepare(
      `INSERT INTO consent_records (profile, phone, basis, channel, recorded_at, withdrawn_at, withdrawn_source)
       VALUES ('default', '+5511999990005', 'consent', ?, 'x', ?, ?)`,
    );
    expect(() => record.run('whatsapp', null, null)).toThrow(/CHECK/);
    expect(() => record.run('balcao', 'x', null)).toThrow(/CHECK/); // a withdrawal says how
    record.run('balcao', 'x', 'manual');
  });

  it('keeps a register of requests whose number can be forgotten while the request stays', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, position));
    const add = db.prepare(
      `INSERT INTO privacy_requests (profile, phone, kind, channel, note, received_on, due_on, created_at)
       VALUES ('default', ?, ?, ?, NULL, ?, '2026-12-16', 'x')`,
    );
    add.run('+5511999990001', 'deletion', 'whatsapp', '2026-12-01');
    expect(() => add.run('+5511999990001', 'forget', 'whatsapp', '2026-12-01')).toThrow(/CHECK/);
    expect(() => add.run('+5511999990001', 'access', 'carta', '2026-12-01')).toThrow(/CHECK/);
    expect(() => add.run('+5511999990001', 'access', 'sms', '01/12/2026')).toThrow(/CHECK/);
    db.prepare("UPDATE privacy_requests SET phone = NULL, answered_at = 'y', answer_note = 'apagado'").run();
    expect(db.prepare('SELECT phone, kind, answer_note FROM privacy_requests').get()).toEqual({
      phone: null,
      kind: 'deletion',
      answer_note: 'apagado',
    });
  });
});
