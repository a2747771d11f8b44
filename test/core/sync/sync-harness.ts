/**
 * A sync on real parts: a migrated SQLite file in a temp folder with the real
 * contacts repo, and the real client talking HTTP to a real sandbox. The
 * "service side" of each assertion is read back from the sandbox with a
 * second client, as another SMSGo user would see it.
 */
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { SyncProgressView, SyncRunResult } from '@shared/dto/sync';
import { createSmsGoClient, type SmsGoClient } from '@core/api/smsgo-client';
import type { ContactListItem, ListResult } from '@core/api/wire-schemas';
import { createContactsRepo, type ContactsRepo } from '@core/contacts/contacts-repo';
import { RemoteContacts } from '@core/sync/pull/remote-contacts';
import type { ServiceCall } from '@core/sync/request-gate';
import type { SyncTunables } from '@core/sync/retry-policy';
import { SyncListsStore } from '@core/sync/sync-lists-store';
import { SyncQueue } from '@core/sync/sync-queue';
import { runSync, type SyncStores } from '@core/sync/sync-run';
import { openDatabase, type Database } from '@core/db/open-database';
import { tempDir } from '../../support/temp-dir';

export const PROFILE = 'default';

/** Backoff of a millisecond: the retries happen, the test does not wait for them. */
export const FAST: Partial<SyncTunables> = { backoffBaseMs: 1, backoffMaxMs: 2 };

export interface Local {
  db: Database;
  repo: ContactsRepo;
  stores: SyncStores;
  dir: string;
  /** Moves the repo's clock (the undo window of a delete). */
  advance(ms: number): void;
  close(): void;
}

/** A data folder's database, as the app opens it; `dir` reopens the same file (a restart). */
export function openLocal(dir = tempDir()): Local {
  const db = openDatabase(join(dir, 'torpedo.db'));
  let now = new Date();
  const repo = createContactsRepo(db, { now: () => now, undoWindowMs: 1_000 });
  const close = () => {
    if (db.open) db.close();
  };
  onTestFinished(close);
  return {
    db,
    repo,
    dir,
    stores: { lists: new SyncListsStore(db), queue: new SyncQueue(db), remote: new RemoteContacts(db) },
    advance: (ms) => void (now = new Date(now.getTime() + ms)),
    close,
  };
}

export const clientFor = (baseUrl: string, accountKey: string): SmsGoClient =>
  createSmsGoClient({ baseUrl, accountKey });

/** Turns sync on for a local list, as `sync:setList` does. */
export function enable(local: Local, listId: string): void {
  local.stores.lists.setEnabled(PROFILE, listId, true);
  local.stores.queue.enqueueList(PROFILE, listId);
}

export interface Run extends SyncRunResult {
  events: SyncProgressView[];
}

/** One run to its end, as the runner starts it. */
export async function sync(
  local: Local,
  client: SmsGoClient,
  opts: { full?: boolean; tunables?: Partial<SyncTunables>; call?: ServiceCall; signal?: AbortSignal } = {},
): Promise<Run> {
  const events: SyncProgressView[] = [];
  const result = await runSync({
    db: local.db,
    repo: local.repo,
    stores: local.stores,
    profile: PROFILE,
    call: opts.call ?? ((fn) => fn(client)),
    runId: 'run',
    full: opts.full ?? true,
    signal: opts.signal ?? new AbortController().signal,
    onProgress: (view) => events.push(view),
    tunables: { ...FAST, ...opts.tunables },
  });
  return { ...result, events };
}

/** Every item of a paginated read of the service. */
export async function allPages<T>(
  read: (page: number) => Promise<{ data: T[]; meta: { lastPage: number } }>,
) {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await read(page);
    items.push(...answer.data);
    if (page >= answer.meta.lastPage) return items;
  }
}

/** The service's view: its lists, and its contacts with the names of their lists. */
export async function serviceView(client: SmsGoClient) {
  const lists: ListResult[] = await allPages((page) => client.listLists({ page, perPage: 100 }));
  const contacts: ContactListItem[] = await allPages((page) => client.listContacts({ page, perPage: 100 }));
  const byPhone = new Map(contacts.map((c) => [c.phone, c]));
  return {
    lists,
    contacts,
    listNames: lists.map((l) => l.name).sort(),
    /** `name|list,list` per phone, or undefined when the service has no such contact. */
    contact: (phone: string) => {
      const c = byPhone.get(phone);
      return c && { name: c.fullName, email: c.email, lists: c.lists.map((l) => l.name).sort() };
    },
  };
}

/** Names of a local list's members, sorted. */
export function localMembers(local: Local, listId: string): string[] {
  return local.repo
    .search({ profile: PROFILE, listId, offset: 0, limit: 200 })
    .rows.map((r) => r.name)
    .sort();
}

export const phone = (n: number) => `+55119${String(n).padStart(8, '0')}`;

/** How many contacts a local list has. */
export const localCount = (local: Local, listId: string): number =>
  local.repo.search({ profile: PROFILE, listId, offset: 0, limit: 1 }).total;

/** A list on the service with `count` contacts (Pessoa 1, Pessoa 2, ...) numbered from `from`, in that order. */
export async function remoteList(client: SmsGoClient, name: string, count: number, from = 0) {
  const list = await client.createList({ name });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(
      await client.createContact({ full_name: `Pessoa ${i + 1}`, phone: phone(from + i), lists: [list.id] }),
    );
  }
  return { list, ids };
}

type ClientMethod = {
  [K in keyof SmsGoClient]-?: SmsGoClient[K] extends (...args: never[]) => unknown ? K : never;
}[keyof SmsGoClient];

/**
 * A run's `call` that hands out `client` with one method replaced: how the
 * tests make a request fail, the app crash after one, or record them.
 */
export function replacing<K extends ClientMethod>(
  client: SmsGoClient,
  method: K,
  replace: (original: SmsGoClient[K]) => SmsGoClient[K],
): { call: ServiceCall } {
  const own = client[method] as (...args: unknown[]) => unknown;
  const original = ((...args: unknown[]) => own.apply(client, args)) as SmsGoClient[K];
  const replacement = replace(original);
  const changed = new Proxy(client, {
    get: (target, prop, receiver) => (prop === method ? replacement : Reflect.get(target, prop, receiver)),
  });
  return { call: async (fn) => fn(changed) };
}
