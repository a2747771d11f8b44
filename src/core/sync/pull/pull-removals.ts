import { SyncLog } from '../../contacts/contacts-module';
import type { Database } from '../../db/open-database';
import { contactsWithNumber } from '../push/remote-resolve';
import { guard, settleAll, type LinkedList, type SyncContext } from '../sync-context';

/** The statements, prepared once per database. */
function statements(db: Database) {
  return {
    forget: db.prepare<[string, string]>('DELETE FROM sync_pull_seen WHERE profile = ? AND list_id = ?'),
    forgetProfile: db.prepare<[string]>('DELETE FROM sync_pull_seen WHERE profile = ?'),
    see: db.prepare<[string, string, string]>(
      `INSERT OR IGNORE INTO sync_pull_seen (profile, list_id, contact_id)
       SELECT ?, ?, value FROM json_each(?)`,
    ),
    /**
     * Local members the service had in this list when we last looked (its id
     * is in their remote lists), not met by this pull, with no local change
     * waiting to be sent (logged or queued: the local change wins, as in the
     * merge), and not opted out (the push takes those off the service's list
     * itself, see opt-out-removal.ts; their local membership is kept).
     */
    gone: db.prepare<{ profile: string; listId: string; remoteId: string }, { id: string; phone: string }>(
      `SELECT c.id, c.phone FROM contact_lists cl
       JOIN contacts c ON c.id = cl.contact_id AND c.profile = @profile AND c.deleted_at IS NULL
       JOIN sync_contacts sc ON sc.profile = @profile AND sc.contact_id = c.id
       WHERE cl.list_id = @listId
         AND EXISTS (SELECT 1 FROM json_each(sc.remote_lists) WHERE value = @remoteId)
         AND NOT EXISTS (SELECT 1 FROM sync_pull_seen s
           WHERE s.profile = @profile AND s.list_id = @listId AND s.contact_id = c.id)
         AND NOT EXISTS (SELECT 1 FROM sync_queue q WHERE q.profile = @profile AND q.contact_id = c.id)
         AND NOT EXISTS (SELECT 1 FROM sync_changes ch
           WHERE ch.profile = @profile AND ch.entity = 'contact' AND ch.entity_id = c.id)
         AND NOT EXISTS (SELECT 1 FROM opt_outs o WHERE o.profile = @profile AND o.phone = c.phone)`,
    ),
    changes: new SyncLog(db),
    dropRemoteList: db.prepare<[string, string, string]>(
      `UPDATE sync_contacts SET remote_lists = (
         SELECT json_group_array(value) FROM json_each(remote_lists) WHERE value <> ?)
       WHERE profile = ? AND contact_id IN (SELECT value FROM json_each(?))`,
    ),
  };
}

const prepared = new WeakMap<Database, ReturnType<typeof statements>>();
const stmts = (db: Database) => {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = statements(db)));
  return s;
};

/**
 * Remembers the local contacts met among the service's members of `list`
 * (in the caller's transaction, with the page they came in). A pull from
 * page 1 first forgets what an earlier, abandoned pull met.
 */
export function recordSeen(ctx: SyncContext, list: LinkedList, contactIds: readonly string[], page: number) {
  const s = stmts(ctx.db);
  if (page === 1) s.forget.run(ctx.profile, list.listId);
  if (contactIds.length > 0) s.see.run(ctx.profile, list.listId, JSON.stringify(contactIds));
}

/** Sign-out with "delete local data". */
export function forgetPullsOf(db: Database, profile: string): void {
  stmts(db).forgetProfile.run(profile);
}

/**
 * Called once every page of the service's list was read (in this run or the
 * ones before it): the local members the service no longer has in the list
 * leave the local list (the contacts stay), and the pull is marked complete,
 * in one transaction. An unfinished pull never gets here, so it never removes.
 *
 * A list read in more than one page may have shifted under the pull (a
 * member removed on the service before the page we had not read yet moves
 * the next ones up a page, and one of them is then never met). So before
 * taking anyone out of such a list, each one is looked up by number: the
 * service still having it in the list keeps it. Returns how many left.
 */
export async function finishPull(ctx: SyncContext, list: LinkedList, pages: number): Promise<number> {
  const s = stmts(ctx.db);
  const { profile } = ctx;
  const query = { profile, listId: list.listId, remoteId: list.remoteId };
  if (pages > 1) {
    const candidates = s.gone.all(query);
    ctx.progress.grow(candidates.length);
    await settleAll(ctx, candidates, async ({ id, phone }) => {
      const found = (await contactsWithNumber(ctx, phone)).some((item) =>
        item.lists.some((l) => l.id === list.remoteId),
      );
      guard(ctx);
      if (found) s.see.run(profile, list.listId, JSON.stringify([id]));
      ctx.progress.step();
    });
  }

  return ctx.db
    .transaction(() => {
      guard(ctx);
      const gone = s.gone.all(query).map((r) => r.id);
      let left = 0;
      if (gone.length > 0) {
        const ids = JSON.stringify(gone);
        const before = s.changes.lastSeq();
        left = ctx.repo.removeFromList(profile, list.listId, gone);
        // The repo logged the change for sync; it came from the service, so it is not sent back.
        s.changes.forgetSince(profile, before, ids, 'all');
        s.dropRemoteList.run(list.remoteId, profile, ids);
      }
      s.forget.run(profile, list.listId);
      ctx.lists.finishPull(profile, list.listId, ctx.now());
      return left;
    })
    .immediate();
}
