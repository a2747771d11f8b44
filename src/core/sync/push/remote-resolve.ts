import type { ContactListItem } from '../../api/wire-schemas';
import { guard, settleAll, type SyncContext } from '../sync-context';

/** Requests started together; the gate still bounds those in flight. */
const BATCH = 300;

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** The service's contacts with exactly this number (`search` matches part of a phone too). */
export async function contactsWithNumber(ctx: SyncContext, phone: string): Promise<ContactListItem[]> {
  const answer = await ctx.gate.send((client) =>
    client.listContacts({ page: 1, perPage: ctx.tunables.pageSize, search: phone }),
  );
  return answer.data.filter((item) => item.phone === phone);
}

/**
 * Finds out, before the push, which queued contacts the service already
 * has, and in which lists. This matters because the service replaces a
 * contact's lists with those sent: storing a contact the service already
 * holds in other lists, with only our list, would take it out of those.
 * It matters as much for a contact to delete, to take out of a synced list
 * or to take off the service's lists (an opt-out) whose id we do not have:
 * the app may have crashed between the service creating it and the id being
 * stored. Those are looked up too (a purged or renumbered one by the number it was queued
 * with) before the push decides there is nothing to do.
 *
 * Two ways, whichever asks fewer requests: read every contact of the account
 * (pages of 100), or search each unknown number. A new account with few
 * contacts on the service is read in a page or two; a big account with a
 * handful of new contacts here is searched number by number.
 */
export async function resolveUnknown(ctx: SyncContext): Promise<void> {
  const unknown = ctx.queue.unknownPhones(ctx.profile);
  if (unknown.size === 0) return;
  const perPage = ctx.tunables.pageSize;

  const learn = (items: ContactListItem[]) => {
    guard(ctx);
    for (const item of items) {
      const contactId = unknown.get(item.phone);
      if (contactId === undefined) continue;
      ctx.remote.put(ctx.profile, contactId, { remoteId: item.id, remoteLists: item.lists.map((l) => l.id) });
      unknown.delete(item.phone);
    }
  };

  ctx.progress.grow(1);
  const first = await ctx.gate.send((client) => client.listContacts({ page: 1, perPage }));
  learn(first.data);
  ctx.progress.step();
  if (unknown.size === 0) return;

  const pagesLeft = Math.max(0, first.meta.lastPage - 1);
  if (pagesLeft <= unknown.size) {
    const pages = Array.from({ length: pagesLeft }, (_, i) => i + 2);
    ctx.progress.grow(pages.length);
    for (const batch of batches(pages)) {
      await settleAll(ctx, batch, async (page) => {
        learn((await ctx.gate.send((client) => client.listContacts({ page, perPage }))).data);
        ctx.progress.step();
      });
    }
    return;
  }

  const phones = [...unknown.keys()];
  ctx.progress.grow(phones.length);
  for (const batch of batches(phones)) {
    await settleAll(ctx, batch, async (phone) => {
      learn(await contactsWithNumber(ctx, phone));
      ctx.progress.step();
    });
  }
}
