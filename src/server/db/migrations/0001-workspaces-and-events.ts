import type { Migration } from './migration';

/**
 * A workspace is a shop: its hook id (the `<id>` of `/hooks/smsgo/<id>`) and
 * the webhook secret a paired computer handed over (needed in clear to check
 * each event's HMAC). Each service event is stored once per workspace by its
 * `id`; `seq` is the order of arrival; `raw` is the body exactly as signed.
 */
export const migration0001: Migration = {
  version: 1,
  name: 'workspaces-and-events',
  sql: `
    CREATE TABLE workspaces (
      id text PRIMARY KEY,
      webhook_secret text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE events (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id),
      event_id text NOT NULL,
      event text NOT NULL,
      sent_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL,
      raw text NOT NULL,
      CONSTRAINT events_once UNIQUE (workspace_id, event_id)
    );
  `,
};
