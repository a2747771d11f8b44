/**
 * Pairing: a one-use code, valid 10 minutes, printed at start or made by a
 * paired computer, exchanged for a device id and a bearer token (shown once).
 * A new device's queue starts with every event the shop already has, filled
 * while the workspace is held FOR UPDATE so no event stored meanwhile is missed.
 */
import type { Pool } from 'pg';
import { PAIRING_CODE_TTL_MS, type PairingCodeOutput } from '../../shared/server-contract/v1';
import { inTransaction } from '../db/pool';
import { HttpError } from '../http/errors';
import { newDeviceId, newDeviceToken, newPairingCode, sha256 } from './tokens';

export async function createPairingCode(
  pool: Pool,
  workspaceId: string,
  now: number,
): Promise<PairingCodeOutput> {
  const expiresAt = new Date(now + PAIRING_CODE_TTL_MS);
  await pool.query('DELETE FROM pairing_codes WHERE expires_at < $1 OR used_at IS NOT NULL', [new Date(now)]);
  for (let attempt = 0; ; attempt++) {
    const code = newPairingCode();
    const inserted = await pool.query(
      `INSERT INTO pairing_codes (code_hash, workspace_id, created_at, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code_hash) DO NOTHING`,
      [sha256(code), workspaceId, new Date(now), expiresAt],
    );
    if (inserted.rowCount === 1) return { code, expiresAt: expiresAt.toISOString() };
    if (attempt >= 10) throw new Error('could not make a pairing code');
  }
}

export interface Paired {
  deviceId: string;
  token: string;
  workspaceId: string;
}

export async function pair(pool: Pool, code: string, name: string, now: number): Promise<Paired> {
  return inTransaction(pool, async (client) => {
    const used = await client.query<{ workspace_id: string }>(
      `UPDATE pairing_codes SET used_at = $2
       WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING workspace_id`,
      [sha256(code), new Date(now)],
    );
    const workspaceId = used.rows[0]?.workspace_id;
    if (!workspaceId) {
      throw new HttpError(401, 'pairing_code_invalid', 'This pairing code is wrong, used or expired.');
    }
    await client.query('SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE', [workspaceId]);
    const deviceId = newDeviceId();
    const token = newDeviceToken();
    await client.query(
      'INSERT INTO devices (id, workspace_id, name, token_hash, created_at) VALUES ($1, $2, $3, $4, $5)',
      [deviceId, workspaceId, name, sha256(token), new Date(now)],
    );
    await client.query(
      'INSERT INTO device_events (device_id, seq) SELECT $1, seq FROM events WHERE workspace_id = $2',
      [deviceId, workspaceId],
    );
    return { deviceId, token, workspaceId };
  });
}

export interface Device {
  id: string;
  workspaceId: string;
}

/** The device a bearer token names, or null. */
export async function deviceOfToken(pool: Pool, token: string): Promise<Device | null> {
  const found = await pool.query<{ id: string; workspace_id: string }>(
    'SELECT id, workspace_id FROM devices WHERE token_hash = $1',
    [sha256(token)],
  );
  const row = found.rows[0];
  return row ? { id: row.id, workspaceId: row.workspace_id } : null;
}
