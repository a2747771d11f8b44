import type { Migration } from './types';

/**
 * What the contact sync (core/sync/) keeps between runs, per profile,
 * so that a run cut short by a crash, a sign-out or the network going away
 * picks up where it stopped.
 *
 * - `sync_lists`: the lists the user chose to sync (opt-in, per local list)
 *   and the service's list each one is linked to. No foreign key to `lists`:
 *   when a synced list is deleted here its row must outlive it until the
 *   service's list is deleted too. `remote_name` is the name the service
 *   holds (a local rename is pushed when they differ). `pull_page` is the
 *   last page of the service's members already merged by an unfinished pull
 *   (0: no pull under way), so a resumed pull does not read it again.
 *   `synced_at` is the end of the last complete sync of the list; `error_*`
 *   the reason the last one did not complete (cleared by the next success).
 * - `sync_contacts`: the service's id of a local contact and the service's
 *   lists it was last known to be in. The service replaces a contact's lists
 *   with the `lists` sent, so lists the service has beyond ours are kept in
 *   what we send. No foreign key either: a purged contact's row is how its
 *   delete reaches the service.
 * - `sync_queue`: the contacts with changes still to send, folded from
 *   `sync_changes` (0009): one row per contact, its last operation, and the
 *   `sync_changes` seq that queued it (`version`), so a change arriving while
 *   the run sends the previous one is not dropped with it. `rejected_*`: the
 *   service refused this contact (an invalid field); it waits for the next
 *   local edit instead of being sent again at every run.
 */
export const contactSync: Migration = {
  version: 10,
  name: 'contact-sync',
  up(db) {
    db.exec(`
      CREATE TABLE sync_lists (
        profile       TEXT NOT NULL,
        list_id       TEXT NOT NULL,
        enabled       INTEGER NOT NULL CHECK (enabled IN (0, 1)),
        remote_id     TEXT,
        remote_name   TEXT,
        pull_page     INTEGER NOT NULL DEFAULT 0 CHECK (pull_page >= 0),
        pulled_at     TEXT,
        synced_at     TEXT,
        error_code    TEXT,
        error_detail  TEXT,
        error_at      TEXT,
        CHECK ((error_code IS NULL) = (error_at IS NULL)),
        PRIMARY KEY (profile, list_id)
      ) STRICT;
      CREATE TABLE sync_contacts (
        profile      TEXT NOT NULL,
        contact_id   TEXT NOT NULL,
        remote_id    TEXT NOT NULL,
        remote_lists TEXT NOT NULL DEFAULT '[]' CHECK (json_type(remote_lists) = 'array'),
        PRIMARY KEY (profile, contact_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX sync_contacts_by_remote ON sync_contacts (profile, remote_id);
      CREATE TABLE sync_queue (
        profile          TEXT NOT NULL,
        contact_id       TEXT NOT NULL,
        op               TEXT NOT NULL CHECK (op IN ('upsert', 'delete')),
        version          INTEGER NOT NULL,
        rejected_code    TEXT,
        rejected_message TEXT,
        PRIMARY KEY (profile, contact_id)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
