import type { Database } from '../db/open-database';
import { fieldFailure, notFound } from './contact-errors';
import type { SearchIndex } from './search/search-index';
import { cleanName, listNameKey } from '../../shared/sort-key';
import type { SyncLog } from './sync-log';
import type { ListRow } from './types';

export const LIST_NAME = { min: 2, max: 20 } as const;

interface ListRecord {
  id: string;
  name: string;
  count: number;
  created_at: string;
  updated_at: string;
}

const toList = (r: ListRecord): ListRow => ({
  id: r.id,
  name: r.name,
  count: r.count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Lists and memberships. Callers run each method in a transaction and flush the index. */
export class ContactLists {
  private readonly s;

  constructor(
    db: Database,
    private readonly index: SearchIndex,
    private readonly sync: SyncLog,
  ) {
    // Live members, counted in the search index (a list is a tag there): no row lookups.
    const withCount = `SELECT l.id, l.name, l.created_at, l.updated_at,
      (SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH 'tags : "l' || replace(l.id, '-', '') || '"')
        AS count FROM lists l`;
    this.s = {
      all: db.prepare<[string], ListRecord>(`${withCount} WHERE l.profile = ? ORDER BY l.name_key`),
      one: db.prepare<[string, string], ListRecord>(`${withCount} WHERE l.profile = ? AND l.id = ?`),
      byKey: db.prepare<[string, string], ListRecord>(`${withCount} WHERE l.profile = ? AND l.name_key = ?`),
      insert: db.prepare<[string, string, string, string, string, string]>(
        `INSERT INTO lists (id, profile, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      rename: db.prepare<[string, string, string, string, string]>(
        'UPDATE lists SET name = ?, name_key = ?, updated_at = ? WHERE profile = ? AND id = ?',
      ),
      remove: db.prepare<[string, string]>('DELETE FROM lists WHERE profile = ? AND id = ?'),
      // RETURNING gives the memberships that really changed (OR IGNORE skips the others).
      add: db
        .prepare<[string, string, string, string], string>(
          `INSERT OR IGNORE INTO contact_lists (list_id, contact_id, added_at)
           SELECT ?, c.id, ? FROM json_each(?) j CROSS JOIN contacts c ON c.id = j.value
           WHERE c.profile = ? AND c.deleted_at IS NULL RETURNING contact_id`,
        )
        .pluck(),
      removeMembers: db
        .prepare<[string, string, string], string>(
          `DELETE FROM contact_lists WHERE list_id = ? AND contact_id IN (
             SELECT c.id FROM json_each(?) j CROSS JOIN contacts c ON c.id = j.value WHERE c.profile = ?)
           RETURNING contact_id`,
        )
        .pluck(),
      members: db.prepare<[string], string>('SELECT contact_id FROM contact_lists WHERE list_id = ?').pluck(),
      touch: db.prepare<[string, string]>('UPDATE lists SET updated_at = ? WHERE id = ?'),
    };
  }

  all(profile: string): ListRow[] {
    return this.s.all.all(profile).map(toList);
  }

  get(profile: string, id: string): ListRow | undefined {
    const r = this.s.one.get(profile, id);
    return r && toList(r);
  }

  /** By name, ignoring case (as uniqueness does): for the CLI's --list NAME. */
  findByName(profile: string, name: string): ListRow | undefined {
    const r = this.s.byKey.get(profile, listNameKey(name));
    return r && toList(r);
  }

  /** Throws unless the list exists in the profile. */
  require(profile: string, id: string): ListRow {
    const list = this.get(profile, id);
    if (!list) throw notFound('list');
    return list;
  }

  create(profile: string, rawName: string, at: string): ListRow {
    const name = this.checkName(profile, rawName);
    const id = crypto.randomUUID();
    this.s.insert.run(id, profile, name, listNameKey(name), at, at);
    this.sync.record(profile, 'list', id, 'upsert', at);
    return this.require(profile, id);
  }

  rename(profile: string, id: string, rawName: string, at: string): ListRow {
    this.require(profile, id);
    const name = this.checkName(profile, rawName, id);
    this.s.rename.run(name, listNameKey(name), at, profile, id);
    this.sync.record(profile, 'list', id, 'upsert', at);
    return this.require(profile, id);
  }

  /**
   * The contacts stay; they only leave the list. The service drops a deleted
   * list's memberships itself, so only the list is recorded for sync.
   */
  delete(profile: string, id: string, at: string): void {
    this.require(profile, id);
    this.index.touchIds(this.s.members.all(id));
    this.s.remove.run(profile, id);
    this.sync.record(profile, 'list', id, 'delete', at);
  }

  /** Returns how many were not in the list yet. Unknown, other profiles' or deleted contacts are ignored. */
  addContacts(profile: string, listId: string, contactIds: readonly string[], at: string): number {
    this.require(profile, listId);
    return this.changed(profile, listId, this.s.add.all(listId, at, JSON.stringify(contactIds), profile), at);
  }

  /** Returns how many were in the list. */
  removeContacts(profile: string, listId: string, contactIds: readonly string[], at: string): number {
    this.require(profile, listId);
    return this.changed(
      profile,
      listId,
      this.s.removeMembers.all(listId, JSON.stringify(contactIds), profile),
      at,
    );
  }

  private changed(profile: string, listId: string, contactIds: string[], at: string): number {
    if (contactIds.length > 0) {
      this.index.touchIds(contactIds);
      this.sync.recordMany(profile, 'contact', contactIds, 'upsert', at);
      this.s.touch.run(at, listId);
    }
    return contactIds.length;
  }

  private checkName(profile: string, rawName: string, renaming?: string): string {
    const name = cleanName(rawName);
    const length = [...name].length;
    if (length < LIST_NAME.min || length > LIST_NAME.max) {
      throw fieldFailure(
        'name',
        `A list name has ${LIST_NAME.min} to ${LIST_NAME.max} characters`,
        'list_name_length',
      );
    }
    const clash = this.s.byKey.get(profile, listNameKey(name));
    if (clash && clash.id !== renaming) {
      throw fieldFailure('name', `There is already a list called "${clash.name}"`, 'duplicate_list_name');
    }
    return name;
  }
}
