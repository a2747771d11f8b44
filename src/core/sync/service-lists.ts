import type { ServiceListView } from '../../shared/dto/sync';
import type { ListResult } from '../api/wire-schemas';
import type { BoundAccount } from '../account/account-module';
import { notFound, type ContactsRepo } from '../contacts/contacts-module';
import { listKey } from './push/list-push';
import { isGone } from './sync-context';
import { RequestGate, type ServiceCall } from './request-gate';
import { SyncCancelled, SyncStop, type SyncTunables } from './retry-policy';
import type { SyncListsStore } from './sync-lists-store';

/**
 * Reads from the service for a channel, through a gate of its own (the same
 * bounds as a sync: a few requests at a time, 429 waited out, 5xx retried).
 * The gate turns a run-level failure into a SyncStop for the sync's sake; a
 * channel answers with the service's own error instead (network_error,
 * unauthorized, ...), as every other channel does.
 */
export async function throughGate<T>(
  bound: BoundAccount,
  tunables: SyncTunables,
  work: (gate: RequestGate) => Promise<T>,
): Promise<T> {
  let last: unknown;
  const call: ServiceCall = async (fn) => {
    try {
      return await bound.call(fn);
    } catch (error) {
      last = error;
      throw error;
    }
  };
  try {
    return await work(new RequestGate(call, tunables, new AbortController().signal));
  } catch (error) {
    if ((error instanceof SyncStop || error instanceof SyncCancelled) && last !== undefined) throw last;
    throw error;
  }
}

async function allServiceLists(gate: RequestGate, perPage: number): Promise<ListResult[]> {
  const lists: ListResult[] = [];
  for (let page = 1; ; page++) {
    const answer = await gate.send((client) => client.listLists({ page, perPage }));
    lists.push(...answer.data);
    if (page >= answer.meta.lastPage || answer.data.length === 0) return lists;
  }
}

/** How many contacts a service list has: the total of a one-contact page filtered by its name. */
async function contactsIn(gate: RequestGate, list: ListResult): Promise<number> {
  const answer = await gate.send((client) => client.listContacts({ page: 1, perPage: 1, title: list.name }));
  return answer.meta.total;
}

/**
 * The service's lists that Torpedo does not have: not linked to a synced
 * list, and no local list of the same name (turning sync on for that one
 * would link them), each with its number of contacts (one request per
 * list, through the same gate: a few at a time). Sorted by name, as the
 * Lists page shows them.
 */
export async function serviceOnlyLists(
  bound: BoundAccount,
  tunables: SyncTunables,
  repo: ContactsRepo,
  synced: SyncListsStore,
): Promise<ServiceListView[]> {
  const linked = new Set(synced.all(bound.profile).map((row) => row.remoteId));
  const names = new Set(repo.lists(bound.profile).map((list) => listKey(list.name)));
  const only = await throughGate(bound, tunables, async (gate) => {
    const remote = await allServiceLists(gate, tunables.pageSize);
    const missing = remote.filter((list) => !linked.has(list.id) && !names.has(listKey(list.name)));
    const sizes = await Promise.all(missing.map((list) => contactsIn(gate, list)));
    return missing.map((list, i) => ({ remoteId: list.id, name: list.name, contacts: sizes[i]! }));
  });
  return only.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/** The service's list as it is now (its name may have changed since it was shown); not_found when gone. */
export async function readServiceList(
  bound: BoundAccount,
  tunables: SyncTunables,
  remoteId: string,
): Promise<ListResult> {
  try {
    return await throughGate(bound, tunables, (gate) => gate.send((client) => client.getList(remoteId)));
  } catch (error) {
    if (isGone(error)) throw notFound('list');
    throw error;
  }
}
