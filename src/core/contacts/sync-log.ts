import type { Database } from '../db/open-database';

export type SyncEntity = 'contact' | 'list';
export type SyncOp = 'upsert' | 'delete';

/**
 * Appends local changes to `sync_changes` (migration 0009), in the caller's
 * transaction; the contacts domain owns the log (core/db/tables.ts), so the
 * sync, which reads and folds it, drops entries only through `forgetSince`
 * and `trim` here.
 */
export class SyncLog {
  private readonly one;
  private readonly many;
  private readonly touched;
  private readonly fresh;
  private readonly anySynced;
  private readonly last;
  private readonly forgetUpserts;
  private readonly forgetAll;
  private readonly trimmed;

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
    this.last = db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM sync_changes').pluck();
    this.forgetUpserts = db.prepare<[string, number, string]>(
      `DELETE FROM sync_changes WHERE profile = ? AND seq > ? AND entity = 'contact' AND op = 'upsert'
       AND entity_id IN (SELECT value FROM json_each(?))`,
    );
    this.forgetAll = db.prepare<[string, number, string]>(
      `DELETE FROM sync_changes WHERE profile = ? AND seq > ? AND entity = 'contact'
       AND entity_id IN (SELECT value FROM json_each(?))`,
    );
    this.trimmed = db.prepare<[string, number]>('DELETE FROM sync_changes WHERE profile = ? AND seq <= ?');
  }

  /** The last entry's seq, any profile (0: none): what a write logs comes after it. */
  lastSeq(): number {
    return this.last.get()!;
  }

  /**
   * Forgets the entries logged after `since` for these contacts (`contactIds`
   * as a JSON array; only their upserts, or every operation): what the sync
   * wrote came from the service, and is not sent back to it.
   */
  forgetSince(profile: string, since: number, contactIds: string, only: 'upserts' | 'all'): void {
    (only === 'upserts' ? this.forgetUpserts : this.forgetAll).run(profile, since, contactIds);
  }

  /** Drops the profile's entries up to `upTo`, once the sync has folded them into its queue. */
  trim(profile: string, upTo: number): void {
    this.trimmed.run(profile, upTo);
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
