import type { ListResult } from '../../api/wire-schemas';
import { gaveUp, judge, SyncCancelled, SyncStop } from '../retry-policy';
import {
  guard,
  isGone,
  isRefusal,
  refusalText,
  settleAll,
  type LinkedList,
  type SyncContext,
} from '../sync-context';
import type { SyncListRow } from '../sync-lists-store';

/** The service compares list names ignoring case, as the local lists do: names with the same key are one list. */
export const listKey = (name: string): string => name.normalize('NFC').toLocaleLowerCase('pt-BR');

const sameName = (a: string, b: string): boolean => listKey(a) === listKey(b);

/**
 * Brings the service's lists in line with the synced local ones: links each
 * to the service's list of the same name (creating it when there is none),
 * pushes local renames, and deletes the service's list of a synced list
 * deleted here (the contacts stay, as they do locally). Returns the lists
 * ready for contacts. A list the service refuses (its name) gets its own
 * error and is left out; run-level problems are thrown.
 */
export async function syncLists(ctx: SyncContext): Promise<Map<string, LinkedList>> {
  const rows = ctx.lists.all(ctx.profile).filter((r) => r.enabled || r.localName === null);
  const linked = new Map<string, LinkedList>();
  ctx.progress.grow(rows.length);
  await settleAll(ctx, rows, async (row) => {
    if (row.localName === null) await deleteRemoteList(ctx, row);
    else {
      try {
        linked.set(row.listId, await linkList(ctx, row, row.localName));
      } catch (error) {
        if (!isRefusal(error)) throw error;
        guard(ctx);
        ctx.refused.add(row.listId);
        ctx.lists.setError(ctx.profile, row.listId, 'list_refused', refusalText(error), ctx.now());
      }
    }
    ctx.progress.step();
  });
  return linked;
}

async function linkList(ctx: SyncContext, row: SyncListRow, name: string): Promise<LinkedList> {
  let remote = row.remoteId === null ? null : await readList(ctx, row.remoteId);
  if (row.remoteId !== null && remote === null) {
    // Deleted on the service, and its memberships with it.
    guard(ctx);
    ctx.lists.unlink(ctx.profile, row.remoteId);
    ctx.remote.stripList(ctx.profile, row.remoteId);
  }
  remote ??= await findOrCreateList(ctx, name);
  // The local name is the list's name: a rename here, or a case the service spells otherwise.
  if (remote.name !== name) {
    const id = remote.id;
    remote = await ctx.gate.send((client) => client.updateList(id, { name }));
  }
  guard(ctx);
  ctx.lists.link(ctx.profile, row.listId, remote.id, remote.name);
  // A new link (a list made again after the service lost ours): every member goes to it.
  if (row.remoteId !== null && row.remoteId !== remote.id) ctx.queue.enqueueList(ctx.profile, row.listId);
  return { listId: row.listId, remoteId: remote.id, remoteName: remote.name };
}

async function readList(ctx: SyncContext, remoteId: string): Promise<ListResult | null> {
  try {
    return await ctx.gate.send((client) => client.getList(remoteId));
  } catch (error) {
    if (isGone(error)) return null;
    throw error;
  }
}

/** The oldest list of the service with this name, if any (`title` narrows; the name is compared whole). */
async function findList(ctx: SyncContext, name: string): Promise<ListResult | null> {
  for (let page = 1; ; page++) {
    const answer = await ctx.gate.send((client) =>
      client.listLists({ page, perPage: ctx.tunables.pageSize, title: name }),
    );
    const found = answer.data.find((list) => sameName(list.name, name));
    if (found) return found;
    if (page >= answer.meta.lastPage || answer.data.length === 0) return null;
  }
}

/**
 * Creating a list is not idempotent: a create whose answer was lost (a cut
 * connection, a time-out, a 5xx) may have made the list anyway, and sending
 * it again would make a second one. So the list is looked up by name before
 * every create, the first included (a list the user already has on the
 * service is linked, not duplicated).
 */
export async function findOrCreateList(ctx: SyncContext, name: string): Promise<ListResult> {
  for (let attempt = 1; ; attempt++) {
    const found = await findList(ctx, name);
    if (found) return found;
    try {
      return await ctx.gate.once((client) => client.createList({ name }));
    } catch (error) {
      if (error instanceof SyncStop || error instanceof SyncCancelled) throw error;
      const verdict = judge(error, ctx.tunables);
      if (verdict.kind !== 'retry') throw error;
      if (attempt >= ctx.tunables.maxAttempts) throw gaveUp(attempt, verdict.reason);
      await ctx.gate.backoff(attempt);
    }
  }
}

async function deleteRemoteList(ctx: SyncContext, row: SyncListRow): Promise<void> {
  if (row.enabled && row.remoteId !== null) {
    const remoteId = row.remoteId;
    try {
      await ctx.gate.send((client) => client.deleteList(remoteId));
    } catch (error) {
      // Already gone on the service: what we wanted.
      if (!isGone(error)) throw error;
    }
    guard(ctx);
    ctx.remote.stripList(ctx.profile, remoteId);
  }
  guard(ctx);
  ctx.lists.drop(ctx.profile, row.listId);
}
