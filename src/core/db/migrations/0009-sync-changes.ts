import type { Migration } from './types';

/**
 * A log of local changes to push to the service later (the sync engine
 * comes later): one row per changed contact or list, appended by the
 * contacts repo in the same transaction as the change, oldest first by `seq`.
 * Membership changes log the contact (its lists changed). A delete is logged
 * when the contact is purged (after its undo window), not when hidden.
 * Append-only, so a 100,000-contact import costs one cheap append per
 * contact; the sync engine folds repeated entries of an entity and removes
 * rows up to the `seq` it has pushed.
 */
export const syncChanges: Migration = {
  version: 9,
  name: 'sync-changes',
  up(db) {
    db.exec(`
      CREATE TABLE sync_changes (
        seq        INTEGER PRIMARY KEY,
        profile    TEXT NOT NULL,
        entity     TEXT NOT NULL CHECK (entity IN ('contact', 'list')),
        entity_id  TEXT NOT NULL,
        op         TEXT NOT NULL CHECK (op IN ('upsert', 'delete')),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX sync_changes_by_profile ON sync_changes (profile, seq);
    `);
  },
};
