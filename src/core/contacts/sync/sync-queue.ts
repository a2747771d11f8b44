import type { Database } from '../../db/open-database';

/** One contact to send, with what the push needs to know about it. */
export interface QueueItem {
  contactId: string;
  op: 'upsert' | 'delete';
  /** The `sync_changes` seq that queued it: done only if nothing re-queued it meanwhile. */
  version: number;
  /** Null once purged (a delete). */
  contact: { name: string; phone: string; email: string | null; hidden: boolean; optedOut: boolean } | null;
  /** Local lists it is in that sync. */
  syncedLists: string[];
  remoteId: string | null;
  remoteLists: string[];
}

interface ItemRecord {
  contact_id: string;
  op: 'upsert' | 'delete';
  version: number;
  present: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  hidden: number;
  opted_out: number;
  synced_lists: string;
  remote_id: string | null;
  remote_lists: string | null;
}

export interface ListCounts {
  pending: number;
  rejected: number;
  rejectedReason: string | null;
}

/** Members of a synced list, as SQL: `cl.contact_id` of `c` in an enabled list of profile `?`. */
const IN_SYNCED_LIST = (contact: string, profile: string, linkedOnly = false) =>
  `EXISTS (SELECT 1 FROM contact_lists cl JOIN sync_lists sl
     ON sl.list_id = cl.list_id AND sl.profile = ${profile} AND sl.enabled = 1
     ${linkedOnly ? 'AND sl.remote_id IS NOT NULL' : ''}
   WHERE cl.contact_id = ${contact})`;

/**
 * The contacts with changes still to send (`sync_queue`, migration 0010),
 * folded from the append-only `sync_changes` log (0009): many changes of a
 * contact become one row with its last operation. Only contacts the sync
 * cares about are kept: members of a synced list, and contacts the service
 * knows (they may have left a synced list, or been deleted). The log rows
 * folded are removed, as 0009 intends.
 */
export class SyncQueue {
  private readonly s;
  /** Folds so far: the log's seqs start again at 1 once it is emptied, so a seq alone cannot mark a change. */
  private folds = 0;

  constructor(private readonly db: Database) {
    this.s = {
      maxSeq: db
        .prepare<[string], number>('SELECT coalesce(max(seq), 0) FROM sync_changes WHERE profile = ?')
        .pluck(),
      fold: db.prepare<{ profile: string; upTo: number }>(
        `INSERT INTO sync_queue (profile, contact_id, op, version)
         SELECT @profile, ch.entity_id, ch.op, ch.seq FROM (
           SELECT entity_id, op, seq, row_number() OVER (PARTITION BY entity_id ORDER BY seq DESC) AS rn
           FROM sync_changes WHERE profile = @profile AND entity = 'contact' AND seq <= @upTo) ch
         WHERE ch.rn = 1 AND (
           EXISTS (SELECT 1 FROM sync_contacts sc WHERE sc.profile = @profile AND sc.contact_id = ch.entity_id)
           OR (ch.op = 'upsert' AND ${IN_SYNCED_LIST('ch.entity_id', '@profile')}))
         ON CONFLICT (profile, contact_id) DO UPDATE SET
           op = excluded.op, version = excluded.version, rejected_code = NULL, rejected_message = NULL`,
      ),
      trimLog: db.prepare<[string, number]>('DELETE FROM sync_changes WHERE profile = ? AND seq <= ?'),
      // Version 0: below any seq, so a change logged later replaces it.
      enqueueList: db.prepare<[string, string, string]>(
        `INSERT INTO sync_queue (profile, contact_id, op, version)
         SELECT ?, cl.contact_id, 'upsert', 0 FROM contact_lists cl
         JOIN contacts c ON c.id = cl.contact_id AND c.profile = ? AND c.deleted_at IS NULL
         WHERE cl.list_id = ?
         ON CONFLICT (profile, contact_id) DO UPDATE SET rejected_code = NULL, rejected_message = NULL`,
      ),
      chunk: db.prepare<[string, string, number], ItemRecord>(
        `SELECT q.contact_id, q.op, q.version, c.id IS NOT NULL AS present, c.name, c.phone, c.email,
           c.deleted_at IS NOT NULL AS hidden,
           EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = q.profile AND o.phone = c.phone) AS opted_out,
           (SELECT json_group_array(sl.list_id) FROM contact_lists cl JOIN sync_lists sl
              ON sl.profile = q.profile AND sl.list_id = cl.list_id AND sl.enabled = 1
            WHERE cl.contact_id = q.contact_id) AS synced_lists,
           sc.remote_id, sc.remote_lists
         FROM sync_queue q
         LEFT JOIN contacts c ON c.id = q.contact_id AND c.profile = q.profile
         LEFT JOIN sync_contacts sc ON sc.profile = q.profile AND sc.contact_id = q.contact_id
         WHERE q.profile = ? AND q.rejected_code IS NULL AND q.contact_id > ?
         ORDER BY q.contact_id LIMIT ?`,
      ),
      unknown: db.prepare<[string], { contact_id: string; phone: string }>(
        `SELECT q.contact_id, c.phone FROM sync_queue q
         JOIN contacts c ON c.id = q.contact_id AND c.profile = q.profile AND c.deleted_at IS NULL
         WHERE q.profile = ? AND q.op = 'upsert' AND q.rejected_code IS NULL
           AND NOT EXISTS (SELECT 1 FROM sync_contacts sc WHERE sc.profile = q.profile AND sc.contact_id = q.contact_id)
           AND NOT EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = q.profile AND o.phone = c.phone)
           AND ${IN_SYNCED_LIST('q.contact_id', 'q.profile', true)}`,
      ),
      done: db.prepare<[string, string, number]>(
        'DELETE FROM sync_queue WHERE profile = ? AND contact_id = ? AND version = ?',
      ),
      reject: db.prepare<[string, string, string, string, number]>(
        `UPDATE sync_queue SET rejected_code = ?, rejected_message = ?
         WHERE profile = ? AND contact_id = ? AND version = ?`,
      ),
      counts: db.prepare<
        [string],
        { list_id: string; pending: number; rejected: number; reason: string | null }
      >(
        `SELECT sl.list_id, sum(q.rejected_code IS NULL) AS pending, sum(q.rejected_code IS NOT NULL) AS rejected,
           max(q.rejected_message) AS reason
         FROM sync_lists sl
         JOIN sync_queue q ON q.profile = sl.profile
         LEFT JOIN sync_contacts sc ON sc.profile = q.profile AND sc.contact_id = q.contact_id
         WHERE sl.profile = ? AND sl.enabled = 1 AND (
           EXISTS (SELECT 1 FROM contact_lists cl WHERE cl.list_id = sl.list_id AND cl.contact_id = q.contact_id)
           OR (sl.remote_id IS NOT NULL
               AND EXISTS (SELECT 1 FROM json_each(sc.remote_lists) WHERE value = sl.remote_id)))
         GROUP BY sl.list_id`,
      ),
      hasPending: db
        .prepare<[string], number>(
          'SELECT EXISTS (SELECT 1 FROM sync_queue WHERE profile = ? AND rejected_code IS NULL)',
        )
        .pluck(),
      clear: db.prepare<[string]>('DELETE FROM sync_queue WHERE profile = ?'),
    };
  }

  /** Folds the log into the queue, in one IMMEDIATE transaction (the CLI may be appending). */
  fold(profile: string): void {
    this.db
      .transaction(() => {
        const upTo = this.s.maxSeq.get(profile) ?? 0;
        if (upTo === 0) return;
        this.s.fold.run({ profile, upTo });
        this.s.trimLog.run(profile, upTo);
        this.folds++;
      })
      .immediate();
  }

  /** A list just opted in: every member is to send (changes made before were not kept for it). */
  enqueueList(profile: string, listId: string): void {
    this.s.enqueueList.run(profile, profile, listId);
  }

  /** Up to `limit` items after `after` (contact id order), refused ones left out. */
  chunk(profile: string, after: string, limit: number): QueueItem[] {
    return this.s.chunk.all(profile, after, limit).map((r) => ({
      contactId: r.contact_id,
      op: r.op,
      version: r.version,
      contact:
        r.present === 1
          ? {
              name: r.name ?? '',
              phone: r.phone ?? '',
              email: r.email,
              hidden: r.hidden === 1,
              optedOut: r.opted_out === 1,
            }
          : null,
      syncedLists: JSON.parse(r.synced_lists) as string[],
      remoteId: r.remote_id,
      remoteLists: r.remote_lists === null ? [] : (JSON.parse(r.remote_lists) as string[]),
    }));
  }

  /** Queued contacts the service may or may not have yet (we never saw them there), by phone. */
  unknownPhones(profile: string): Map<string, string> {
    return new Map(this.s.unknown.all(profile).map((r) => [r.phone, r.contact_id]));
  }

  done(profile: string, contactId: string, version: number): void {
    this.s.done.run(profile, contactId, version);
  }

  /** Kept, but not sent again until the contact changes (the fold clears the mark). */
  reject(profile: string, contactId: string, version: number, code: string, message: string): void {
    this.s.reject.run(code, message, profile, contactId, version);
  }

  countsByList(profile: string): Map<string, ListCounts> {
    return new Map(
      this.s.counts
        .all(profile)
        .map((r) => [r.list_id, { pending: r.pending, rejected: r.rejected, rejectedReason: r.reason }]),
    );
  }

  hasPending(profile: string): boolean {
    return this.s.hasPending.get(profile) === 1;
  }

  /** Differs whenever changes were logged since it was last read (the background's debounce); null: none waiting. */
  changeMarker(profile: string): string | null {
    const last = this.s.maxSeq.get(profile) ?? 0;
    return last === 0 ? null : `${this.folds}:${last}`;
  }

  clearProfile(profile: string): void {
    this.s.clear.run(profile);
  }
}
