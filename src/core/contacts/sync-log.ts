import type { Database } from '../db/open-database';

export type SyncEntity = 'contact' | 'list';
export type SyncOp = 'upsert' | 'delete';

/** Appends local changes to `sync_changes` (migration 0009), in the caller's transaction. */
export class SyncLog {
  private readonly one;
  private readonly many;
  private readonly touched;
  private readonly fresh;
  private readonly anySynced;

  constructor(db: Database) {
    const insert = 'INSERT INTO sync_changes (profile, entity, entity_id, op, created_at)';
    this.one = db.prepare<[string, string, string, string, string]>(`${insert} VALUES (?, ?, ?, ?, ?)`);
    this.many = db.prepare<[string, string, string, string, string]>(
      `${insert} SELECT ?, ?, value, ?, ? FROM json_each(?)`,
    );
    this.touched = db.prepare<[string, string, string]>(
      `${insert} SELECT ?, 'contact', c.id, 'upsert', ? FROM temp.contacts_touched t
       CROSS JOIN contacts c ON c.seq = t.seq WHERE c.profile = ? AND c.deleted_at IS NULL`,
    );
    this.fresh = db.prepare<[string, string, number, string]>(
      `${insert} SELECT ?, 'contact', id, 'upsert', ? FROM contacts
       WHERE seq >= ? AND +profile = ? AND deleted_at IS NULL`,
    );
    this.anySynced = db
      .prepare<[string], number>('SELECT EXISTS (SELECT 1 FROM sync_lists WHERE profile = ? AND enabled = 1)')
      .pluck();
  }

  record(profile: string, entity: SyncEntity, id: string, op: SyncOp, at: string): void {
    this.one.run(profile, entity, id, op, at);
  }

  recordMany(profile: string, entity: SyncEntity, ids: readonly string[], op: SyncOp, at: string): void {
    if (ids.length > 0) this.many.run(profile, entity, op, at, JSON.stringify(ids));
  }

  /** Logs every live contact of the profile whose index row is about to be rewritten (before SearchIndex.flush). */
  recordTouched(profile: string, at: string): void {
    this.touched.run(profile, at, profile);
  }

  /**
   * Logs the profile's contacts created by this transaction: every seq from
   * `freshFrom` on (see SearchIndex.flush). Not when none of the profile's
   * lists syncs: a new contact is never on the service, so only a synced
   * list could send it, and the sync's fold would drop the entries unread
   * (turning a list's sync on queues its members; joining a synced list
   * later is logged then). 92,000 entries were a tenth of an import's save.
   */
  recordFresh(profile: string, at: string, freshFrom: number): void {
    if (this.anySynced.get(profile) === 1) this.fresh.run(profile, at, freshFrom, profile);
  }
}
