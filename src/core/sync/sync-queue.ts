import { SyncLog } from '../contacts/contacts-module';
import type { Database } from '../db/open-database';

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
  /**
   * The number it had when first queued since its last successful push: how
   * a contact whose service id was lost is found there (purged, or renumbered since).
   */
  queuedPhone: string | null;
}

/** The `rejected_code` prefix of an opted-out number the service would not take off its lists. */
export const OPT_OUT_REFUSED = 'opt_out:';

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
  queued_phone: string | null;
}

export interface ListCounts {
  pending: number;
  rejected: number;
  rejectedReason: string | null;
  optOutsKept: number;
  optOutsKeptReason: string | null;
}

/** Members of a synced list, as SQL: `cl.contact_id` of `c` in an enabled list of profile `?`. */
const IN_SYNCED_LIST = (contact: string, profile: string) =>
  `EXISTS (SELECT 1 FROM contact_lists cl JOIN sync_lists sl
     ON sl.list_id = cl.list_id AND sl.profile = ${profile} AND sl.enabled = 1
   WHERE cl.contact_id = ${contact})`;

/** A queued contact `q` whose service id we never learned. */
const NOT_KNOWN = `NOT EXISTS (SELECT 1 FROM sync_contacts sc
  WHERE sc.profile = q.profile AND sc.contact_id = q.contact_id)`;

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
        `INSERT INTO sync_queue (profile, contact_id, op, version, phone)
         SELECT @profile, ch.entity_id, ch.op, ch.seq,
           (SELECT c.phone FROM contacts c WHERE c.id = ch.entity_id AND c.profile = @profile) FROM (
           SELECT entity_id, op, seq, row_number() OVER (PARTITION BY entity_id ORDER BY seq DESC) AS rn
           FROM sync_changes WHERE profile = @profile AND entity = 'contact' AND seq <= @upTo) ch
         WHERE ch.rn = 1 AND (
           EXISTS (SELECT 1 FROM sync_contacts sc WHERE sc.profile = @profile AND sc.contact_id = ch.entity_id)
           OR (ch.op = 'upsert' AND ${IN_SYNCED_LIST('ch.entity_id', '@profile')}))
         ON CONFLICT (profile, contact_id) DO UPDATE SET
           op = excluded.op, version = excluded.version, rejected_code = NULL, rejected_message = NULL,
           phone = coalesce(sync_queue.phone, excluded.phone)`,
      ),
      // The log is the contacts' (they write it); folded entries are dropped through its own function.
      changes: new SyncLog(db),
      // Version 0: below any seq, so a change logged later replaces it.
      enqueueList: db.prepare<[string, string, string]>(
        `INSERT INTO sync_queue (profile, contact_id, op, version, phone)
         SELECT ?, cl.contact_id, 'upsert', 0, c.phone FROM contact_lists cl
         JOIN contacts c ON c.id = cl.contact_id AND c.profile = ? AND c.deleted_at IS NULL
         WHERE cl.list_id = ?
         ON CONFLICT (profile, contact_id) DO UPDATE SET rejected_code = NULL, rejected_message = NULL,
           phone = coalesce(sync_queue.phone, excluded.phone)`,
      ),
      chunk: db.prepare<[string, string, number], ItemRecord>(
        `SELECT q.contact_id, q.op, q.version, c.id IS NOT NULL AS present, c.name, c.phone, c.email,
           c.deleted_at IS NOT NULL AS hidden,
           EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = q.profile AND o.phone = c.phone) AS opted_out,
           (SELECT json_group_array(sl.list_id) FROM contact_lists cl JOIN sync_lists sl
              ON sl.profile = q.profile AND sl.list_id = cl.list_id AND sl.enabled = 1
            WHERE cl.contact_id = q.contact_id) AS synced_lists,
           sc.remote_id, sc.remote_lists, q.phone AS queued_phone
         FROM sync_queue q
         LEFT JOIN contacts c ON c.id = q.contact_id AND c.profile = q.profile
         LEFT JOIN sync_contacts sc ON sc.profile = q.profile AND sc.contact_id = q.contact_id
         WHERE q.profile = ? AND q.rejected_code IS NULL AND q.contact_id > ?
         ORDER BY q.contact_id LIMIT ?`,
      ),
      // Queued, service id unknown: live contacts (to join, leave, or be taken off lists there), by
      // their number and by the one they were queued with if it changed since (the service may hold
      // them under that one), and purged ones by their queued number; never a number a live contact
      // holds now (it is theirs). Ranked: a number shared by two goes to the first.
      unknown: db.prepare<{ profile: string }, { contact_id: string; phone: string }>(
        `SELECT contact_id, phone FROM (
           SELECT q.contact_id, c.phone, 0 AS rank FROM sync_queue q
           JOIN contacts c ON c.id = q.contact_id AND c.profile = q.profile AND c.deleted_at IS NULL
           WHERE q.profile = @profile AND q.rejected_code IS NULL AND ${NOT_KNOWN}
           UNION ALL
           SELECT q.contact_id, q.phone, CASE WHEN c.id IS NULL THEN 2 ELSE 1 END FROM sync_queue q
           LEFT JOIN contacts c ON c.id = q.contact_id AND c.profile = q.profile
           WHERE q.profile = @profile AND q.rejected_code IS NULL AND ${NOT_KNOWN}
             AND q.phone IS NOT NULL AND (c.id IS NULL OR (c.deleted_at IS NULL AND c.phone <> q.phone))
             AND NOT EXISTS (SELECT 1 FROM contacts o WHERE o.profile = q.profile AND o.phone = q.phone))
         ORDER BY rank`,
      ),
      done: db.prepare<[string, string, number]>(
        'DELETE FROM sync_queue WHERE profile = ? AND contact_id = ? AND version = ?',
      ),
      reject: db.prepare<[string, string, string, string, number]>(
        `UPDATE sync_queue SET rejected_code = ?, rejected_message = ?
         WHERE profile = ? AND contact_id = ? AND version = ?`,
      ),
      setAside: db.prepare<[string, string, string, string, string]>(
        `INSERT INTO sync_queue (profile, contact_id, op, version, phone, rejected_code, rejected_message)
         VALUES (?, ?, 'upsert', 0, ?, ?, ?)
         ON CONFLICT (profile, contact_id) DO UPDATE SET
           rejected_code = excluded.rejected_code, rejected_message = excluded.rejected_message`,
      ),
      counts: db.prepare<
        [string],
        {
          list_id: string;
          pending: number;
          rejected: number;
          reason: string | null;
          kept: number;
          kept_reason: string | null;
        }
      >(
        `SELECT sl.list_id, sum(q.rejected_code IS NULL) AS pending,
           sum(q.rejected_code IS NOT NULL AND q.rejected_code NOT LIKE '${OPT_OUT_REFUSED}%') AS rejected,
           max(CASE WHEN q.rejected_code NOT LIKE '${OPT_OUT_REFUSED}%' THEN q.rejected_message END) AS reason,
           sum(q.rejected_code LIKE '${OPT_OUT_REFUSED}%') AS kept,
           max(CASE WHEN q.rejected_code LIKE '${OPT_OUT_REFUSED}%' THEN q.rejected_message END) AS kept_reason
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
        this.s.changes.trim(profile, upTo);
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
      queuedPhone: r.queued_phone,
    }));
  }

  /** Queued contacts the service may or may not have yet (we never saw them there), by phone. */
  unknownPhones(profile: string): Map<string, string> {
    // Live contacts come first: should a purged one share their number, the number stays theirs.
    const byPhone = new Map<string, string>();
    for (const r of this.s.unknown.all({ profile }))
      if (!byPhone.has(r.phone)) byPhone.set(r.phone, r.contact_id);
    return byPhone;
  }

  done(profile: string, contactId: string, version: number): void {
    this.s.done.run(profile, contactId, version);
  }

  /** Kept, but not sent again until the contact changes (the fold clears the mark). */
  reject(profile: string, contactId: string, version: number, code: string, message: string): void {
    this.s.reject.run(code, message, profile, contactId, version);
  }

  /** As `reject`, for a contact not queued (the push found it by other means); version 0 so any change replaces it. */
  setAside(profile: string, contactId: string, phone: string, code: string, message: string): void {
    this.s.setAside.run(profile, contactId, phone, code, message);
  }

  countsByList(profile: string): Map<string, ListCounts> {
    return new Map(
      this.s.counts.all(profile).map((r) => [
        r.list_id,
        {
          pending: r.pending,
          rejected: r.rejected,
          rejectedReason: r.reason,
          optOutsKept: r.kept,
          optOutsKeptReason: r.kept_reason,
        },
      ]),
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
