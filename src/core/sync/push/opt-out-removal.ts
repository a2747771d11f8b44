import type { ContactDetail, ContactInput } from '../../api/wire-schemas';
import type { Database } from '../../db/open-database';
import { listsRefused } from '../contact-store';
import { guard, isGone, isRefusal, refusalText, settleAll, type SyncContext } from '../sync-context';
import { OPT_OUT_REFUSED } from '../sync-queue';

/** An opted-out contact the service has in a synced list, as far as we know. */
export interface OptedOutTarget {
  contactId: string;
  remoteId: string;
  remoteLists: string[];
  phone: string;
  /** Its queue row's version when the push found it queued; null when found by `listOptedOut`. */
  version: number | null;
}

/** Rows looked at a time: bounded memory for a long opt-out list. */
const CHUNK = 300;

function statements(db: Database) {
  return {
    // Opted-out live contacts whose known service lists include a synced one,
    // not queued (a queued one is the push's: sent, set aside, or waiting).
    optedOut: db.prepare<
      [string, string, string, number],
      { contact_id: string; remote_id: string; remote_lists: string; phone: string }
    >(
      `SELECT sc.contact_id, sc.remote_id, sc.remote_lists, c.phone FROM sync_contacts sc
       JOIN contacts c ON c.id = sc.contact_id AND c.profile = sc.profile AND c.deleted_at IS NULL
       JOIN opt_outs o ON o.profile = sc.profile AND o.phone = c.phone
       WHERE sc.profile = ? AND sc.contact_id > ?
         AND EXISTS (SELECT 1 FROM json_each(sc.remote_lists) r WHERE r.value IN (SELECT value FROM json_each(?)))
         AND NOT EXISTS (SELECT 1 FROM sync_queue q WHERE q.profile = sc.profile AND q.contact_id = sc.contact_id)
       ORDER BY sc.contact_id LIMIT ?`,
    ),
  };
}

const prepared = new WeakMap<Database, ReturnType<typeof statements>>();

/**
 * After the queue: every opted-out number the service still has in a synced
 * list (an opt-out made here since, or a number the pull found there) is
 * taken off those lists. Uses what we know of its lists on the service (the
 * pull and the push keep it; a contact whose id was unknown was looked up
 * by number before the push).
 */
export async function removeOptedOut(ctx: SyncContext, synced: ReadonlySet<string>): Promise<void> {
  if (synced.size === 0) return;
  let s = prepared.get(ctx.db);
  if (!s) prepared.set(ctx.db, (s = statements(ctx.db)));
  const ids = JSON.stringify([...synced]);
  for (let after = ''; ;) {
    const rows = s.optedOut.all(ctx.profile, after, ids, CHUNK);
    if (rows.length === 0) return;
    after = rows.at(-1)!.contact_id;
    ctx.progress.grow(rows.length);
    await settleAll(ctx, rows, async (r) => {
      const target = {
        contactId: r.contact_id,
        remoteId: r.remote_id,
        remoteLists: JSON.parse(r.remote_lists) as string[],
        phone: r.phone,
        version: null,
      };
      await takeOffSyncedLists(ctx, target, synced);
      ctx.progress.step();
    });
  }
}

/**
 * Takes an opted-out number off every synced list on the service (a list
 * there is how a campaign sent from the service finds its numbers). Lists
 * the user keeps on the service alone stay: the service replaces a
 * contact's lists with those sent (ASSUMED, see contact-push.ts), so the
 * update sends the ones it has minus the synced ones.
 *
 * The contact's own name and e-mail are the service's (read first), not
 * ours: an opted-out number is never pushed, only taken out. The service
 * refusing it is recorded on the contact (OPT_OUT_REFUSED), so the list's
 * sync state says it and why; it is tried again once the contact is edited.
 */
export async function takeOffSyncedLists(
  ctx: SyncContext,
  target: OptedOutTarget,
  synced: ReadonlySet<string>,
): Promise<void> {
  const { profile } = ctx;
  const { remoteId, contactId } = target;
  let lists = target.remoteLists.filter((id) => !synced.has(id));
  try {
    const detail = await ctx.gate.send((client) => client.getContact(remoteId));
    try {
      await ctx.gate.send((client) => client.updateContact(remoteId, bodyOf(detail, lists)));
    } catch (error) {
      // Lists of its own the service deleted since we last saw it: without them, then.
      const vanished = listsRefused(error, lists);
      if (vanished === null) throw error;
      lists = lists.filter((id) => !vanished.includes(id));
      await ctx.gate.send((client) => client.updateContact(remoteId, bodyOf(detail, lists)));
    }
  } catch (error) {
    if (!isRefusal(error)) throw error;
    guard(ctx);
    if (isGone(error)) {
      // Deleted on the service meanwhile: in none of its lists any more.
      ctx.remote.forget(profile, contactId);
      if (target.version !== null) ctx.queue.done(profile, contactId, target.version);
      return;
    }
    const code = OPT_OUT_REFUSED + error.code;
    if (target.version !== null)
      ctx.queue.reject(profile, contactId, target.version, code, refusalText(error));
    else ctx.queue.setAside(profile, contactId, target.phone, code, refusalText(error));
    ctx.counters.rejected++;
    return;
  }
  guard(ctx);
  ctx.remote.put(profile, contactId, { remoteId, remoteLists: lists });
  if (target.version !== null) ctx.queue.done(profile, contactId, target.version);
  ctx.counters.optOutsRemoved++;
}

function bodyOf(detail: ContactDetail, lists: string[]): ContactInput {
  return {
    full_name: detail.fullName,
    phone: detail.phone,
    ...(detail.email ? { email: detail.email } : {}),
    lists,
  };
}
