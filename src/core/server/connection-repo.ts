/**
 * This computer's Torpedo Server per profile (migration 0033): where it is,
 * who this computer is there, what the account's webhook was before, and how
 * far the events were read. Never the token: that is the keychain's
 * (device-token.ts).
 */
import type { ServerSyncError } from '../../shared/dto/server';
import type { Database } from '../db/open-database';

export interface ServerConnection {
  url: string;
  deviceId: string;
  deviceName: string;
  workspaceId: string;
  hookUrl: string;
  /** The account's webhook before connecting (null: none), put back on disconnect. */
  previousWebhook: string | null;
  connectedAt: string;
  cursor: string | null;
  syncedAt: string | null;
  syncError: ServerSyncError | null;
}

interface Row {
  url: string;
  device_id: string;
  device_name: string;
  workspace_id: string;
  hook_url: string;
  previous_webhook: string | null;
  connected_at: string;
  cursor: string | null;
  synced_at: string | null;
  sync_error: ServerSyncError | null;
}

const fromRow = (r: Row): ServerConnection => ({
  url: r.url,
  deviceId: r.device_id,
  deviceName: r.device_name,
  workspaceId: r.workspace_id,
  hookUrl: r.hook_url,
  previousWebhook: r.previous_webhook,
  connectedAt: r.connected_at,
  cursor: r.cursor,
  syncedAt: r.synced_at,
  syncError: r.sync_error,
});

export function createConnectionRepo(db: Database) {
  const one = db.prepare<[string], Row>('SELECT * FROM server_connections WHERE profile = ?');
  const put = db.prepare(
    `INSERT INTO server_connections (profile, url, device_id, device_name, workspace_id, hook_url,
       previous_webhook, connected_at, cursor, synced_at, sync_error)
     VALUES (@profile, @url, @deviceId, @deviceName, @workspaceId, @hookUrl,
       @previousWebhook, @connectedAt, NULL, NULL, NULL)
     ON CONFLICT (profile) DO UPDATE SET
       url = excluded.url, device_id = excluded.device_id, device_name = excluded.device_name,
       workspace_id = excluded.workspace_id, hook_url = excluded.hook_url,
       previous_webhook = excluded.previous_webhook, connected_at = excluded.connected_at,
       cursor = NULL, synced_at = NULL, sync_error = NULL`,
  );
  const cursor = db.prepare<[string, string]>('UPDATE server_connections SET cursor = ? WHERE profile = ?');
  const synced = db.prepare<[string | null, ServerSyncError | null, string]>(
    'UPDATE server_connections SET synced_at = coalesce(?, synced_at), sync_error = ? WHERE profile = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM server_connections WHERE profile = ?');

  return {
    get: (profile: string): ServerConnection | null => {
      const row = one.get(profile);
      return row ? fromRow(row) : null;
    },
    save(profile: string, c: Omit<ServerConnection, 'cursor' | 'syncedAt' | 'syncError'>): void {
      put.run({ profile, ...c });
    },
    /** The page applied; call in the page's own transaction. */
    saveCursor: (profile: string, value: string): void => void cursor.run(value, profile),
    /** How the last read went: `at` when it reached the server (null keeps the last such time). */
    recordSync: (profile: string, at: string | null, error: ServerSyncError | null): void =>
      void synced.run(at, error, profile),
    forget: (profile: string): void => void remove.run(profile),
  };
}

export type ConnectionRepo = ReturnType<typeof createConnectionRepo>;
