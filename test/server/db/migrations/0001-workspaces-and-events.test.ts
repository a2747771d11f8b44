/** Migration 0001: workspaces, and events stored once per shop by their id. */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../src/server/db/migrate';
import { usePostgres } from '../../support/postgres';

const pg = usePostgres();

const event = (workspace: string, id: string) => [workspace, id, 'sms.reply', new Date(), new Date(), '{}'];
const INSERT =
  'INSERT INTO events (workspace_id, event_id, event, sent_at, received_at, raw) VALUES ($1, $2, $3, $4, $5, $6)';

describe('migration 0001: workspaces and events', () => {
  it('makes the tables; an event id is unique within a shop, not across shops; seq orders arrivals', async () => {
    const pool = await pg.newPool();
    expect(await migrate(pool, { upTo: 1 })).toEqual([1]);
    await pool.query("INSERT INTO workspaces (id) VALUES ('wa'), ('wb')");
    expect((await pool.query('SELECT webhook_secret FROM workspaces')).rows).toEqual([
      { webhook_secret: null },
      { webhook_secret: null },
    ]);
    await pool.query(INSERT, event('wa', 'evt_1'));
    await pool.query(INSERT, event('wb', 'evt_1'));
    await expect(pool.query(INSERT, event('wa', 'evt_1'))).rejects.toThrow(/events_once/);
    await expect(pool.query(INSERT, event('nowhere', 'evt_2'))).rejects.toThrow(/foreign key/);
    const seqs = (await pool.query<{ seq: string }>('SELECT seq FROM events ORDER BY seq')).rows.map((r) =>
      Number(r.seq),
    );
    expect(seqs[1]! > seqs[0]!).toBe(true);
    // A seq cannot be written by hand.
    await expect(
      pool.query(
        'INSERT INTO events (seq, workspace_id, event_id, event, sent_at, received_at, raw) VALUES (1, $1, $2, $3, $4, $5, $6)',
        event('wa', 'evt_3'),
      ),
    ).rejects.toThrow();
    // Applied once: a second run does nothing.
    expect(await migrate(pool, { upTo: 1 })).toEqual([]);
  });
});
