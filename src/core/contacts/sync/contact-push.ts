import type { ContactInput } from '../../api/wire-schemas';
import type { RemoteContact } from './remote-contacts';
import { resolveUnknown } from './remote-resolve';
import { guard, isRefusal, refusalText, settleAll, type LinkedList, type SyncContext } from './sync-context';
import type { QueueItem } from './sync-queue';

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
 * are never sent. A contact the service refuses (an invalid field) is set
 * aside until it is edited; anything run-level is thrown.
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
          if (!(isRefusal(error) && error.status === 404)) throw error;
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
  const unrelated = member.length === 0 && !(item.remoteId !== null && inSynced);
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

/**
 * `store`, but when the service says some of the lists sent do not exist
 * (422 on `lists.N`: lists deleted on the service since we last saw the
 * contact), sends it again without them. When one of those is a synced
 * list, its link is dropped (the next run links it afresh) and the contact
 * waits for that run: null.
 */
async function storeKnownLists(
  ctx: SyncContext,
  remoteId: string | null,
  body: ContactInput,
  synced: ReadonlySet<string>,
): Promise<RemoteContact | null> {
  const sent = body.lists ?? [];
  try {
    return { remoteId: await store(ctx, remoteId, body), remoteLists: sent };
  } catch (error) {
    const gone = isRefusal(error) && error.status === 422 ? unknownLists(error.errors, sent) : null;
    if (gone === null) throw error;
    guard(ctx);
    for (const id of gone) ctx.remote.stripList(ctx.profile, id);
    const lost = gone.filter((id) => synced.has(id));
    for (const row of ctx.lists.all(ctx.profile)) {
      if (row.remoteId === null || !lost.includes(row.remoteId)) continue;
      // Linked afresh next run: every member goes to the new list then.
      ctx.queue.enqueueList(ctx.profile, row.listId);
      ctx.lists.unlink(ctx.profile, row.remoteId);
    }
    if (lost.length > 0) return null;
    const lists = sent.filter((id) => !gone.includes(id));
    return { remoteId: await store(ctx, remoteId, { ...body, lists }), remoteLists: lists };
  }
}

/** The list ids a 422 names when it names nothing but `lists.N` fields; null otherwise. */
function unknownLists(errors: readonly { field: string }[], sent: readonly string[]): string[] | null {
  const indexes = errors.map((e) => /^lists\.(\d+)$/.exec(e.field)?.[1]);
  if (errors.length === 0 || indexes.some((i) => i === undefined)) return null;
  return indexes.map((i) => sent[Number(i)]).filter((id): id is string => id !== undefined);
}

/**
 * An update by id keeps the service's contact even when its number changed
 * here; without an id (or once the service lost it: 404) an upsert by phone.
 * Both can be repeated safely, so the gate retries them.
 */
async function store(ctx: SyncContext, remoteId: string | null, body: ContactInput): Promise<string> {
  if (remoteId !== null) {
    try {
      return await ctx.gate.send((client) => client.updateContact(remoteId, body));
    } catch (error) {
      if (!(isRefusal(error) && error.status === 404)) throw error;
    }
  }
  return ctx.gate.send((client) => client.createContact(body));
}
