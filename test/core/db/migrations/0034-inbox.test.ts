import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0034-inbox', () => {
  it('keeps each reply once by its event id, with what it answers, and the inbox’s own sends', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 33));
    // What was there before is untouched (an opt-out by reply could already be recorded: 0007 allowed it).
    db.prepare(
      `INSERT INTO opt_outs (profile, phone, created_at, source, note) VALUES ('default', '+5511988880001', 'x', 'reply', 'SAIR')`,
    ).run();

    migrate(db, allMigrations.slice(0, 34));
    expect(userVersion(db)).toBe(34);
    expect(db.prepare('SELECT count(*) FROM opt_outs').pluck().get()).toBe(1);

    const reply = db.prepare(
      `INSERT INTO inbox_replies (profile, event_id, phone, text, received_at, kept_at, origin_kind, origin_id, origin_name)
       VALUES ('default', ?, ?, 'Vocês abrem sábado?', '2026-04-18T12:00:00.000Z', 'x', ?, ?, ?)`,
    );
    reply.run('evt_1', '+5511988880002', 'campaign', 'c1', 'Oferta de sábado');
    expect(() => reply.run('evt_1', '+5511988880002', null, null, null)).toThrow(/UNIQUE/);
    // Another profile's event with the same id is its own.
    db.prepare(
      `INSERT INTO inbox_replies (profile, event_id, phone, text, received_at, kept_at)
       VALUES ('other', 'evt_1', '+5511988880002', 'oi', 'x', 'x')`,
    ).run();
    expect(() => reply.run('evt_2', '11988880002', null, null, null)).toThrow(/CHECK/);
    expect(() => reply.run('evt_3', '+5511988880002', 'campaign', null, null)).toThrow(/CHECK/);
    expect(() => reply.run('evt_4', '+5511988880002', 'reply', 'x', null)).toThrow(/CHECK/);
    reply.run('evt_5', '+5511988880002', 'reply', null, null);
    expect(
      db
        .prepare(
          `SELECT handled, opts_out FROM inbox_replies WHERE event_id = 'evt_1' AND profile = 'default'`,
        )
        .get(),
    ).toEqual({ handled: 0, opts_out: 0 });

    const send = db.prepare(
      `INSERT INTO inbox_sends (profile, send_id, phone, text, segments, cost, sent_at) VALUES ('default', ?, '+5511988880002', ?, ?, ?, 'x')`,
    );
    send.run('s1', 'Loja Maria: abrimos sim!', 1, 0.09);
    send.run('s2', 'Loja Maria: até amanhã', 1, null);
    expect(() => send.run('s1', 'de novo', 1, 0.09)).toThrow(/UNIQUE/);
    expect(() => send.run('s3', '', 1, 0.09)).toThrow(/CHECK/);
    expect(() => send.run('s4', 'oi', 0, 0.09)).toThrow(/CHECK/);
  });
});
