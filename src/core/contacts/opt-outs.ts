import type { Database } from '../db/open-database';
import type { SearchIndex } from './search/search-index';
import type { SyncLog } from './sync-log';
import type { OptOutRow, OptOutSource, OptOutTargets } from './types';

interface OptOutRecord {
  phone: string;
  source: OptOutSource;
  note: string | null;
  created_at: string;
  contact_id: string | null;
  contact_name: string | null;
}

const toOptOut = (r: OptOutRecord): OptOutRow => ({
  phone: r.phone,
  source: r.source,
  note: r.note,
  createdAt: r.created_at,
  contact: r.contact_id === null ? null : { id: r.contact_id, name: r.contact_name ?? '' },
});

/**
 * The opt-out list: numbers, not contacts, so an opt-out outlives the
 * contact and applies again when the number is imported later. The first
 * opt-out of a number is kept (its date and source are the ones that matter).
 */
export class OptOuts {
  private readonly s;

  constructor(
    db: Database,
    private readonly index: SearchIndex,
    private readonly sync: SyncLog,
  ) {
    const page = `FROM opt_outs o LEFT JOIN contacts c
      ON c.profile = o.profile AND c.phone = o.phone AND c.deleted_at IS NULL
      WHERE o.profile = ? AND (? = '' OR o.phone LIKE '%' || ? || '%')`;
    this.s = {
      add: db
        .prepare<[string, string, string, string | null, string], string>(
          `INSERT OR IGNORE INTO opt_outs (profile, phone, created_at, source, note)
           SELECT ?, j.value, ?, ?, ? FROM json_each(?) j WHERE true RETURNING phone`,
        )
        .pluck(),
      phonesOf: db
        .prepare<[string, string], string>(
          `SELECT c.phone FROM json_each(?) j CROSS JOIN contacts c ON c.id = j.value
           WHERE c.profile = ? AND c.deleted_at IS NULL`,
        )
        .pluck(),
      remove: db
        .prepare<[string, string], string>(
          `DELETE FROM opt_outs WHERE profile = ? AND phone IN (SELECT value FROM json_each(?)) RETURNING phone`,
        )
        .pluck(),
      liveContactsOf: db
        .prepare<[string, string], string>(
          `SELECT c.id FROM json_each(?) j CROSS JOIN contacts c
           ON c.profile = ? AND c.phone = j.value AND c.deleted_at IS NULL`,
        )
        .pluck(),
      count: db.prepare<[string, string, string], number>(`SELECT count(*) ${page}`).pluck(),
      page: db.prepare<[string, string, string, number, number], OptOutRecord>(
        `SELECT o.phone, o.source, o.note, o.created_at, c.id AS contact_id, c.name AS contact_name ${page}
         ORDER BY o.created_at DESC, o.phone LIMIT ? OFFSET ?`,
      ),
      has: db
        .prepare<[string, string], number>('SELECT 1 FROM opt_outs WHERE profile = ? AND phone = ?')
        .pluck(),
    };
  }

  /**
   * Phones must be E.164 already. Returns how many were new and how many were already out, and
   * every number the targets name (their consent is withdrawn with them).
   */
  add(
    profile: string,
    targets: OptOutTargets,
    source: OptOutSource,
    note: string | null,
    at: string,
  ): { added: number; already: number; phones: string[] } {
    const phones = new Set(targets.phones ?? []);
    if (targets.contactIds?.length) {
      for (const phone of this.s.phonesOf.all(JSON.stringify(targets.contactIds), profile)) phones.add(phone);
    }
    const added = this.s.add.all(profile, at, source, note, JSON.stringify([...phones]));
    this.index.touchPhones(profile, added);
    return { added: added.length, already: phones.size - added.length, phones: [...phones] };
  }

  /**
   * The numbers may receive messages again. Their contacts are logged for
   * sync: the push puts them back on the service's synced lists, which the
   * opt-out had taken them off (an opt-out itself is not logged: its removal
   * from the service's lists is done by the sync, and a logged change would
   * keep the service's later edits of the contact from being pulled).
   */
  remove(profile: string, phones: readonly string[], at: string): number {
    const removed = this.s.remove.all(profile, JSON.stringify(phones));
    this.index.touchPhones(profile, removed);
    if (removed.length > 0) {
      const contacts = this.s.liveContactsOf.all(JSON.stringify(removed), profile);
      this.sync.recordMany(profile, 'contact', contacts, 'upsert', at);
    }
    return removed.length;
  }

  /** Newest first; `digits` (optional) keeps numbers containing them. */
  list(profile: string, offset: number, limit: number, digits = ''): { rows: OptOutRow[]; total: number } {
    const total = this.s.count.get(profile, digits, digits) ?? 0;
    const rows = offset < total ? this.s.page.all(profile, digits, digits, limit, offset).map(toOptOut) : [];
    return { rows, total };
  }

  isOptedOut(profile: string, phone: string): boolean {
    return this.s.has.get(profile, phone) === 1;
  }
}
