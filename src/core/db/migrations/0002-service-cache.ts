import type { Migration } from './types';

/**
 * Last known answers from the service (balance, webhook URL, ...) per profile,
 * so the app can show them offline with their age.
 * NEVER secrets: callers must not put the webhook signing secret, the account
 * key or the token here. This file is plain on disk; secrets go to the keychain.
 */
export const serviceCache: Migration = {
  version: 2,
  name: 'service-cache',
  up(db) {
    db.exec(`
      CREATE TABLE service_cache (
        profile    TEXT NOT NULL,
        key        TEXT NOT NULL,
        value      TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (profile, key)
      ) STRICT;
    `);
  },
};
