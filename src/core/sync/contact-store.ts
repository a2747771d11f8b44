import type { ContactInput } from '../api/wire-schemas';
import type { RemoteContact } from './pull/remote-contacts';
import { guard, isGone, isRefusal, type SyncContext } from './sync-context';

/**
 * `store`, but when the service says some of the lists sent do not exist
 * (422 on `lists.N`: lists deleted on the service since we last saw the
 * contact), sends it again without them. When one of those is a synced
 * list, its link is dropped (the next run links it afresh) and the contact
 * waits for that run: null.
 */
export async function storeKnownLists(
  ctx: SyncContext,
  remoteId: string | null,
  body: ContactInput,
  synced: ReadonlySet<string>,
): Promise<RemoteContact | null> {
  const sent = body.lists ?? [];
  try {
    return { remoteId: await store(ctx, remoteId, body), remoteLists: sent };
  } catch (error) {
    const gone = listsRefused(error, sent);
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

/** The list ids of `sent` a 422 names, when it names nothing but `lists.N` fields; null for any other failure. */
export function listsRefused(error: unknown, sent: readonly string[]): string[] | null {
  if (!(isRefusal(error) && error.status === 422)) return null;
  const indexes = error.errors.map((e) => /^lists\.(\d+)$/.exec(e.field)?.[1]);
  if (indexes.length === 0 || indexes.some((i) => i === undefined)) return null;
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
      if (!isGone(error)) throw error;
    }
  }
  return ctx.gate.send((client) => client.createContact(body));
}
