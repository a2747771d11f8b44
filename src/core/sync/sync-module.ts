import type { SyncChannel } from '../../shared/contract/sync';
import type { BroughtListView, SyncListStatus, SyncStatusView } from '../../shared/dto/sync';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { bindAccount } from '../account/account-module';
import { notFound, type ContactsRepo } from '../contacts/contacts-module';
import { forgetPullsOf } from './pull/pull-removals';
import { RemoteContacts } from './pull/remote-contacts';
import { DEFAULT_TUNABLES, type SyncTunables } from './retry-policy';
import { readServiceList, serviceOnlyLists } from './service-lists';
import { SyncListsStore, type SyncListRow } from './sync-lists-store';
import { SyncQueue, type ListCounts } from './sync-queue';
import { SyncRunner } from './sync-runner';
import { SyncScheduler, type SchedulerTimings } from './sync-scheduler';

/** Erasing one person (core/privacy): this domain's part. */
export { createSyncForget } from './forget-person';

export interface SyncModuleOptions {
  /** Tests shorten the waits; the app uses the defaults. */
  tunables?: Partial<SyncTunables>;
  timings?: Partial<SchedulerTimings>;
}

function listStatus(
  listId: string,
  row: SyncListRow | undefined,
  counts: ListCounts | undefined,
): SyncListStatus {
  const enabled = row?.enabled ?? false;
  return {
    listId,
    enabled,
    linked: row?.remoteId != null,
    syncedAt: row?.syncedAt ?? null,
    pending: enabled ? (counts?.pending ?? 0) : 0,
    rejected: enabled ? (counts?.rejected ?? 0) : 0,
    rejectedReason: enabled ? (counts?.rejectedReason ?? null) : null,
    optOutsKept: enabled ? (counts?.optOutsKept ?? 0) : 0,
    optOutsKeptReason: enabled ? (counts?.optOutsKeptReason ?? null) : null,
    error: enabled ? (row?.error ?? null) : null,
  };
}

/**
 * The sync domain: contacts and lists of the lists the user opts in, kept in
 * step with the service (see sync-run.ts for what a run does). Channels act
 * on the signed-in profile; the background (sync-scheduler.ts) runs only in
 * the app's core, never in a local-only one (the CLI), and stops on close.
 */
export function createSyncModule(
  deps: Pick<
    ModuleDeps,
    'db' | 'session' | 'account' | 'connectivity' | 'events' | 'now' | 'profile' | 'localOnly'
  >,
  contacts: ContactsRepo,
  options: SyncModuleOptions = {},
): CoreModule<SyncChannel> {
  const tunables = { ...DEFAULT_TUNABLES, ...options.tunables };
  const stores = {
    lists: new SyncListsStore(deps.db),
    queue: new SyncQueue(deps.db),
    remote: new RemoteContacts(deps.db),
  };
  const runner = new SyncRunner({
    db: deps.db,
    repo: contacts,
    stores,
    session: deps.session,
    account: deps.account,
    events: deps.events,
    now: deps.now,
    tunables: options.tunables,
  });
  const scheduler = deps.localOnly
    ? null
    : new SyncScheduler({
        events: deps.events,
        session: deps.session,
        connectivity: deps.connectivity,
        runner,
        lists: stores.lists,
        queue: stores.queue,
        now: deps.now,
        timings: options.timings,
      });

  const statusOf = (profile: string, listId: string): SyncListStatus => {
    stores.queue.fold(profile);
    return listStatus(
      listId,
      stores.lists.one(profile, listId),
      stores.queue.countsByList(profile).get(listId),
    );
  };

  return {
    handlers: {
      'sync:status': async (): Promise<SyncStatusView> => {
        const profile = deps.profile();
        stores.queue.fold(profile);
        const rows = new Map(stores.lists.all(profile).map((row) => [row.listId, row]));
        const counts = stores.queue.countsByList(profile);
        return {
          running: runner.running,
          progress: runner.progress,
          lists: contacts
            .lists(profile)
            .map((list) => listStatus(list.id, rows.get(list.id), counts.get(list.id))),
        };
      },
      'sync:setList': async ({ listId, enabled }) => {
        const profile = deps.profile();
        if (!contacts.getList(profile, listId)) throw notFound('list');
        deps.db
          .transaction(() => {
            stores.lists.setEnabled(profile, listId, enabled);
            // Changes made while it did not sync were not kept for it: send the whole list.
            if (enabled) stores.queue.enqueueList(profile, listId);
          })
          .immediate();
        if (enabled) scheduler?.kick('enabled');
        return statusOf(profile, listId);
      },
      'sync:run': async () => runner.run(true),
      'sync:cancel': async () => ({ cancelled: runner.cancel(deps.profile()) }),
      'sync:serviceLists': async () =>
        serviceOnlyLists(bindAccount(deps.session, deps.account), tunables, contacts, stores.lists),
      'sync:bringList': async ({ remoteId }): Promise<BroughtListView> => {
        const bound = bindAccount(deps.session, deps.account);
        const remote = await readServiceList(bound, tunables, remoteId);
        const { profile } = bound;
        // Brought in already (a second click): that list.
        const known = stores.lists
          .all(profile)
          .find((row) => row.remoteId === remote.id && row.localName !== null);
        const listId =
          known?.listId ??
          deps.db
            .transaction(() => {
              // Refused (invalid_input) when a local list has that name now: turning sync on for it links them.
              const list = contacts.createList(profile, remote.name);
              stores.lists.setEnabled(profile, list.id, true);
              // Linked to this very list, not to another of the service's lists of the same name.
              stores.lists.link(profile, list.id, remote.id, remote.name);
              return list.id;
            })
            .immediate();
        // A full sync in the background: it pulls the list's contacts (progress as for any run).
        scheduler?.kick('enabled');
        return { list: contacts.getList(profile, listId)!, status: statusOf(profile, listId) };
      },
    },
    start: () => scheduler?.start(),
    clearProfile: (profile) => {
      runner.cancel(profile);
      deps.db
        .transaction(() => {
          stores.lists.clearProfile(profile);
          stores.queue.clearProfile(profile);
          stores.remote.clearProfile(profile);
          forgetPullsOf(deps.db, profile);
        })
        .immediate();
    },
    stop: async () => {
      scheduler?.stop();
      await runner.close();
    },
  };
}
