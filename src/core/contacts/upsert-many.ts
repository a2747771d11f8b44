import type { Database } from '../db/open-database';
import { ContactIdSource } from './contact-ids';
import type { SearchIndex } from './search-index';
import { cleanName, sortKeyOf } from './sort-key';
import type { SyncLog } from './sync-log';
import type { OnDuplicate, UpsertCounts, UpsertRow } from './types';

/**
 * Rows per statement. A chunk's JSON and arrays are garbage the moment its
 * statement ran, but built 10,000 at a time they lived long enough for V8
 * to move them to the old generation, which held some 20 MB of them by the
 * end of an import; 1,000 at a time cost the insert some 10% more time.
 * (The search index is written once per call, not per chunk.)
 */
const CHUNK = 1_000;

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}

/**
 * The bulk write behind the import. Rows travel to SQLite as JSON, 1,000
 * per statement, and every step is one set-based statement per chunk:
 * find existing contacts by phone, update (only those that change) or skip
 * them, insert the new ones, add memberships, log for sync, index them.
 * New contacts are never marked one by one: they are the seqs above the
 * largest one before the insert, and the sync log and the search index take
 * them as that range. The caller runs it inside one transaction.
 */
export class UpsertMany {
  private readonly s;

  constructor(
    db: Database,
    private readonly index: SearchIndex,
    private readonly sync: SyncLog,
  ) {
    this.s = {
      // `+profile`: the partial index of hidden contacts answers this; the profile's index would read every contact.
      anyHidden: db
        .prepare<[string], number>(
          'SELECT EXISTS (SELECT 1 FROM contacts WHERE deleted_at IS NOT NULL AND +profile = ?)',
        )
        .pluck(),
      purgeHidden: db
        .prepare<[string, string], string>(
          `DELETE FROM contacts WHERE profile = ? AND deleted_at IS NOT NULL
           AND phone IN (SELECT value FROM json_each(?)) RETURNING id`,
        )
        .pluck(),
      existing: db.prepare<[string, string], { phone: string; seq: number }>(
        `SELECT c.phone, c.seq FROM json_each(?) j CROSS JOIN contacts c
         ON c.profile = ? AND c.phone = j.value AND c.deleted_at IS NULL`,
      ),
      // [seq, name, sort_key, email, fields]: a blank name or e-mail keeps the contact's; fields merge.
      update: db
        .prepare<[string, string], number>(
          `UPDATE contacts AS c SET
             name = CASE WHEN b.name <> '' THEN b.name ELSE c.name END,
             sort_key = CASE WHEN b.name <> '' THEN b.sort_key ELSE c.sort_key END,
             email = coalesce(b.email, c.email),
             fields = json_patch(c.fields, b.fields),
             updated_at = ?
           FROM (SELECT value ->> 0 AS seq, value ->> 1 AS name, value ->> 2 AS sort_key,
                        value ->> 3 AS email, value ->> 4 AS fields FROM json_each(?)) AS b
           WHERE c.seq = b.seq AND (
             (b.name <> '' AND b.name IS NOT c.name) OR (b.email IS NOT NULL AND b.email IS NOT c.email)
             OR json_patch(c.fields, b.fields) <> c.fields)
           RETURNING seq`,
        )
        .pluck(),
      maxSeq: db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM contacts').pluck(),
      // [id, name, sort_key, phone, email, fields]. No RETURNING: the new rows are the seqs above `before`.
      insert: db.prepare<[string, string, string, string]>(
        `INSERT INTO contacts (id, profile, name, sort_key, phone, email, fields, created_at, updated_at)
         SELECT value ->> 0, ?, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, ?, ?
         FROM json_each(?)`,
      ),
      touchJoining: db.prepare<[string, string]>(
        `INSERT OR IGNORE INTO temp.contacts_touched (seq)
         SELECT c.seq FROM json_each(?) j CROSS JOIN contacts c ON c.seq = j.value
         WHERE NOT EXISTS (SELECT 1 FROM contact_lists cl WHERE cl.list_id = ? AND cl.contact_id = c.id)`,
      ),
      joinExisting: db.prepare<[string, string, string]>(
        `INSERT OR IGNORE INTO contact_lists (list_id, contact_id, added_at)
         SELECT ?, c.id, ? FROM json_each(?) j CROSS JOIN contacts c ON c.seq = j.value`,
      ),
      joinNew: db.prepare<[string, string, number]>(
        `INSERT OR IGNORE INTO contact_lists (list_id, contact_id, added_at)
         SELECT ?, id, ? FROM contacts WHERE seq > ?`,
      ),
    };
  }

  /**
   * Rows must carry E.164 phones (the import plan's do). With a list, every
   * row's contact ends up in it, skipped ones included: the list holds the
   * whole file. `now` (ms) dates the new contacts' ids. `deferIndex`: the
   * new contacts are left to the search index's catch-up (SearchIndex.flush).
   */
  run(
    profile: string,
    rows: readonly UpsertRow[],
    onDuplicate: OnDuplicate,
    listId: string | undefined,
    at: string,
    now: number = Date.parse(at),
    deferIndex = false,
  ): UpsertCounts {
    const s = this.s;
    // A phone repeated in the rows: the first occurrence wins.
    const byPhone = new Map<string, UpsertRow>();
    for (const row of rows) if (!byPhone.has(row.phone)) byPhone.set(row.phone, row);
    const phones = [...byPhone.keys()];

    // A contact deleted a moment ago (still undoable) gives its number back to the import.
    if (s.anyHidden.get(profile) === 1) {
      for (const batch of chunks(phones)) {
        this.sync.recordMany(
          profile,
          'contact',
          s.purgeHidden.all(profile, JSON.stringify(batch)),
          'delete',
          at,
        );
      }
    }
    const existing = new Map<string, number>();
    for (const batch of chunks(phones)) {
      for (const r of s.existing.all(JSON.stringify(batch), profile)) existing.set(r.phone, r.seq);
    }

    if (onDuplicate === 'update' && existing.size > 0) {
      for (const batch of chunks([...existing])) {
        const json = batch.map(([phone, seq]) => {
          const r = byPhone.get(phone)!;
          const name = cleanName(r.name);
          return [seq, name, sortKeyOf(name), r.email || null, JSON.stringify(r.fields ?? {})];
        });
        this.index.touchSeqs(s.update.all(at, JSON.stringify(json)));
      }
    }

    const before = s.maxSeq.get()!;
    const fresh = existing.size === 0 ? phones : phones.filter((phone) => !existing.has(phone));
    // Ids a chunk at a time: held for the whole call, 10,000 of them outlived V8's nursery.
    const ids = new ContactIdSource(now);
    let imported = 0;
    for (let start = 0; start < fresh.length; start += CHUNK) {
      const end = Math.min(start + CHUNK, fresh.length);
      const chunkIds = ids.next(end - start);
      const json = new Array<unknown[]>(end - start);
      for (let i = start; i < end; i++) {
        const r = byPhone.get(fresh[i]!)!;
        const name = cleanName(r.name);
        json[i - start] = [
          chunkIds[i - start],
          name,
          sortKeyOf(name),
          r.phone,
          r.email || null,
          JSON.stringify(r.fields ?? {}),
        ];
      }
      imported += s.insert.run(profile, at, at, JSON.stringify(json)).changes;
    }

    if (listId !== undefined) {
      for (const batch of chunks([...existing.values()])) {
        const json = JSON.stringify(batch);
        s.touchJoining.run(json, listId);
        s.joinExisting.run(listId, at, json);
      }
      if (imported > 0) s.joinNew.run(listId, at, before);
    }
    this.sync.recordTouched(profile, at);
    if (imported > 0) this.sync.recordFresh(profile, at, before + 1);
    this.index.flush(imported > 0 ? before + 1 : undefined, deferIndex);

    const repeated = rows.length - byPhone.size;
    return onDuplicate === 'update'
      ? { imported, updated: existing.size, skipped: repeated }
      : { imported, updated: 0, skipped: existing.size + repeated };
  }
}
