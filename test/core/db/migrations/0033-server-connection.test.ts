import { describe, expect, it } from 'vitest';
import { migrate } from '@core/db/migrate';
import { allMigrations } from '@core/db/migrations';
import { blankDb, userVersion } from '../../../support/temp-dir';

describe('migration 0033-server-connection', () => {
  it('keeps the clicks read before (no event), one connection per profile, and one click per pushed event', () => {
    const db = blankDb();
    migrate(db, allMigrations.slice(0, 32));
    db.prepare(
      `INSERT INTO short_link_clicks VALUES ('default', 'lnk_1', 'clk_1', '2026-12-01T12:00:00.000Z', '+5511999990001', NULL)`,
    ).run();

    migrate(db, allMigrations.slice(0, 33));
    expect(userVersion(db)).toBe(33);
    expect(db.prepare('SELECT id, event_id FROM short_link_clicks').get()).toEqual({
      id: 'clk_1',
      event_id: null,
    });

    const connect = db.prepare(
      `INSERT INTO server_connections (profile, url, device_id, device_name, workspace_id, hook_url,
         previous_webhook, connected_at, sync_error)
       VALUES (?, 'https://torpedo.loja.example', 'dev_1', 'Caixa', 'ws_1',
         'https://torpedo.loja.example/hooks/smsgo/ws_1', NULL, '2026-12-07T12:00:00.000Z', ?)`,
    );
    connect.run('default', null);
    expect(() => connect.run('default', null)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => connect.run('other', 'down')).toThrow(/CHECK/);
    connect.run('other', 'unauthorized');

    const pushed = db.prepare(
      `INSERT INTO short_link_clicks (profile, link_id, id, clicked_at, phone, event_id)
       VALUES ('default', 'lnk_1', ?, '2026-12-01T12:00:00.000Z', NULL, ?)`,
    );
    pushed.run('evt:a', 'evt_a');
    expect(() => pushed.run('evt:b', 'evt_a')).toThrow(/UNIQUE/);
    // Clicks only polled have no event: as many as there are.
    db.prepare(
      `INSERT INTO short_link_clicks VALUES ('default', 'lnk_1', 'clk_2', '2026-12-01T12:00:00.000Z', NULL, NULL, NULL)`,
    ).run();
    expect(db.prepare('SELECT count(*) FROM short_link_clicks').pluck().get()).toBe(3);
  });
});
