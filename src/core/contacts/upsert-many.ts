import type { Database } from '../db/open-database';
import { ContactIdSource } from './contact-ids';
import { CHANGES, FILE_ROWS, fileRow, MERGED } from './contact-merge';
import type { SearchIndex } from './search/search-index';
import { cleanName, sortKeyOf } from '../../shared/sort-key';
import type { SyncLog } from './sync-log';
import type { OnDuplicate, UpdatePreview, UpsertCounts, UpsertRow } from './types';
import { isLandline } from '../../shared/phone-line';
import { birthdayNumber } from '../../shared/birthday';

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

/** Contacts of a chunk (a JSON array of seqs) not in the list yet: the ones joining it. */
const JOINING = `FROM json_each(?) j CROSS JOIN contacts c ON c.seq = j.value
  WHERE NOT EXISTS (SELECT 1 FROM contact_lists cl WHERE cl.list_id = ? AND cl.contact_id = c.id)`;

export interface UpsertOptions {
  /** ms; dates the new contacts' ids (the time of `at` unless given). */
  now?: number;
  /** The new contacts are left to the search index's catch-up (SearchIndex.flush). */
  deferIndex?: boolean;
  /**
   * The import whose undo journal (migration 0017) keeps what this call
   * changes: existing contacts as they were, and the ones joining the list.
   */
  journal?: string;
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
      // The merge rule (contact-merge.ts): a blank name or e-mail keeps the contact's; fields merge.
      update: db
        .prepare<[string, string], number>(
          `UPDATE contacts AS c SET name = ${MERGED.name}, sort_key = ${MERGED.sortKey},
             email = ${MERGED.email}, fields = ${MERGED.fields}, birth_md = ${MERGED.birthMd},
             birth_year = ${MERGED.birthYear}, updated_at = ?
           FROM ${FILE_ROWS} WHERE c.seq = b.seq AND ${CHANGES} RETURNING seq`,
        )
        .pluck(),
      // The same rows, before the update: the undo journal's copy of what it is about to change.
      journalUpdates: db.prepare<[string, string]>(
        `INSERT OR IGNORE INTO import_journal_contacts
           (import_id, seq, name, sort_key, email, fields, birth_md, birth_year, updated_at)
         SELECT ?, c.seq, c.name, c.sort_key, c.email, c.fields, c.birth_md, c.birth_year, c.updated_at
         FROM ${FILE_ROWS} CROSS JOIN contacts c ON c.seq = b.seq WHERE ${CHANGES}`,
      ),
      // The same rows again, for the review: which contacts the update would change...
      changing: db
        .prepare<[string], string>(
          `SELECT c.phone FROM ${FILE_ROWS} CROSS JOIN contacts c ON c.seq = b.seq WHERE ${CHANGES}`,
        )
        .pluck(),
      // ...and each one as it is and as the update would leave it.
      preview: db.prepare<[string], UpdatePreview>(
        `SELECT c.phone, c.name, c.email, c.fields, ${MERGED.name} AS newName,
           ${MERGED.email} AS newEmail, ${MERGED.fields} AS newFields, c.birth_md, c.birth_year,
           ${MERGED.birthMd} AS newBirthMd, ${MERGED.birthYear} AS newBirthYear
         FROM ${FILE_ROWS} CROSS JOIN contacts c ON c.seq = b.seq WHERE ${CHANGES}`,
      ),
      maxSeq: db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM contacts').pluck(),
      // [id, name, sort_key, phone, email, fields, landline, birth_md, birth_year]. No RETURNING: the
      // new rows are the seqs above `before`.
      insert: db.prepare<[string, string, string, string]>(
        `INSERT INTO contacts (id, profile, name, sort_key, phone, email, fields, landline, birth_md, birth_year,
           created_at, updated_at)
         SELECT value ->> 0, ?, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6,
           value ->> 7, value ->> 8, ?, ?
         FROM json_each(?)`,
      ),
      touchJoining: db.prepare<[string, string]>(
        `INSERT OR IGNORE INTO temp.contacts_touched (seq) SELECT c.seq ${JOINING}`,
      ),
      journalJoining: db.prepare<[string, string, string]>(
        `INSERT OR IGNORE INTO import_journal_members (import_id, seq) SELECT ?, c.seq ${JOINING}`,
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
   * whole file. `updated` counts the contacts whose values changed; an
   * existing contact the rows leave as it is counts as skipped.
   */
  run(
    profile: string,
    rows: readonly UpsertRow[],
    onDuplicate: OnDuplicate,
    listId: string | undefined,
    at: string,
    options: UpsertOptions = {},
  ): UpsertCounts {
    const s = this.s;
    const { journal } = options;
    const byPhone = uniquePhones(rows);
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
    const existing = this.existing(profile, phones);

    let updated = 0;
    if (onDuplicate === 'update' && existing.size > 0) {
      for (const batch of chunks([...existing])) {
        const json = JSON.stringify(batch.map(([phone, seq]) => fileRow(seq, byPhone.get(phone)!)));
        if (journal !== undefined) s.journalUpdates.run(journal, json);
        const changed = s.update.all(at, json);
        updated += changed.length;
        this.index.touchSeqs(changed);
      }
    }

    const before = s.maxSeq.get()!;
    const fresh = existing.size === 0 ? phones : phones.filter((phone) => !existing.has(phone));
    // Ids a chunk at a time: held for the whole call, 10,000 of them outlived V8's nursery.
    const ids = new ContactIdSource(options.now ?? Date.parse(at));
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
          // The import refuses fixed lines; one from the service's contact list is kept, marked.
          isLandline(r.phone) ? 1 : 0,
          r.birthday ? birthdayNumber(r.birthday) : null,
          r.birthday?.year ?? null,
        ];
      }
      imported += s.insert.run(profile, at, at, JSON.stringify(json)).changes;
    }

    let joined = 0;
    if (listId !== undefined) {
      for (const batch of chunks([...existing.values()])) {
        const json = JSON.stringify(batch);
        s.touchJoining.run(json, listId);
        if (journal !== undefined) s.journalJoining.run(journal, json, listId);
        joined += s.joinExisting.run(listId, at, json).changes;
      }
      if (imported > 0) s.joinNew.run(listId, at, before);
    }
    this.sync.recordTouched(profile, at);
    if (imported > 0) this.sync.recordFresh(profile, at, before + 1);
    this.index.flush(imported > 0 ? before + 1 : undefined, options.deferIndex);

    const repeated = rows.length - byPhone.size;
    return { imported, updated, skipped: existing.size - updated + repeated, joined };
  }

  /** The phones of the existing contacts `run` with 'update' would change; nothing is written. */
  changing(profile: string, rows: readonly UpsertRow[]): Set<string> {
    const phones = new Set<string>();
    for (const json of this.fileRows(profile, rows))
      for (const phone of this.s.changing.all(json)) phones.add(phone);
    return phones;
  }

  /**
   * What `run` with 'update' would change, writing nothing: each existing
   * contact the rows would change, as it is and as it would be.
   */
  preview(profile: string, rows: readonly UpsertRow[]): UpdatePreview[] {
    return [...this.fileRows(profile, rows)].flatMap((json) => this.s.preview.all(json));
  }

  /** The rows of existing contacts, as FILE_ROWS parameters (a chunk each). */
  private *fileRows(profile: string, rows: readonly UpsertRow[]): Generator<string> {
    const byPhone = uniquePhones(rows);
    for (const batch of chunks([...this.existing(profile, [...byPhone.keys()])])) {
      yield JSON.stringify(batch.map(([phone, seq]) => fileRow(seq, byPhone.get(phone)!)));
    }
  }

  /** The live contacts holding these phones: phone -> seq. */
  private existing(profile: string, phones: readonly string[]): Map<string, number> {
    const found = new Map<string, number>();
    for (const batch of chunks(phones)) {
      for (const r of this.s.existing.all(JSON.stringify(batch), profile)) found.set(r.phone, r.seq);
    }
    return found;
  }
}

/** The rows by phone; a phone repeated in them keeps its first row. */
function uniquePhones(rows: readonly UpsertRow[]): Map<string, UpsertRow> {
  const byPhone = new Map<string, UpsertRow>();
  for (const row of rows) if (!byPhone.has(row.phone)) byPhone.set(row.phone, row);
  return byPhone;
}
