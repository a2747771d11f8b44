/** Migration 0002: devices (a token hash each, unique) and pairing codes. */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../src/server/db/migrate';
import { usePostgres } from '../../support/postgres';

const pg = usePostgres();

describe('migration 0002: devices and pairing codes', () => {
  it('applies on top of 0001 and keeps existing events', async () => {
    const pool = await pg.newPool();
    await migrate(pool, { upTo: 1 });
    await pool.query("INSERT INTO workspaces (id) VALUES ('wa')");
    await pool.query(
      "INSERT INTO events (workspace_id, event_id, event, sent_at, received_at, raw) VALUES ('wa', 'evt_1', 'sms.reply', now(), now(), '{}')",
    );
    expect(await migrate(pool, { upTo: 2 })).toEqual([2]);
    expect((await pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(1);

    const device = (id: string, hash: string, workspace = 'wa') =>
      pool.query(
        'INSERT INTO devices (id, workspace_id, name, token_hash, created_at) VALUES ($1, $2, $3, $4, now())',
        [id, workspace, 'Caixa', hash],
      );
    await device('d1', 'hash-1');
    await expect(device('d2', 'hash-1')).rejects.toThrow(/unique/);
    await expect(device('d3', 'hash-3', 'nowhere')).rejects.toThrow(/foreign key/);

    const code = (hash: string) =>
      pool.query(
        "INSERT INTO pairing_codes (code_hash, workspace_id, created_at, expires_at) VALUES ($1, 'wa', now(), now() + interval '10 minutes')",
        [hash],
      );
    await code('c1');
    await expect(code('c1')).rejects.toThrow(/pairing_codes_pkey/);
    expect((await pool.query('SELECT used_at FROM pairing_codes')).rows).toEqual([{ used_at: null }]);
  });
});
