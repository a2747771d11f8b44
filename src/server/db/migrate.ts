/**
 * Brings the schema up to date: each migration once, in order, in its own
 * transaction, recorded in `schema_migrations`. A session advisory lock
 * makes a second server process starting at the same moment wait, then find
 * nothing left to do.
 */
import type { Pool } from 'pg';
import { MIGRATIONS, type Migration } from './migrations';

/** Any fixed number: the lock every Torpedo Server process takes to migrate. */
const MIGRATION_LOCK = 7_420_133;

export async function migrate(
  pool: Pool,
  options: { upTo?: number; migrations?: readonly Migration[] } = {},
): Promise<number[]> {
  const migrations = options.migrations ?? MIGRATIONS;
  const upTo = options.upTo ?? Number.MAX_SAFE_INTEGER;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = new Set(
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
          (r) => r.version,
        ),
      );
      const applied: number[] = [];
      for (const m of migrations) {
        if (m.version > upTo || done.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
            m.version,
            m.name,
          ]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
        applied.push(m.version);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
