import type { Database } from '../../db/open-database';
import { ValueIndex } from '../values/value-index';

/**
 * What the search index (`contacts_fts`, migration 0008) holds for a contact,
 * computed from the tables. Keep in step with 0008's initial fill.
 *
 * - name, email: as stored (the tokenizer folds case and accents).
 * - phones: the number in the forms people start typing it from. A Brazilian
 *   number: national digits (11987654321) and last 8 (87654321); the query
 *   side derives the other forms from these (search-query.ts: `+55 11 9...`
 *   drops the 55, `98765-43` drops the mobile's 9, `011 ...` the 0), which
 *   halves the index work of an import compared with indexing E.164 and last
 *   9 too. Another country's number: E.164 digits, the digits after a 1-, 2-
 *   or 3-digit country code (one of them is its national number), last 8.
 * - tags: what the filters match, as tokens: the profile (`p` + hex), each
 *   list (`l` + its uuid's hex digits) and `optout` when the number opted out.
 *   Putting them in the index lets one FTS query count a filtered search
 *   without visiting the rows.
 */
export const INDEX_SOURCE_SQL = `
  SELECT c.seq, c.name, c.email,
    CASE WHEN c.phone GLOB '+55*' THEN substr(c.phone, 4)
         ELSE substr(c.phone, 2) || ' ' || substr(c.phone, 3) || ' ' || substr(c.phone, 4) || ' ' || substr(c.phone, 5)
    END || ' ' || substr(c.phone, -8),
    'p' || lower(hex(c.profile))
    || coalesce((SELECT ' ' || group_concat('l' || replace(cl.list_id, '-', ''), ' ')
                 FROM contact_lists cl WHERE cl.contact_id = c.id), '')
    || CASE WHEN EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = c.profile AND o.phone = c.phone)
            THEN ' optout' ELSE '' END
  FROM contacts c`;

const INSERT_INDEX_ROWS = `INSERT INTO contacts_fts (rowid, name, email, phones, tags) ${INDEX_SOURCE_SQL}`;

/** Contacts (seqs) the catch-up indexes per savepoint: FTS5 holds their terms in memory until it ends. */
const CATCH_UP_SLICE = 2_000;

/** A touched contact the index holds: not in a deferred range (migration 0015), so it has an index row to redo. */
const TOUCHED_INDEXED = `SELECT t.seq FROM temp.contacts_touched t WHERE t.seq < ?
  AND NOT EXISTS (SELECT 1 FROM search_backlog b WHERE t.seq BETWEEN b.from_seq AND b.to_seq)`;

/**
 * Keeps `contacts_fts` in step with contacts, memberships and opt-outs. The
 * repo marks the contacts a change touched (`touch*`) and calls `flush()`
 * before its transaction ends: the index is rewritten for all of them in two
 * statements, which is what makes a 100,000-row import fast (FTS5 writes its
 * pending terms at each statement, so one row per statement would be slow).
 * Contacts a transaction created are not marked one by one: `flush(freshFrom)`
 * indexes every contact from that seq on, by range. Every writer of these
 * tables goes through the contacts repo; a test checks the index against the
 * tables after each kind of change.
 *
 * A large import defers its new contacts instead (`flush(freshFrom, true)`):
 * their range goes to `search_backlog`, the import commits a third sooner,
 * and `catchUp()` indexes them afterwards, in its own transaction, from
 * whatever the tables say by then. Until then a touched contact inside a
 * range is left alone (it has no index row; the catch-up reads its latest
 * state), and search waits for the catch-up (search-catch-up.ts).
 */
export class SearchIndex {
  private readonly statements;
  /** The contacts' typed values (segments), kept on this index's schedule. */
  readonly values: ValueIndex;

  constructor(private readonly db: Database) {
    // Per connection, in memory: the set of contacts whose index row is stale.
    db.exec('CREATE TEMP TABLE IF NOT EXISTS contacts_touched (seq INTEGER PRIMARY KEY)');
    this.statements = {
      touchSeq: db.prepare<[number]>('INSERT OR IGNORE INTO temp.contacts_touched (seq) VALUES (?)'),
      touchSeqs: db.prepare<[string]>(
        'INSERT OR IGNORE INTO temp.contacts_touched (seq) SELECT value FROM json_each(?)',
      ),
      touchIds: db.prepare<[string]>(
        `INSERT OR IGNORE INTO temp.contacts_touched (seq)
         SELECT c.seq FROM json_each(?) j CROSS JOIN contacts c ON c.id = j.value`,
      ),
      touchPhones: db.prepare<[string, string]>(
        `INSERT OR IGNORE INTO temp.contacts_touched (seq)
         SELECT c.seq FROM json_each(?) j CROSS JOIN contacts c ON c.profile = ? AND c.phone = j.value`,
      ),
      anyTouched: db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM temp.contacts_touched)').pluck(),
      remove: db.prepare<[number]>(`DELETE FROM contacts_fts WHERE rowid IN (${TOUCHED_INDEXED})`),
      insertTouched: db.prepare<[number]>(
        `${INSERT_INDEX_ROWS} WHERE c.seq IN (${TOUCHED_INDEXED}) AND c.deleted_at IS NULL`,
      ),
      // A range of the rowid: no lookups in the touched set, and no index row to remove first.
      insertFresh: db.prepare<[number]>(`${INSERT_INDEX_ROWS} WHERE c.seq >= ? AND c.deleted_at IS NULL`),
      insertRange: db.prepare<[number, number]>(
        `${INSERT_INDEX_ROWS} WHERE c.seq BETWEEN ? AND ? AND c.deleted_at IS NULL`,
      ),
      clear: db.prepare('DELETE FROM temp.contacts_touched'),
      lastSeq: db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM contacts').pluck(),
      // An import defers a chunk at a time: each chunk's range starts right after the last one's.
      extendBacklog: db.prepare<[number, number]>(
        'UPDATE search_backlog SET to_seq = ? WHERE to_seq = ? - 1',
      ),
      addBacklog: db.prepare<[number, number]>('INSERT INTO search_backlog (from_seq, to_seq) VALUES (?, ?)'),
      anyBacklog: db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM search_backlog)').pluck(),
      backlog: db.prepare<[], { from_seq: number; to_seq: number }>(
        'SELECT from_seq, to_seq FROM search_backlog ORDER BY from_seq',
      ),
      clearBacklog: db.prepare('DELETE FROM search_backlog'),
    };
    this.values = new ValueIndex(db, TOUCHED_INDEXED);
  }

  touchSeq(seq: number): void {
    this.statements.touchSeq.run(seq);
  }

  touchSeqs(seqs: readonly number[]): void {
    if (seqs.length > 0) this.statements.touchSeqs.run(JSON.stringify(seqs));
  }

  touchIds(ids: readonly string[]): void {
    if (ids.length > 0) this.statements.touchIds.run(JSON.stringify(ids));
  }

  touchPhones(profile: string, phones: readonly string[]): void {
    if (phones.length > 0) this.statements.touchPhones.run(JSON.stringify(phones), profile);
  }

  /**
   * Rewrites the index rows of every touched contact (a deleted one simply
   * loses its row). Call inside the transaction of the change, which also
   * rolls back the touched set if it fails. `freshFrom`: every contact from
   * this seq on was inserted by this transaction, so it has no row to remove
   * and is indexed without being touched (seq is AUTOINCREMENT: never
   * reused); with `deferFresh` they are left to `catchUp()` instead.
   * Statements that would find nothing are not run: each one makes FTS5
   * write out its pending terms, and an import calls this once per chunk.
   */
  flush(freshFrom = Number.MAX_SAFE_INTEGER, deferFresh = false): void {
    const s = this.statements;
    if (s.anyTouched.get() === 1) {
      s.remove.run(freshFrom);
      s.insertTouched.run(freshFrom);
      this.values.rewriteTouched(freshFrom);
      s.clear.run();
    }
    if (freshFrom === Number.MAX_SAFE_INTEGER) return;
    if (!deferFresh) {
      s.insertFresh.run(freshFrom);
      this.values.addFrom(freshFrom);
      return;
    }
    const last = s.lastSeq.get()!;
    if (last < freshFrom) return;
    if (s.extendBacklog.run(last, freshFrom).changes === 0) s.addBacklog.run(freshFrom, last);
  }

  /** Whether some contacts wait for `catchUp()` (search would miss them). */
  get behind(): boolean {
    return this.statements.anyBacklog.get() === 1;
  }

  /**
   * Indexes every deferred contact still there, as the tables have it now,
   * and empties the backlog; returns how many were indexed. Call inside a
   * write transaction: the index and the backlog change together.
   */
  catchUp(): number {
    const s = this.statements;
    let indexed = 0;
    // A savepoint per slice: FTS5 writes its pending terms out at each release, instead of holding
    // a whole import's (up to its 16 MB hashsize) in memory.
    const slice = this.db.transaction((from: number, to: number) => {
      this.values.addRange(from, to);
      return s.insertRange.run(from, to).changes;
    });
    for (const range of s.backlog.all()) {
      for (let from = range.from_seq; from <= range.to_seq; from += CATCH_UP_SLICE) {
        indexed += slice(from, Math.min(range.to_seq, from + CATCH_UP_SLICE - 1));
      }
    }
    s.clearBacklog.run();
    return indexed;
  }
}
