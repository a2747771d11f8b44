/** Migration 0003: each device's queue of events, gone with the device. */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../src/server/db/migrate';
import { usePostgres } from '../../support/postgres';

const pg = usePostgres();

describe('migration 0003: device events', () => {
  it('applies on top of 0002; one row per device and event; deleting a device empties its queue', async () => {
    const pool = await pg.newPool();
    await migrate(pool, { upTo: 2 });
    await pool.query("INSERT INTO workspaces (id) VALUES ('wa')");
    await pool.query(
      "INSERT INTO devices (id, workspace_id, name, token_hash, created_at) VALUES ('d1', 'wa', 'Caixa', 'h1', now())",
    );
    const { rows } = await pool.query<{ seq: string }>(
      "INSERT INTO events (workspace_id, event_id, event, sent_at, received_at, raw) VALUES ('wa', 'evt_1', 'sms.reply', now(), now(), '{}') RETURNING seq",
    );
    expect(await migrate(pool, { upTo: 3 })).toEqual([3]);
    const seq = rows[0]!.seq;
    await pool.query('INSERT INTO device_events (device_id, seq) VALUES ($1, $2)', ['d1', seq]);
    await expect(
      pool.query('INSERT INTO device_events (device_id, seq) VALUES ($1, $2)', ['d1', seq]),
    ).rejects.toThrow(/device_events_pkey/);
    await expect(
      pool.query('INSERT INTO device_events (device_id, seq) VALUES ($1, $2)', ['d1', '999999']),
    ).rejects.toThrow(/foreign key/);
    expect((await pool.query('SELECT claim, claimed_until FROM device_events')).rows).toEqual([
      { claim: null, claimed_until: null },
    ]);
    await pool.query("DELETE FROM devices WHERE id = 'd1'");
    expect((await pool.query('SELECT count(*)::int AS n FROM device_events')).rows[0].n).toBe(0);
  });
});
