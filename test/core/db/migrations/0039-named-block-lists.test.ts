import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb } from '../../../support/temp-dir';

// Found by name: its number is assigned (39) and set when the migrations before it land.
const at = allMigrations.findIndex((m) => m.name === 'named-block-lists');

describe('migration 0039-named-block-lists', () => {
  it('keeps the Procon-SP and "other" lists with their numbers, undo and removals, and takes named lists', () => {
    const db = blankDb();
    db.pragma('foreign_keys = ON');
    migrate(db, allMigrations.slice(0, at));
    const list = db.prepare(`INSERT INTO block_lists VALUES ('default', ?, ?, ?, 'x', ?)`);
    list.run('procon-sp', 'nao-me-ligue.csv', 2, '2026-12-01');
    list.run('other', 'minha.csv', 1, null);
    const number = db.prepare(`INSERT INTO blocked_numbers VALUES ('default', ?, ?)`);
    number.run('+5511999990001', 'procon-sp');
    number.run('+5511999990002', 'procon-sp');
    number.run('+5511999990003', 'other');
    db.prepare(`INSERT INTO block_list_undo VALUES ('default', 'procon-sp', 'old.csv', 1, 'y', NULL)`).run();
    db.prepare(`INSERT INTO block_list_undo_numbers VALUES ('default', 'procon-sp', '+5511999990009')`).run();
    db.prepare(
      `INSERT INTO campaigns (id, profile, ref, name, status, created_at, updated_at, queued_at)
       VALUES ('c1', 'default', 'AB12CD34', 'Natal', 'queued', 'x', 'x', 'x')`,
    ).run();
    const removal = db.prepare(
      `INSERT INTO campaign_removals (campaign_id, batch, position, phone, segments, reason, removed_at)
       VALUES ('c1', 0, ?, '+5511999990001', 1, ?, 'x')`,
    );
    removal.run(0, 'blocked_procon');
    removal.run(1, 'blocked_other');
    removal.run(2, 'opted_out');

    migrate(db, allMigrations.slice(0, at + 1));
    expect(db.pragma('user_version', { simple: true })).toBe(at + 1);
    expect(
      db.prepare('SELECT id, kind, name, file_name, numbers, file_date FROM block_lists ORDER BY id').all(),
    ).toEqual([
      { id: 'other', kind: 'owner', name: null, file_name: 'minha.csv', numbers: 1, file_date: null },
      {
        id: 'procon-sp',
        kind: 'procon-sp',
        name: null,
        file_name: 'nao-me-ligue.csv',
        numbers: 2,
        file_date: '2026-12-01',
      },
    ]);
    expect(db.prepare('SELECT phone, list_id FROM blocked_numbers ORDER BY phone').all()).toEqual([
      { phone: '+5511999990001', list_id: 'procon-sp' },
      { phone: '+5511999990002', list_id: 'procon-sp' },
      { phone: '+5511999990003', list_id: 'other' },
    ]);
    expect(db.prepare('SELECT list_id, phone FROM block_list_undo_numbers').all()).toEqual([
      { list_id: 'procon-sp', phone: '+5511999990009' },
    ]);
    expect(db.prepare('SELECT reason, block_list FROM campaign_removals ORDER BY position').all()).toEqual([
      { reason: 'blocked_procon', block_list: 'procon-sp' },
      { reason: 'blocked_other', block_list: 'other' },
      { reason: 'opted_out', block_list: null },
    ]);

    // New lists: the other registers, and owners' lists by name (two names the same are one list).
    const add = db.prepare(
      `INSERT INTO block_lists (profile, id, kind, name, file_name, numbers, updated_at) VALUES ('default', ?, ?, ?, 'f.csv', 0, 'z')`,
    );
    add.run('procon-al', 'procon-al', null);
    add.run('procon-carioca', 'procon-carioca', null);
    add.run('owner-1', 'owner', 'Fornecedores');
    expect(() => add.run('owner-2', 'owner', 'fornecedores')).toThrow(/UNIQUE/);
    expect(() => add.run('procon-al', 'owner', 'Outra')).toThrow(/CHECK/); // a register's id is its own
    expect(() => add.run('procon-xx', 'procon-xx', null)).toThrow(/CHECK/);
    expect(() => add.run('procon-carioca-2', 'procon-carioca', null)).toThrow(/CHECK/);

    // The references followed the renames: a list's numbers go with it, and nothing points at a missing list.
    expect(() => number.run('+5511999990004', 'nope')).toThrow(/FOREIGN KEY/);
    db.prepare(`DELETE FROM block_lists WHERE id = 'procon-sp'`).run();
    expect(db.prepare('SELECT count(*) FROM blocked_numbers').pluck().get()).toBe(1);
    db.prepare(`DELETE FROM block_list_undo`).run();
    expect(db.prepare('SELECT count(*) FROM block_list_undo_numbers').pluck().get()).toBe(0);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare(`SELECT name FROM sqlite_schema WHERE instr(sql, '_next') > 0`).pluck().all()).toEqual(
      [],
    );
  });
});
