import type { Database } from '../db/open-database';
import { AppFailure } from '../app-failure';
import { APP_ERROR_CODES } from '../../shared/app-error';
import type { SearchIndex } from './search/search-index';
import type { SyncLog } from './sync-log';
import type { DeleteResult } from './types';

export const DEFAULT_UNDO_WINDOW_MS = 30_000;

/**
 * Delete with undo. A delete hides the contacts at once (search, lists,
 * counts) but keeps their rows, memberships included, under an undo token;
 * the undo brings everything back. The rows are purged for good when the
 * token expires or when the next delete in the profile starts (one undo at a
 * time, like an "Undo" snackbar); the service learns of the delete then.
 * Purging is lazy: the repo calls purgeExpired before its writes and when
 * it opens, so a restart never leaves hidden contacts behind for long.
 */
export class ContactDeletes {
  private readonly s;

  constructor(
    db: Database,
    private readonly index: SearchIndex,
    private readonly sync: SyncLog,
    private readonly windowMs: number,
  ) {
    this.s = {
      hide: db
        .prepare<[string, string, string, string], number>(
          `UPDATE contacts SET deleted_at = ?, deleted_batch = ?
           WHERE profile = ? AND deleted_at IS NULL AND id IN (SELECT value FROM json_each(?))
           RETURNING seq`,
        )
        .pluck(),
      batchTime: db
        .prepare<[string, string], string>(
          'SELECT deleted_at FROM contacts WHERE profile = ? AND deleted_batch = ? AND deleted_at IS NOT NULL LIMIT 1',
        )
        .pluck(),
      restore: db
        .prepare<[string, string], number>(
          `UPDATE contacts SET deleted_at = NULL, deleted_batch = NULL
           WHERE profile = ? AND deleted_batch = ? AND deleted_at IS NOT NULL RETURNING seq`,
        )
        .pluck(),
      purgeProfile: db.prepare<[string], { id: string; profile: string }>(
        'DELETE FROM contacts WHERE profile = ? AND deleted_at IS NOT NULL RETURNING id, profile',
      ),
      purgeBefore: db.prepare<[string], { id: string; profile: string }>(
        'DELETE FROM contacts WHERE deleted_at IS NOT NULL AND deleted_at <= ? RETURNING id, profile',
      ),
      purgePhones: db.prepare<[string, string], { id: string; profile: string }>(
        `DELETE FROM contacts WHERE profile = ? AND deleted_at IS NOT NULL
         AND phone IN (SELECT value FROM json_each(?)) RETURNING id, profile`,
      ),
    };
  }

  delete(profile: string, ids: readonly string[], now: Date): DeleteResult {
    const at = now.toISOString();
    this.recordPurged(this.s.purgeProfile.all(profile), at);
    const undoToken = crypto.randomUUID();
    const hidden = this.s.hide.all(at, undoToken, profile, JSON.stringify(ids));
    for (const seq of hidden) this.index.touchSeq(seq);
    return {
      undoToken,
      count: hidden.length,
      expiresAt: new Date(now.getTime() + this.windowMs).toISOString(),
    };
  }

  /** Brings back the contacts of the last delete, with their lists. Returns how many. */
  undo(profile: string, undoToken: string, now: Date): number {
    const deletedAt = this.s.batchTime.get(profile, undoToken);
    if (deletedAt === undefined || now.getTime() - Date.parse(deletedAt) > this.windowMs) {
      throw new AppFailure(APP_ERROR_CODES.undoExpired, 'It is too late to undo this delete.');
    }
    const restored = this.s.restore.all(profile, undoToken);
    for (const seq of restored) this.index.touchSeq(seq);
    return restored.length;
  }

  /** Purges every delete older than the undo window, in all profiles. Returns contacts purged. */
  purgeExpired(now: Date): number {
    const cutoff = new Date(now.getTime() - this.windowMs).toISOString();
    return this.recordPurged(this.s.purgeBefore.all(cutoff), now.toISOString());
  }

  /** Purges hidden contacts holding these numbers, so the numbers can be used again at once. */
  purgePhones(profile: string, phones: readonly string[], at: string): number {
    return this.recordPurged(this.s.purgePhones.all(profile, JSON.stringify(phones)), at);
  }

  private recordPurged(rows: { id: string; profile: string }[], at: string): number {
    for (const r of rows) this.sync.record(r.profile, 'contact', r.id, 'delete', at);
    return rows.length;
  }
}
