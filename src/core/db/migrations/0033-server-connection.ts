import type { Migration } from './types';

/**
 * This computer's Torpedo Server, per profile (core/server/):
 *
 * - `server_connections`: the server's address, the computer's device id and
 *   name there, the workspace, the hook address the account's webhook was set
 *   to, and the webhook address the account had before (put back on
 *   disconnect; null: none). `cursor` is the events page last applied (its ack
 *   may have been lost: the server hands it again, and applying it twice
 *   changes nothing); `synced_at` and `sync_error` say how the last read went.
 *   The device's token is NOT here: only in the OS keychain.
 * - `short_link_clicks.event_id`: the pushed `link.click` event that told of
 *   a click. The event carries no click id, so a click read by polling and
 *   the same click pushed are matched by link, time and phone, and each
 *   counted once (core/links/pushed-clicks.ts).
 */
export const serverConnection: Migration = {
  version: 33,
  name: 'server-connection',
  up(db) {
    db.exec(`
      CREATE TABLE server_connections (
        profile          TEXT PRIMARY KEY,
        url              TEXT NOT NULL,
        device_id        TEXT NOT NULL,
        device_name      TEXT NOT NULL,
        workspace_id     TEXT NOT NULL,
        hook_url         TEXT NOT NULL,
        previous_webhook TEXT,
        connected_at     TEXT NOT NULL,
        cursor           TEXT,
        synced_at        TEXT,
        sync_error       TEXT CHECK (sync_error IN ('unreachable', 'unauthorized', 'bad_answer'))
      ) STRICT, WITHOUT ROWID;

      ALTER TABLE short_link_clicks ADD COLUMN event_id TEXT;
      CREATE UNIQUE INDEX short_link_clicks_event ON short_link_clicks (profile, event_id)
        WHERE event_id IS NOT NULL;
    `);
  },
};
