import { mergePage } from './pull-merge';
import { finishPull } from './pull-removals';
import { settleAll, type LinkedList, type SyncContext } from '../sync-context';

/**
 * Reads the service's members of each synced list (`title` = the list's
 * name), page by page, into the local list. `full`: every linked list; else
 * only pulls an earlier run left unfinished. Pages of one list go in order,
 * each merged and recorded before the next is asked for, so an interrupted
 * pull resumes after the last page merged instead of starting over. Lists
 * are pulled side by side (the gate bounds the requests). A complete pull
 * then mirrors the service's removals from the list (see pull-removals.ts).
 */
export async function pullLists(
  ctx: SyncContext,
  linked: Map<string, LinkedList>,
  full: boolean,
): Promise<void> {
  const rows = ctx.lists
    .all(ctx.profile)
    .filter((row) => row.enabled && linked.has(row.listId) && (full || row.pullPage > 0));
  await settleAll(ctx, rows, (row) => pullList(ctx, linked.get(row.listId)!, row.pullPage + 1));
}

async function pullList(ctx: SyncContext, list: LinkedList, firstPage: number): Promise<void> {
  ctx.progress.grow(1);
  let page = firstPage;
  for (; ; page++) {
    const answer = await ctx.gate.send((client) =>
      client.listContacts({ page, perPage: ctx.tunables.pageSize, title: list.remoteName }),
    );
    // `title` matches by name; two lists of the service may share one. Keep this list's members only.
    const members = answer.data.filter((item) => item.lists.some((l) => l.id === list.remoteId));
    ctx.counters.pulled += mergePage(ctx, list, members, page);
    if (page === firstPage) ctx.progress.grow(Math.max(0, answer.meta.lastPage - page));
    ctx.progress.step();
    if (page >= answer.meta.lastPage || answer.data.length === 0) break;
  }
  ctx.counters.left += await finishPull(ctx, list, page);
}
