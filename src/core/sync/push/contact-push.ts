import type { ContactInput } from '../../api/wire-schemas';
import { storeKnownLists } from '../contact-store';
import { removeOptedOut, takeOffSyncedLists } from './opt-out-removal';
import { resolveUnknown } from './remote-resolve';
import {
  guard,
  isGone,
  isRefusal,
  refusalText,
  settleAll,
  type LinkedList,
  type SyncContext,
} from '../sync-context';
import type { QueueItem } from '../sync-queue';

/** Queue rows read at a time: bounded memory for a 100,000-contact first push. */
const CHUNK = 300;

/**
 * The lists to send with a contact. The service replaces a contact's lists
 * with the `lists` sent (the sandbox's reading of the spec, ASSUMED for the
 * real service), so: the lists it has on the service that we do not sync
 * stay, the synced ones are exactly those it is in here. A contact removed
 * from a synced list here is thereby removed from it on the service.
 */
export function desiredLists(
  known: readonly string[],
  synced: ReadonlySet<string>,
  member: readonly string[],
) {
  return [...new Set([...known.filter((id) => !synced.has(id)), ...member])];
}

/**
 * Sends the queued changes: each contact in a synced list is stored on the
 * service with its lists (an update by id when the service's id is known, an
 * upsert by phone otherwise, both safe to repeat); a contact deleted here
 * that the service has in a synced list is deleted there. Opted-out numbers
 * are never sent, and taken off the synced lists the service has them in.
 * Contacts whose service id is unknown (never seen there, or its id lost in
 * a crash right after creating it) are first looked up by number, so that
 * a delete or a removal is not skipped for want of the id (remote-resolve.ts).
 * A contact the service refuses (an invalid field) is set aside until it
 * is edited; anything run-level is thrown.
 */
export async function pushQueue(ctx: SyncContext, linked: Map<string, LinkedList>): Promise<void> {
  ctx.progress.phase('push');
  await resolveUnknown(ctx);
  const synced = new Set([...linked.values()].map((l) => l.remoteId));
  for (let after = ''; ;) {
    const items = ctx.queue.chunk(ctx.profile, after, CHUNK);
    if (items.length === 0) break;
    after = items.at(-1)!.contactId;
    ctx.progress.grow(items.length);
    await settleAll(ctx, items, async (item) => {
      await pushItem(ctx, item, linked, synced);
      ctx.progress.step();
    });
  }
  await removeOptedOut(ctx, synced);
}

async function pushItem(
  ctx: SyncContext,
  item: QueueItem,
  linked: Map<string, LinkedList>,
  synced: ReadonlySet<string>,
): Promise<void> {
  const { profile } = ctx;
  const inSynced = item.remoteLists.some((id) => synced.has(id));
  const contact = item.contact;

  if (contact === null) {
    // Purged here: delete it there only if the service has it in a synced list.
    if (item.remoteId !== null && inSynced) {
      const remoteId = item.remoteId;
      await ctx.gate
        .send((client) => client.deleteContact(remoteId))
        .catch((error: unknown) => {
          if (!isGone(error)) throw error;
        });
      ctx.counters.deleted++;
    }
    guard(ctx);
    ctx.remote.forget(profile, item.contactId);
    ctx.queue.done(profile, item.contactId, item.version);
    return;
  }
  // Deleted a moment ago: either undone or purged soon; decided then.
  if (contact.hidden) return;
  // A synced list not on the service yet (its link failed this run): the next run.
  if (item.syncedLists.some((listId) => !linked.has(listId))) return;

  const member = item.syncedLists.map((listId) => linked.get(listId)!.remoteId);
  const onSyncedListThere = item.remoteId !== null && inSynced;
  if (contact.optedOut && onSyncedListThere) {
    const target = { ...item, remoteId: item.remoteId!, phone: contact.phone };
    await takeOffSyncedLists(ctx, target, synced);
    return;
  }
  const unrelated = member.length === 0 && !onSyncedListThere;
  if (contact.optedOut || unrelated) {
    if (contact.optedOut && !unrelated) ctx.counters.skippedOptedOut++;
    guard(ctx);
    ctx.queue.done(profile, item.contactId, item.version);
    return;
  }

  const lists = desiredLists(item.remoteId === null ? [] : item.remoteLists, synced, member);
  const body: ContactInput = {
    // The service needs a name; a contact without one goes by its number (pull-merge reads it back as none).
    full_name: contact.name || contact.phone,
    phone: contact.phone,
    ...(contact.email ? { email: contact.email } : {}),
    lists,
  };
  try {
    const stored = await storeKnownLists(ctx, item.remoteId, body, synced);
    if (stored === null) return;
    guard(ctx);
    ctx.remote.put(profile, item.contactId, stored);
    ctx.queue.done(profile, item.contactId, item.version);
    ctx.counters.pushed++;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    guard(ctx);
    ctx.queue.reject(profile, item.contactId, item.version, error.code, refusalText(error));
    ctx.counters.rejected++;
  }
}
