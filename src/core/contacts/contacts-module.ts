import type { ContactsChannel } from '../../shared/contract/contacts';
import type { CoreModule, ModuleDeps } from '../kernel/core-module';
import { contactsHandlers } from './contacts-handlers';
import { createContactsRepo, type ContactsRepo } from './contacts-repo';
import { SearchCatchUp, type IndexThread } from './search/search-catch-up';

// The domain's public surface: what the import and the sync (and a worker thread) use of it.
export { createContactsRepo };
export type { ContactsRepo, IndexThread, SearchCatchUp };
export { ImportJournal, type JournalStart } from './import-journal/import-journal';
export { notFound } from './contact-errors';
export { SyncLog } from './sync-log';
export { checkPhone, LANDLINE_MESSAGE, normalizePhone } from './phone/contact-phone';
export type { CountryCode, PhoneProblem, PhoneResult } from './phone/contact-phone';
export type { OnDuplicate, UpdatePreview, UpsertCounts, UpsertRow } from './types';
export type { ContactRecord } from './contact-rows';
export type { ForgottenContacts } from './forget-person';

export interface ContactsModule extends CoreModule<ContactsChannel> {
  /**
   * The profile's contacts, lists and opt-outs: the one writer of their
   * tables (core/db/tables.ts). The import commits through it, the sync
   * pulls and pushes through it.
   */
  repo: ContactsRepo;
  /** The search index's catch-up after a write that left contacts unindexed (a large import). */
  searchCatchUp: SearchCatchUp;
}

/**
 * Contacts, lists and the opt-out list of the signed-in profile, with the
 * undo of the last import (its journal is written with the contacts). The
 * search index is caught up after a large import in a thread of its own:
 * `startIndexThread` brings one (the import's worker, from import-module.ts).
 */
export function createContactsModule(
  deps: Pick<ModuleDeps, 'db' | 'dbFile' | 'now' | 'profile'>,
  startIndexThread: () => IndexThread,
): ContactsModule {
  const repo = createContactsRepo(deps.db, { now: deps.now });
  const searchCatchUp = new SearchCatchUp({ repo, dbFile: deps.dbFile, startWorker: startIndexThread });
  return {
    handlers: contactsHandlers(repo, deps.profile, searchCatchUp),
    repo,
    searchCatchUp,
    clearProfile: (profile) => repo.clearProfile(profile),
    // The import module has stopped the catch-up already (it runs in the imports' threads); this awaits it.
    close: () => searchCatchUp.close(),
  };
}
