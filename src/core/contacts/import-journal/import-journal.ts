import type { Database } from '../../db/open-database';

export interface JournalStart {
  importId: string;
  profile: string;
  fileName: string;
  /** The one time the whole commit writes (see migration 0017). */
  at: string;
  listId?: string;
  /** The import created its list. */
  listCreated: boolean;
}

export interface JournalCounts {
  imported: number;
  updated: number;
  joined: number;
}

/**
 * The undo journal's own row (migration 0017), written by the import's
 * commit inside its transaction: `begin` before the first chunk, `finish`
 * after the last. Each chunk adds what it changes (UpsertMany, `journal`).
 * A ROLLBACK takes the journal with everything else, so a cancelled import
 * leaves the previous one undoable.
 */
export class ImportJournal {
  private readonly s;

  constructor(db: Database) {
    this.s = {
      insert: db.prepare<[string, string, string, string, string | null, number]>(
        `INSERT INTO import_journal (import_id, profile, file_name, at, list_id, list_created)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      maxSeq: db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM contacts').pluck(),
      counts: db.prepare<[number | null, number | null, number, number, number, string]>(
        `UPDATE import_journal SET first_seq = ?, last_seq = ?, imported = ?, updated = ?, joined = ?
         WHERE import_id = ?`,
      ),
      drop: db.prepare<[string]>('DELETE FROM import_journal WHERE import_id = ?'),
      // Only the last import that changed something can be undone: it replaces the one before.
      dropOthers: db.prepare<[string, string]>(
        'DELETE FROM import_journal WHERE profile = ? AND import_id <> ?',
      ),
    };
  }

  /** Returns the largest seq before the import: its new contacts come after it. */
  begin(start: JournalStart): number {
    this.s.insert.run(
      start.importId,
      start.profile,
      start.fileName,
      start.at,
      start.listId ?? null,
      start.listCreated ? 1 : 0,
    );
    return this.s.maxSeq.get()!;
  }

  /**
   * An import that changed nothing leaves no journal (the one before stays
   * undoable); any other replaces the profile's previous journal.
   */
  finish(start: JournalStart, seqBefore: number, counts: JournalCounts): void {
    if (counts.imported + counts.updated + counts.joined === 0 && !start.listCreated) {
      this.s.drop.run(start.importId);
      return;
    }
    const last = this.s.maxSeq.get()!;
    const fresh = counts.imported > 0 && last > seqBefore;
    this.s.counts.run(
      fresh ? seqBefore + 1 : null,
      fresh ? last : null,
      counts.imported,
      counts.updated,
      counts.joined,
      start.importId,
    );
    this.s.dropOthers.run(start.profile, start.importId);
  }
}
