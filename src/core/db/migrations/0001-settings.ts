import type { Migration } from './types';

/**
 * App settings (language, theme, active profile, base URL, mode) as JSON
 * values keyed by name. NEVER secrets: the account key and token live only in
 * the OS keychain (see core/secrets), because this file is plain on disk.
 */
export const settings: Migration = {
  version: 1,
  name: 'settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key        TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
