import type { Database } from '../../db/open-database';

/** What we know of one local contact on the service. */
export interface RemoteContact {
  remoteId: string;
  /** The service's lists it is in, as last read from or sent to the service. */
  remoteLists: string[];
}

/**
 * `sync_contacts` (migration 0010): the service's id of each local contact
 * the sync has seen there, and its lists on the service. The lists matter
 * because the service replaces a contact's lists with the ones sent (see
 * desiredLists in contact-push.ts): sending only ours would take the contact
 * out of the lists the user keeps on the service alone.
 */
export class RemoteContacts {
  private readonly s;

  constructor(db: Database) {
    this.s = {
      get: db.prepare<[string, string], { remote_id: string; remote_lists: string }>(
        'SELECT remote_id, remote_lists FROM sync_contacts WHERE profile = ? AND contact_id = ?',
      ),
      put: db.prepare<[string, string, string, string]>(
        `INSERT INTO sync_contacts (profile, contact_id, remote_id, remote_lists) VALUES (?, ?, ?, ?)
         ON CONFLICT (profile, contact_id) DO UPDATE SET
           remote_id = excluded.remote_id, remote_lists = excluded.remote_lists`,
      ),
      forget: db.prepare<[string, string]>('DELETE FROM sync_contacts WHERE profile = ? AND contact_id = ?'),
      // A remote id belongs to one local contact: a new owner (the number moved) takes it over.
      forgetRemoteId: db.prepare<[string, string, string]>(
        'DELETE FROM sync_contacts WHERE profile = ? AND remote_id = ? AND contact_id <> ?',
      ),
      stripList: db.prepare<[string, string, string]>(
        `UPDATE sync_contacts SET remote_lists = (
           SELECT json_group_array(value) FROM json_each(remote_lists) WHERE value <> ?)
         WHERE profile = ? AND EXISTS (SELECT 1 FROM json_each(remote_lists) WHERE value = ?)`,
      ),
      clear: db.prepare<[string]>('DELETE FROM sync_contacts WHERE profile = ?'),
    };
  }

  get(profile: string, contactId: string): RemoteContact | undefined {
    const r = this.s.get.get(profile, contactId);
    return r && { remoteId: r.remote_id, remoteLists: JSON.parse(r.remote_lists) as string[] };
  }

  put(profile: string, contactId: string, remote: RemoteContact): void {
    this.s.forgetRemoteId.run(profile, remote.remoteId, contactId);
    this.s.put.run(profile, contactId, remote.remoteId, JSON.stringify([...new Set(remote.remoteLists)]));
  }

  forget(profile: string, contactId: string): void {
    this.s.forget.run(profile, contactId);
  }

  /** The service deleted that list (and so its memberships): no contact is in it any more. */
  stripList(profile: string, remoteListId: string): void {
    this.s.stripList.run(remoteListId, profile, remoteListId);
  }

  clearProfile(profile: string): void {
    this.s.clear.run(profile);
  }
}
