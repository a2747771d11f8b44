import type { Migration } from './types';

/**
 * What the contact sync (core/sync/) needs beyond 0010 to mirror the
 * service faithfully:
 *
 * - `sync_pull_seen`: the local contacts a pull of a synced list has met
 *   among the service's members so far. A pull reads the list page by page
 *   and may be resumed by a later run (after a crash or going offline), so
 *   "who is still in the list on the service" must outlive the run. Only once
 *   every page was read are the local members never met there taken out of
 *   the local list (they were removed on the service). Emptied when a pull
 *   starts from page 1 and when it completes. No foreign keys: like
 *   sync_contacts, rows are per profile and cleared with it.
 * - `sync_queue.phone`: the number a queued contact had when it was queued.
 *   A contact created on the service whose id was never stored (the app
 *   crashed between the answer and the write) and then deleted here has no
 *   other trace of its number once purged, and without it its delete could
 *   not be found on the service. Filled for rows already queued.
 */
export const syncPullSeen: Migration = {
  version: 14,
  name: 'sync-pull-seen',
  up(db) {
    db.exec(`
      CREATE TABLE sync_pull_seen (
        profile    TEXT NOT NULL,
        list_id    TEXT NOT NULL,
        contact_id TEXT NOT NULL,
        PRIMARY KEY (profile, list_id, contact_id)
      ) STRICT, WITHOUT ROWID;
      ALTER TABLE sync_queue ADD COLUMN phone TEXT;
      UPDATE sync_queue SET phone = (
        SELECT c.phone FROM contacts c WHERE c.id = sync_queue.contact_id AND c.profile = sync_queue.profile);
    `);
  },
};
