import type { Migration } from './migration';

/**
 * Paired computers and the one-use codes that pair them. Only hashes are
 * kept: of a device's bearer token (shown once, at pairing) and of a code.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'devices-and-pairing',
  sql: `
    CREATE TABLE pairing_codes (
      code_hash text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE TABLE devices (
      id text PRIMARY KEY,
      workspace_id text NOT NULL REFERENCES workspaces (id),
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX devices_workspace ON devices (workspace_id);
  `,
};
