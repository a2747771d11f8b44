/** The shops this server serves: one is made at the first start; the hook id names it. */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { inTransaction } from './pool';

/** Any fixed number: taken while the first workspace is made, so two first starts make one. */
const FIRST_WORKSPACE_LOCK = 7_420_134;

export const HOOK_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const newWorkspaceId = (): string => 'w' + randomBytes(12).toString('hex');

/** The first workspace, made if there is none. */
export function defaultWorkspace(pool: Pool): Promise<string> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [FIRST_WORKSPACE_LOCK]);
    const found = await client.query<{ id: string }>(
      'SELECT id FROM workspaces ORDER BY created_at, id LIMIT 1',
    );
    if (found.rows[0]) return found.rows[0].id;
    const id = newWorkspaceId();
    await client.query('INSERT INTO workspaces (id) VALUES ($1)', [id]);
    return id;
  });
}

export async function webhookSecretOf(
  pool: Pool,
  workspaceId: string,
): Promise<{ secret: string | null } | null> {
  const found = await pool.query<{ webhook_secret: string | null }>(
    'SELECT webhook_secret FROM workspaces WHERE id = $1',
    [workspaceId],
  );
  const row = found.rows[0];
  return row ? { secret: row.webhook_secret } : null;
}

export async function setWebhookSecret(pool: Pool, workspaceId: string, secret: string): Promise<void> {
  await pool.query('UPDATE workspaces SET webhook_secret = $2 WHERE id = $1', [workspaceId, secret]);
}
