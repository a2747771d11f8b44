import { APP_ERROR_CODES } from '../../../shared/app-error';
import type { LastImportView } from '../../../shared/dto/last-import';
import { AppFailure } from '../../app-failure';
import type { Database } from '../../db/open-database';
import type { ContactLists } from '../contact-lists';
import type { SearchIndex } from '../search/search-index';
import type { SyncLog, SyncOp } from '../sync-log';

/** How many names of changed contacts the view gives, to say which ones. */
const NAMES_SHOWN = 3;

interface JournalRecord {
  import_id: string;
  file_name: string;
  at: string;
  first_seq: number | null;
  last_seq: number | null;
  imported: number;
  updated: number;
  joined: number;
  list_id: string | null;
  list_name: string | null;
  list_created: number;
}

export interface UndoCounts {
  /** New contacts deleted. */
  removed: number;
  /** Existing contacts given back their values. */
  restored: number;
  /** Existing contacts taken out of the import's list. */
  left: number;
  /** The list the import created, deleted because the undo left it empty. */
  listDeleted: boolean;
}

/**
 * The profile's last import and its undo (journal: migration 0017). The
 * undo is offered while it would lose nothing done since: none of the
 * import's new contacts edited, deleted or put in another list, and none of
 * the contacts it updated changed again (their updated_at still the
 * import's). Opt-outs are numbers, not contacts, and stay as they are.
 * Methods run inside the repo's write transaction, as every writer does.
 */
export class LastImport {
  private readonly s;

  constructor(
    db: Database,
    private readonly index: SearchIndex,
    private readonly sync: SyncLog,
    private readonly lists: ContactLists,
  ) {
    this.s = {
      find: db.prepare<[string], JournalRecord>(
        `SELECT j.*, l.name AS list_name FROM import_journal j LEFT JOIN lists l ON l.id = j.list_id
         WHERE j.profile = ?`,
      ),
      // Its new contacts that something since has changed, deleted or put in a list; then its
      // updated contacts changed again or deleted (a purged one by the name it had).
      changed: db.prepare<[number, number, string, string, string], { name: string; phone: string | null }>(
        `SELECT c.name, c.phone FROM contacts c
         WHERE c.seq BETWEEN ? AND ? AND c.profile = ? AND (c.deleted_at IS NOT NULL
           OR c.updated_at <> c.created_at
           OR EXISTS (SELECT 1 FROM contact_lists cl WHERE cl.contact_id = c.id AND cl.added_at <> c.created_at))
         UNION ALL
         SELECT coalesce(c.name, u.name), c.phone FROM import_journal_contacts u LEFT JOIN contacts c ON c.seq = u.seq
         WHERE u.import_id = ? AND (c.seq IS NULL OR c.deleted_at IS NOT NULL OR c.updated_at <> ?)`,
      ),
      fresh: db
        .prepare<[number, number, string], number>(
          'SELECT count(*) FROM contacts WHERE seq BETWEEN ? AND ? AND profile = ?',
        )
        .pluck(),
      restore: db.prepare<[string], { id: string; seq: number }>(
        `UPDATE contacts AS c SET name = u.name, sort_key = u.sort_key, email = u.email, fields = u.fields,
           birth_md = u.birth_md, birth_year = u.birth_year, updated_at = u.updated_at
         FROM import_journal_contacts u WHERE u.import_id = ? AND c.seq = u.seq RETURNING id, seq`,
      ),
      // Memberships still dated by the import: one left and joined again since is the user's.
      joined: db
        .prepare<[string, string, string], string>(
          `SELECT c.id FROM import_journal_members m JOIN contacts c ON c.seq = m.seq
           JOIN contact_lists cl ON cl.contact_id = c.id AND cl.list_id = ?
           WHERE m.import_id = ? AND cl.added_at = ?`,
        )
        .pluck(),
      remove: db.prepare<[string, number, number], { id: string; seq: number }>(
        'DELETE FROM contacts WHERE profile = ? AND seq BETWEEN ? AND ? RETURNING id, seq',
      ),
      anyMember: db
        .prepare<[string], number>('SELECT EXISTS (SELECT 1 FROM contact_lists WHERE list_id = ?)')
        .pluck(),
      forget: db.prepare<[string, string]>('DELETE FROM import_journal WHERE profile = ? AND import_id = ?'),
    };
  }

  /** The profile's last import that changed something, and whether it can still be undone. */
  view(profile: string): LastImportView | null {
    const record = this.s.find.get(profile);
    if (!record) return null;
    const changed = this.changedSince(profile, record);
    return {
      importId: record.import_id,
      fileName: record.file_name,
      at: record.at,
      imported: record.imported,
      updated: record.updated,
      joined: record.joined,
      list: record.list_id && record.list_name ? { id: record.list_id, name: record.list_name } : null,
      blocked: changed.changed > 0 ? changed : null,
    };
  }

  /**
   * Undoes the import: its new contacts deleted, the contacts it updated
   * given their values back, the memberships it added removed (and its own
   * list deleted if that leaves it empty); the journal goes too.
   */
  undo(profile: string, importId: string, at: string): UndoCounts {
    const record = this.require(profile, importId);
    const changed = this.changedSince(profile, record);
    if (changed.changed > 0) {
      throw new AppFailure(
        APP_ERROR_CODES.importUndoBlocked,
        `This import can no longer be undone: ${changed.changed} of its contacts changed since.`,
        { params: { changed: changed.changed, names: changed.names.join(', ') } },
      );
    }
    const restored = this.s.restore.all(importId);
    this.changed(profile, restored, 'upsert', at);

    let left = 0;
    let listDeleted = false;
    const listId = record.list_id !== null && record.list_name !== null ? record.list_id : null;
    if (listId !== null) {
      left = this.lists.removeContacts(profile, listId, this.s.joined.all(listId, importId, record.at), at);
    }

    let removed: { id: string; seq: number }[] = [];
    if (record.first_seq !== null && record.last_seq !== null) {
      removed = this.s.remove.all(profile, record.first_seq, record.last_seq);
      this.changed(profile, removed, 'delete', at);
    }
    if (listId !== null && record.list_created === 1 && this.s.anyMember.get(listId) === 0) {
      this.lists.delete(profile, listId, at);
      listDeleted = true;
    }
    this.s.forget.run(profile, importId);
    return { removed: removed.length, restored: restored.length, left, listDeleted };
  }

  /** The user keeps the import as it is: it is no longer offered for undo. */
  forget(profile: string, importId: string): boolean {
    return this.s.forget.run(profile, importId).changes > 0;
  }

  /** Contacts the undo rewrote or deleted: their search rows are redone, and the sync sends the change. */
  private changed(profile: string, contacts: { id: string; seq: number }[], op: SyncOp, at: string): void {
    this.index.touchSeqs(contacts.map((c) => c.seq));
    this.sync.recordMany(
      profile,
      'contact',
      contacts.map((c) => c.id),
      op,
      at,
    );
  }

  private require(profile: string, importId: string): JournalRecord {
    const record = this.s.find.get(profile);
    if (record?.import_id !== importId) {
      throw new AppFailure(
        APP_ERROR_CODES.importUndoGone,
        'This import can no longer be undone: it was undone already, or a newer import replaced it.',
      );
    }
    return record;
  }

  /** The import's contacts changed since it (deleted ones included), with the names of the first few. */
  private changedSince(profile: string, r: JournalRecord): { changed: number; names: string[] } {
    const from = r.first_seq ?? 0;
    const to = r.last_seq ?? -1;
    const rows = this.s.changed.all(from, to, profile, r.import_id, r.at);
    // New contacts purged since (deleted, and the delete's undo window passed) are gone from the table.
    const purged = r.first_seq === null ? 0 : r.imported - this.s.fresh.get(from, to, profile)!;
    return {
      changed: rows.length + Math.max(0, purged),
      names: rows.slice(0, NAMES_SHOWN).map((row) => row.name || row.phone || ''),
    };
  }
}
