/** The one Postgres driver (`pg`): a pool per server process. */
import pg from 'pg';

export type { Pool, PoolClient } from 'pg';

// A `bigint` (events.seq) arrives as text: exact, and the feed's cursor is text anyway.

export function openPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its connection (Postgres restarted) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `work` in one transaction on one client: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
