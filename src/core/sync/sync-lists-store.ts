import type { SyncErrorCode, SyncErrorView } from '../../shared/dto/sync';
import type { Database } from '../db/open-database';

/** One opted-in (or formerly opted-in) list, as `sync_lists` (migration 0010) keeps it. */
export interface SyncListRow {
  listId: string;
  enabled: boolean;
  remoteId: string | null;
  /** The name the service's list has, as last read or set. */
  remoteName: string | null;
  /** Last page merged by an unfinished pull; 0 when none is under way. */
  pullPage: number;
  pulledAt: string | null;
  syncedAt: string | null;
  error: SyncErrorView | null;
  /** The local list's name now; null once the local list was deleted. */
  localName: string | null;
}

interface Record {
  list_id: string;
  enabled: number;
  remote_id: string | null;
  remote_name: string | null;
  pull_page: number;
  pulled_at: string | null;
  synced_at: string | null;
  error_code: string | null;
  error_detail: string | null;
  error_at: string | null;
  local_name: string | null;
}

const toRow = (r: Record): SyncListRow => ({
  listId: r.list_id,
  enabled: r.enabled === 1,
  remoteId: r.remote_id,
  remoteName: r.remote_name,
  pullPage: r.pull_page,
  pulledAt: r.pulled_at,
  syncedAt: r.synced_at,
  error:
    r.error_code === null
      ? null
      : { code: r.error_code as SyncErrorCode, detail: r.error_detail ?? '', at: r.error_at ?? '' },
  localName: r.local_name,
});

/** Which lists sync, what they are linked to on the service, and how far their last sync got. */
export class SyncListsStore {
  private readonly s;

  constructor(db: Database) {
    const select = `SELECT sl.*, l.name AS local_name FROM sync_lists sl
      LEFT JOIN lists l ON l.id = sl.list_id AND l.profile = sl.profile`;
    this.s = {
      all: db.prepare<[string], Record>(`${select} WHERE sl.profile = ? ORDER BY sl.list_id`),
      one: db.prepare<[string, string], Record>(`${select} WHERE sl.profile = ? AND sl.list_id = ?`),
      setEnabled: db.prepare<[string, string, number]>(
        `INSERT INTO sync_lists (profile, list_id, enabled) VALUES (?, ?, ?)
         ON CONFLICT (profile, list_id) DO UPDATE SET enabled = excluded.enabled,
           error_code = NULL, error_detail = NULL, error_at = NULL`,
      ),
      link: db.prepare<[string, string, string, string]>(
        'UPDATE sync_lists SET remote_id = ?, remote_name = ? WHERE profile = ? AND list_id = ?',
      ),
      unlink: db.prepare<[string, string]>(
        'UPDATE sync_lists SET remote_id = NULL, remote_name = NULL WHERE profile = ? AND remote_id = ?',
      ),
      drop: db.prepare<[string, string]>('DELETE FROM sync_lists WHERE profile = ? AND list_id = ?'),
      pullPage: db.prepare<[number, string, string]>(
        'UPDATE sync_lists SET pull_page = ? WHERE profile = ? AND list_id = ?',
      ),
      pulled: db.prepare<[string, string, string]>(
        'UPDATE sync_lists SET pull_page = 0, pulled_at = ? WHERE profile = ? AND list_id = ?',
      ),
      synced: db.prepare<[string, string, string]>(
        `UPDATE sync_lists SET synced_at = ?, error_code = NULL, error_detail = NULL, error_at = NULL
         WHERE profile = ? AND list_id = ?`,
      ),
      error: db.prepare<[string, string, string, string, string]>(
        `UPDATE sync_lists SET error_code = ?, error_detail = ?, error_at = ?
         WHERE profile = ? AND list_id = ?`,
      ),
      clear: db.prepare<[string]>('DELETE FROM sync_lists WHERE profile = ?'),
    };
  }

  all(profile: string): SyncListRow[] {
    return this.s.all.all(profile).map(toRow);
  }

  one(profile: string, listId: string): SyncListRow | undefined {
    const r = this.s.one.get(profile, listId);
    return r && toRow(r);
  }

  /** Turning a list on or off forgets why its last sync failed: the next one says afresh. */
  setEnabled(profile: string, listId: string, enabled: boolean): void {
    this.s.setEnabled.run(profile, listId, enabled ? 1 : 0);
  }

  link(profile: string, listId: string, remoteId: string, remoteName: string): void {
    this.s.link.run(remoteId, remoteName, profile, listId);
  }

  /** The service's list is gone: the next run links the local list afresh (by name, or a new one). */
  unlink(profile: string, remoteId: string): void {
    this.s.unlink.run(profile, remoteId);
  }

  drop(profile: string, listId: string): void {
    this.s.drop.run(profile, listId);
  }

  setPullPage(profile: string, listId: string, page: number): void {
    this.s.pullPage.run(page, profile, listId);
  }

  finishPull(profile: string, listId: string, at: string): void {
    this.s.pulled.run(at, profile, listId);
  }

  markSynced(profile: string, listId: string, at: string): void {
    this.s.synced.run(at, profile, listId);
  }

  setError(profile: string, listId: string, code: SyncErrorCode, detail: string, at: string): void {
    this.s.error.run(code, detail, at, profile, listId);
  }

  clearProfile(profile: string): void {
    this.s.clear.run(profile);
  }
}
