import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb } from '../../../support/temp-dir';

// Found by name: its number is assigned (36) and the integrator orders the ones beside it.
const at = allMigrations.findIndex((m) => m.name === 'opt-out-confirmations');

describe('migration 0038-opt-out-confirmations', () => {
  it('keeps one confirmation per opt-out event, and each state with what it needs', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, at));
    db.prepare(
      `INSERT INTO inbox_replies (profile, event_id, phone, text, received_at, kept_at, opts_out)
       VALUES ('default', 'evt_1', '+5511999990001', 'SAIR', 'x', 'x', 1)`,
    ).run();

    migrate(db, allMigrations.slice(0, at + 1));
    expect(db.pragma('user_version', { simple: true })).toBe(at + 1);
    // What was there stays.
    expect(db.prepare('SELECT count(*) FROM inbox_replies').pluck().get()).toBe(1);

    const pend = db.prepare(
      `INSERT INTO opt_out_confirmations (profile, event_id, phone, text, created_at, not_before)
       VALUES ('default', ?, ?, 'Pronto, você não recebe mais mensagens da Loja Maria.', 'x', 'x')`,
    );
    pend.run('evt_1', '+5511999990001');
    expect(() => pend.run('evt_1', '+5511999990001')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => pend.run('evt_2', '5511999990001')).toThrow(/CHECK/);
    expect(db.prepare('SELECT state, attempts FROM opt_out_confirmations').get()).toEqual({
      state: 'pending',
      attempts: 0,
    });

    const set = (sql: string) => () => db.prepare(`UPDATE opt_out_confirmations SET ${sql}`).run();
    // Sending needs the moment the attempt started; sent needs the service's send id and when.
    expect(set(`state = 'sending'`)).toThrow(/CHECK/);
    set(`state = 'sending', attempt_started_at = 'y'`)();
    expect(set(`state = 'sent', attempt_started_at = NULL`)).toThrow(/CHECK/);
    set(`state = 'sent', attempt_started_at = NULL, send_id = 's1', sent_at = 'z'`)();
    expect(set(`state = 'skipped'`)).toThrow(/CHECK/);
    // One service send settles one confirmation at most.
    pend.run('evt_3', '+5511999990003');
    expect(() =>
      db
        .prepare(
          `UPDATE opt_out_confirmations SET state = 'sent', send_id = 's1', sent_at = 'z' WHERE event_id = 'evt_3'`,
        )
        .run(),
    ).toThrow(/UNIQUE/);
  });
});
